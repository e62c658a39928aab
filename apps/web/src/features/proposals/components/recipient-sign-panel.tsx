import type { DeclineDocumentRequest, OtpResponse, SignDocumentRequest } from '@agencia/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DeclineModal } from './decline-modal';
import { SignForm } from './sign-form';

/**
 * The recipient's answer to a proposal or contract (decisions 173, 174), the same steps on the
 * public page (`/firmar/{token}`) and in the portal: "Aceptar y firmar" opens the signing form
 * (name, cédula/RNC, optional drawn signature, consent, the e-mailed code) and "Rechazar" asks
 * for a reason. Each page passes the calls of its own routes.
 */
export function RecipientSignPanel({
  emailTo,
  consentText,
  documentSha256,
  initialName,
  requestOtp,
  sign,
  decline,
  declinePending,
}: {
  /** Where the code goes, as the page may show it ("a***@cliente.do"). */
  emailTo: string;
  consentText: string;
  documentSha256?: string;
  initialName: string;
  requestOtp: () => Promise<OtpResponse>;
  sign: (body: SignDocumentRequest) => Promise<unknown>;
  decline: (body: DeclineDocumentRequest) => Promise<unknown>;
  declinePending: boolean;
}) {
  const [signing, setSigning] = useState(false);
  const [declining, setDeclining] = useState(false);
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      {signing ? (
        <Stack gap="md">
          <Title order={2} size="h3">
            Aceptar y firmar
          </Title>
          <SignForm
            consentText={consentText}
            documentSha256={documentSha256}
            requestOtp={requestOtp}
            sign={sign}
            initialName={initialName}
          />
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            Al aceptar firmarás este documento de forma electrónica: te pediremos tu nombre, tu cédula o RNC y
            un código que enviaremos a {emailTo}.
          </Text>
          <Group>
            <Button onClick={() => setSigning(true)}>Aceptar y firmar</Button>
            <Button variant="default" color="red" onClick={() => setDeclining(true)}>
              Rechazar
            </Button>
          </Group>
        </Stack>
      )}
      <DeclineModal
        opened={declining}
        onClose={() => setDeclining(false)}
        decline={decline}
        pending={declinePending}
      />
    </Paper>
  );
}
