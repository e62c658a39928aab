import {
  CERTIFICATION_CASE_STATUS_LABELS,
  CERTIFICATION_SET_STATUS_LABELS,
  type CertificationCase,
  type CertificationTestSet,
  DGII_ECF_ENVIRONMENT_LABELS,
} from '@agencia/shared';
import { Alert, Button, Card, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconDownload, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ColorBadge } from '../../../components/ui/color-badge';
import { TableScroll } from '../../../components/ui/table-scroll';
import { getErrorMessage } from '../../../lib/api-client';
import { formatNumericDateTime } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { downloadErrorMessage } from '../api/download';
import { downloadCaseXml } from '../api/download-case-xml';
import { useLiveTestSet } from '../api/get-test-set';
import { useTestSets } from '../api/get-test-sets';
import { certificationKeys } from '../api/keys';
import { useSendTestSet } from '../api/send-test-set';
import type { WorkbookKind } from '../api/upload-test-set';
import { CountProgress } from './count-progress';
import { CASE_STATUS_COLORS, SET_STATUS_COLORS, sentCount, wasSent } from './labels';
import { WorkbookUpload } from './workbook-upload';

/** "Descargar XML" of one sent case, named after its e-NCF for screen readers. */
function CaseXmlButton({ setId, c }: { setId: string; c: CertificationCase }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadCaseXml(setId, c._id, c.encf);
    } catch (error) {
      toastError('No se pudo descargar el XML', await downloadErrorMessage(error, 'Intenta nuevamente.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconDownload size={14} />}
      loading={busy}
      onClick={download}
      aria-label={`Descargar XML de ${c.encf}`}
    >
      Descargar XML
    </Button>
  );
}

/** The cases of a set, in the DGII's sending order; scrolls sideways on a phone. */
function CasesTable({ set }: { set: CertificationTestSet }) {
  return (
    <TableScroll label={`Casos de ${set.fileName}`} minWidth={980}>
      <Table verticalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Caso</Table.Th>
            <Table.Th>Tipo</Table.Th>
            <Table.Th>e-NCF</Table.Th>
            <Table.Th>Estado</Table.Th>
            <Table.Th>TrackId</Table.Th>
            <Table.Th>Código de seguridad</Table.Th>
            <Table.Th>Mensajes DGII</Table.Th>
            <Table.Th>XML firmado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {set.cases.map((c) => (
            <Table.Tr key={c._id}>
              <Table.Td>{c.caseNumber}</Table.Td>
              <Table.Td>{c.documentType}</Table.Td>
              <Table.Td ff="monospace">{c.encf}</Table.Td>
              <Table.Td>
                <ColorBadge color={CASE_STATUS_COLORS[c.status]}>
                  {CERTIFICATION_CASE_STATUS_LABELS[c.status]}
                </ColorBadge>
              </Table.Td>
              <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {c.trackId ?? '—'}
              </Table.Td>
              <Table.Td ff="monospace">{c.securityCode ?? '—'}</Table.Td>
              <Table.Td>
                {c.dgiiMessages.length === 0
                  ? '—'
                  : c.dgiiMessages.map((m) => (
                      <Text key={`${m.code}-${m.message}`} size="xs">
                        {m.code ? `${m.code}: ` : ''}
                        {m.message}
                      </Text>
                    ))}
              </Table.Td>
              <Table.Td>{wasSent(c) ? <CaseXmlButton setId={set._id} c={c} /> : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/**
 * One imported workbook: its status, "X de N" while and after it is sent (asked every 2 s while
 * `sending`), the advice after a stop, "Enviar a la DGII" behind a confirmation, and its cases.
 */
function TestSetCard({ initial }: { initial: CertificationTestSet }) {
  useDateDisplay();
  const qc = useQueryClient();
  const live = useLiveTestSet(initial);
  const send = useSendTestSet();
  const set = initial.status === 'sending' || send.isSuccess ? (live.data ?? initial) : initial;
  const sent = sentCount(set.cases);
  const total = set.cases.length;

  // A run that ended while polling: the list and the steps' progress change with it.
  const finished = initial.status === 'sending' && live.data && live.data.status !== 'sending';
  useEffect(() => {
    if (finished) void qc.invalidateQueries({ queryKey: certificationKeys.all });
  }, [finished, qc]);

  const confirmSend = () =>
    modals.openConfirmModal({
      title: '¿Enviar el set a la DGII?',
      children: (
        <Stack gap="xs">
          <Text size="sm">
            Se enviarán los {total} casos de «{set.fileName}» a la DGII (
            {DGII_ECF_ENVIRONMENT_LABELS[set.environment]}), uno a uno y en el orden que fija la DGII.
          </Text>
          <Text size="sm">
            Cada e-NCF queda gastado una vez enviado: no se puede volver a usar, aunque la DGII lo rechace.
          </Text>
          <Text size="sm">
            El primer rechazo detiene el envío. Los casos siguientes quedan sin enviar y habrá que descargar
            un set nuevo de la DGII.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Enviar a la DGII', cancel: 'Volver' },
      onConfirm: async () => {
        try {
          await send.mutateAsync(set._id);
          toastSuccess('Envío iniciado', `${set.fileName}: ${total} casos`);
        } catch (error) {
          toastError('No se pudo iniciar el envío', getErrorMessage(error, 'Intenta nuevamente.'));
        }
      },
    });

  const titleId = `test-set-${set._id}`;
  return (
    <Card withBorder radius="md" component="section" aria-labelledby={titleId} p="sm">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0, flex: '1 1 240px' }}>
            <Title order={4} size="h6" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {set.fileName}
            </Title>
            <Text size="xs" c="dimmed">
              Importado el {formatNumericDateTime(set.createdAt)} ·{' '}
              {DGII_ECF_ENVIRONMENT_LABELS[set.environment]} · {total} casos
            </Text>
          </div>
          <ColorBadge color={SET_STATUS_COLORS[set.status]}>
            {CERTIFICATION_SET_STATUS_LABELS[set.status]}
          </ColorBadge>
        </Group>
        {set.status !== 'ready' && (
          <div aria-live="polite">
            <Text size="sm">
              {sent} de {total} casos enviados
            </Text>
            <CountProgress done={sent} total={total} label={`Envío de ${set.fileName}`} mt={4} />
          </div>
        )}
        {set.advice && (
          <Alert
            color={set.status === 'stopped' ? 'red' : 'blue'}
            icon={set.status === 'stopped' ? <IconAlertTriangle /> : <IconInfoCircle />}
            title={set.status === 'stopped' ? 'El envío se detuvo' : 'Siguiente paso'}
          >
            {set.advice}
          </Alert>
        )}
        {set.status === 'ready' && set.kind === 'ecf' && (
          <Group justify="flex-end">
            <Button leftSection={<IconSend size={16} />} onClick={confirmSend} loading={send.isPending}>
              Enviar a la DGII
            </Button>
          </Group>
        )}
        <CasesTable set={set} />
      </Stack>
    </Card>
  );
}

/**
 * Steps 2 and 3: the DGII workbook's upload and the sets imported from it (`ecf` for the e-CF
 * test set, `approval` for the commercial approvals), newest first.
 */
export function TestSetsStep({ kind }: { kind: WorkbookKind }) {
  const sets = useTestSets();
  const mine = (sets.data ?? [])
    .filter((s) => s.kind === kind)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <Stack gap="md">
      <WorkbookUpload kind={kind} />
      {sets.isLoading ? (
        <Center py="md" role="status" aria-live="polite">
          <Loader size="sm" aria-label="Cargando los sets de prueba" />
        </Center>
      ) : sets.isError ? (
        <Alert color="red" role="alert">
          {getErrorMessage(sets.error, 'No se pudieron cargar los sets de prueba')}
        </Alert>
      ) : mine.length === 0 ? (
        <Text size="sm" c="dimmed">
          {kind === 'ecf'
            ? 'Aún no has importado ningún set de pruebas.'
            : 'Aún no has importado ningún archivo de aprobaciones comerciales.'}
        </Text>
      ) : (
        mine.map((s) => <TestSetCard key={s._id} initial={s} />)
      )}
    </Stack>
  );
}
