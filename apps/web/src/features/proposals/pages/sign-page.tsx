import { DOCUMENT_KIND_LABELS, type PublicSignableDocument } from '@agencia/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Container,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { MarkdownText } from '../../../components/ui/markdown-text';
import { getErrorMessage, getErrorStatus } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
import {
  type PublicSignResult,
  useDeclineDocument,
  usePublicSignableDocument,
  useRequestSignOtp,
  useSignDocument,
} from '../api/public-sign-api';
import { PriceTable } from '../components/price-table';
import { PublicHeader } from '../components/public-header';
import { RecipientSignPanel } from '../components/recipient-sign-panel';
import { SignOutcome } from '../components/sign-outcome';

const docName = (doc: PublicSignableDocument) =>
  `${DOCUMENT_KIND_LABELS[doc.kind]} ${doc.number}${doc.version > 1 ? ` (versión ${doc.version})` : ''}`;

/** `text` ending in one period ("… 12:05 p. m." keeps its own). */
const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

function DocumentToSign({ token, doc }: { token: string; doc: PublicSignableDocument }) {
  useDateDisplay();
  const otp = useRequestSignOtp(token);
  const sign = useSignDocument(token);
  const decline = useDeclineDocument(token);
  const [result, setResult] = useState<PublicSignResult | null>(null);
  const done = doc.signed || result !== null || doc.status === 'declined';
  const closed = doc.status === 'expired';

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {doc.title}
          </Title>
          <Group gap="xs">
            <Text size="sm">{docName(doc)}</Text>
            <Badge variant="light">{doc.statusLabel}</Badge>
          </Group>
        </Stack>
        <Button
          component="a"
          href={doc.pdfUrl}
          target="_blank"
          rel="noopener"
          variant="default"
          leftSection={<IconFileText size={16} />}
        >
          Ver PDF
        </Button>
      </Group>
      {done && (
        <SignOutcome
          kind={doc.kind}
          number={doc.number}
          declined={doc.status === 'declined'}
          awaitingCountersign={doc.status === 'signed'}
          signedAt={result?.signedAt ?? doc.signedAt}
          declinedAt={doc.declinedAt}
          documentSha256={result?.documentSha256 ?? doc.documentSha256}
          download={
            <Button component="a" href={doc.pdfUrl} download leftSection={<IconDownload size={16} />}>
              Descargar PDF firmado
            </Button>
          }
        />
      )}
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Para: {doc.recipientName}
          </Text>
          <MarkdownText source={doc.mergedContent} empty="Este documento no tiene texto." />
          <PriceTable items={doc.items} currency={doc.currency} total={doc.total} />
        </Stack>
      </Paper>
      {closed && (
        <Alert color="orange" icon={<IconAlertTriangle />}>
          Este enlace venció. Pide a la agencia un enlace nuevo.
        </Alert>
      )}
      {!done && !closed && (
        <RecipientSignPanel
          emailTo={doc.emailMasked}
          consentText={doc.consentText}
          documentSha256={doc.documentSha256}
          initialName={doc.recipientName}
          requestOtp={() => otp.mutateAsync()}
          sign={async (body) => setResult(await sign.mutateAsync(body))}
          decline={(body) => decline.mutateAsync(body)}
          declinePending={decline.isPending}
        />
      )}
      <Divider />
      <Text size="xs" c="dimmed">
        {sentence(`El enlace vence el ${formatDateTime(doc.expiresAt)}`)}
      </Text>
    </Stack>
  );
}

/**
 * `/firmar/{token}` (decision 173): the recipient reads a proposal or contract without signing in,
 * and accepts and signs it (name, cédula/RNC, optional drawn signature, consent, e-mailed code) or
 * declines it with a reason. Not indexed. Unknown link → "El enlace no es válido"; expired or
 * revoked → "venció".
 */
export function SignPage() {
  const { token = '' } = useParams();
  const query = usePublicSignableDocument(token);
  const status = getErrorStatus(query.error);
  return (
    <>
      <PublicHeader>
        <Anchor component={Link} to="/verificar" size="sm" underline="always">
          Verificar un documento
        </Anchor>
      </PublicHeader>
      <main>
        <title>Firmar documento</title>
        <meta name="robots" content="noindex, nofollow" />
        <Container size={860} py={{ base: 'md', sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
          {query.isLoading ? (
            <Center py="xl">
              <Loader aria-label="Cargando el documento" />
            </Center>
          ) : query.isError ? (
            <Alert color={status === 410 ? 'orange' : 'red'} icon={<IconAlertTriangle />}>
              <Title order={1} size="h4" mb={4}>
                {status === 410 ? 'Este enlace venció o fue revocado' : 'Enlace no disponible'}
              </Title>
              {status === 410
                ? 'Pide a la agencia un enlace nuevo.'
                : status === 404 || status === 400
                  ? 'El enlace no es válido. Verifica que lo copiaste completo.'
                  : getErrorMessage(
                      query.error,
                      'No se pudo cargar el documento. Inténtalo de nuevo en unos minutos.',
                    )}
            </Alert>
          ) : query.data ? (
            <DocumentToSign token={token} doc={query.data} />
          ) : null}
        </Container>
      </main>
    </>
  );
}
