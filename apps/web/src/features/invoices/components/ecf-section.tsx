import { BUSINESS_TIME_ZONE, type EcfStatus, type EcfSubmission, type Invoice } from '@agencia/shared';
import { Alert, Button, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { downloadErrorMessage, invoiceKeys } from '../../billing-shared/api/documents';
import { formatDateTime } from '../../billing-shared/components/format';
import { downloadInvoiceEcfXml, useEcfSubmission, useRetryEcf } from '../api/ecf';
import { EcfStatusBadge } from './ecf-status-badge';

/** What each status means for the reader, in one sentence. */
const STATUS_HINTS: Record<EcfStatus, string> = {
  pending: 'Firmado y guardado: el portal lo enviará a la DGII.',
  sent: 'La DGII lo recibió; el portal consulta su resultado.',
  accepted: 'La DGII aceptó el comprobante.',
  conditionally_accepted: 'La DGII aceptó el comprobante con observaciones: revisa sus mensajes.',
  rejected:
    'La DGII rechazó el comprobante: no tiene validez fiscal. Revisa sus mensajes y emite un nuevo comprobante que lo sustituya.',
};

/** A DGII time (signature, reception, answer) in the agency's time, as the DGII counts it. */
const dgiiTime = (value: string | null) => (value ? formatDateTime(value, BUSINESS_TIME_ZONE) : '—');

/** The label/value facts of the e-CF. */
function Facts({ submission }: { submission: EcfSubmission }) {
  const facts: Array<[string, string, boolean?]> = [
    ['e-NCF', submission.encf],
    ['TrackId', submission.trackId ?? 'Sin asignar', true],
    ['Código de seguridad', submission.securityCode, true],
    ['Fecha de firma', dgiiTime(submission.signedAt)],
    ['Recibido por la DGII', dgiiTime(submission.submittedAt)],
    ['Respuesta de la DGII', dgiiTime(submission.decidedAt)],
  ];
  return (
    <Grid>
      {facts.map(([label, value, mono]) => (
        <Grid.Col key={label} span={{ base: 12, xs: 6, sm: 4 }}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text size="sm" fw={500} ff={mono ? 'monospace' : undefined} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Grid.Col>
      ))}
    </Grid>
  );
}

/**
 * The invoice's e-CF with the DGII (issue 26, direct emission): its status (asked again every
 * 10 s while pending or sent), the DGII's messages, the TrackId and security code, the signed
 * XML, and — for admins, while it is pending — "Reintentar envío". Shown when the invoice has an
 * e-CF status or the API returns a submission; nothing otherwise.
 */
export function EcfSection({
  inv,
  canRetry,
  probe,
}: {
  inv: Invoice;
  /** Admins may send a pending e-CF again now. */
  canRetry: boolean;
  /** Ask `GET …/ecf` even without `ecfStatus` (an issued electronic invoice). */
  probe: boolean;
}) {
  useDateDisplay();
  const qc = useQueryClient();
  const query = useEcfSubmission(inv._id, inv.ecfStatus !== null || probe);
  const retry = useRetryEcf();
  const [downloading, setDownloading] = useState(false);
  const submission = query.data ?? null;

  // The polled status moved on: the invoice (its badge in the list, its history) follows.
  useEffect(() => {
    if (submission && inv.ecfStatus !== null && submission.status !== inv.ecfStatus)
      void qc.invalidateQueries({ queryKey: invoiceKeys.detail(inv._id) });
  }, [submission, inv.ecfStatus, inv._id, qc]);

  if (inv.ecfStatus === null && !submission) return null;

  const download = async () => {
    if (!submission) return;
    setDownloading(true);
    try {
      await downloadInvoiceEcfXml(inv._id, submission.encf);
    } catch (error) {
      toastError('Error', downloadErrorMessage(error, 'No se pudo descargar el XML'));
    } finally {
      setDownloading(false);
    }
  };
  const resend = async () => {
    try {
      const next = await retry.mutateAsync(inv._id);
      toastSuccess('Reintento en curso', `El portal enviará el e-CF ${next.encf} a la DGII ahora.`);
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo reintentar el envío'));
    }
  };

  const status = submission?.status ?? inv.ecfStatus;
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="ecf-section-title">
      <Group justify="space-between" align="flex-start" gap="sm" mb="xs">
        <Group gap="sm" wrap="wrap">
          <Title order={2} size="h4" id="ecf-section-title">
            e-CF ante la DGII
          </Title>
          {status && (
            // Announced when the polled status changes.
            <span aria-live="polite">
              <EcfStatusBadge status={status} />
            </span>
          )}
        </Group>
        {submission && (
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconDownload size={14} />}
              loading={downloading}
              onClick={download}
            >
              Descargar XML
            </Button>
            {canRetry && submission.status === 'pending' && (
              <Button
                variant="light"
                size="xs"
                leftSection={<IconRefresh size={14} />}
                loading={retry.isPending}
                onClick={resend}
              >
                Reintentar envío
              </Button>
            )}
          </Group>
        )}
      </Group>
      {status && (
        <Text size="sm" c="dimmed" mb="sm">
          {STATUS_HINTS[status]}
        </Text>
      )}
      {query.isLoading ? (
        <Skeleton h={80} aria-label="Cargando el estado del e-CF" />
      ) : query.isError ? (
        <Alert color="red" role="alert">
          {getErrorMessage(query.error, 'No se pudo consultar el estado del e-CF')}
        </Alert>
      ) : submission ? (
        <Stack gap="sm">
          <Facts submission={submission} />
          {submission.status === 'pending' && submission.lastError && (
            <Alert color="orange" title="Último intento de envío fallido">
              <Text size="sm">{submission.lastError}</Text>
              <Text size="sm">
                Intentos: {submission.attempts}
                {submission.nextAttemptAt ? ` · próximo intento: ${dgiiTime(submission.nextAttemptAt)}` : ''}
              </Text>
            </Alert>
          )}
          {submission.messages.length > 0 && (
            <div>
              <Title order={3} size="h6" mb={4}>
                Mensajes de la DGII
              </Title>
              <Stack
                component="ul"
                gap={4}
                aria-label="Mensajes de la DGII"
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
              >
                {submission.messages.map((m) => (
                  <Text
                    component="li"
                    size="sm"
                    key={`${m.code}-${m.message}`}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    <Text span ff="monospace" fw={600}>
                      {m.code}
                    </Text>{' '}
                    · {m.message}
                  </Text>
                ))}
              </Stack>
            </div>
          )}
        </Stack>
      ) : null}
    </Card>
  );
}
