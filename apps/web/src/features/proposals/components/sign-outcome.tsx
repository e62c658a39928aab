import type { DocumentKind } from '@agencia/shared';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';

/** `text` ending in one period ("… 12:05 p. m." keeps its own). */
const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

/**
 * What the recipient reads once a document is signed (now or earlier) or declined (decisions 173,
 * 174), on the public page and in the portal: when, the SHA-256 of what was signed, whether the
 * agency still countersigns, and the page's own download button.
 */
export function SignOutcome({
  kind,
  number,
  declined,
  awaitingCountersign,
  signedAt,
  declinedAt,
  documentSha256,
  download,
}: {
  kind: DocumentKind;
  number: string;
  /** Declined (and not signed): the refusal is shown instead. */
  declined: boolean;
  /** Signed by the recipient and waiting for the agency's countersignature. */
  awaitingCountersign: boolean;
  signedAt: string | null;
  declinedAt: string | null;
  documentSha256: string | null;
  download: ReactNode;
}) {
  useDateDisplay();
  if (declined && !signedAt) {
    return (
      <Alert color="orange" icon={<IconX />} title="Documento rechazado">
        {sentence(`Rechazaste este documento${declinedAt ? ` el ${formatDateTime(declinedAt)}` : ''}`)} La
        agencia ya fue notificada.
      </Alert>
    );
  }
  return (
    <Alert color="green" icon={<IconCircleCheck />} title="¡Documento firmado!" role="status">
      <Stack gap="xs">
        <Text size="sm">
          {sentence(
            `Firmaste ${kind === 'contract' ? 'el contrato' : 'la propuesta'} ${number}${
              signedAt ? ` el ${formatDateTime(signedAt)}` : ''
            }`,
          )}{' '}
          {awaitingCountersign
            ? 'La agencia lo firmará también y recibirás una copia por correo.'
            : 'Recibirás una copia por correo.'}
        </Text>
        {documentSha256 && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Huella SHA-256 del documento firmado: {documentSha256}
          </Text>
        )}
        <Group>{download}</Group>
      </Stack>
    </Alert>
  );
}
