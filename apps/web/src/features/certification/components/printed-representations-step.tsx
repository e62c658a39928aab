import type { PrintedRepresentation } from '@agencia/shared';
import { Alert, Button, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import { TableScroll } from '../../../components/ui/table-scroll';
import { getErrorMessage } from '../../../lib/api-client';
import { formatBytes } from '../../../lib/format';
import { downloadErrorMessage } from '../api/download';
import {
  downloadPrintedRepresentationsZip,
  usePrintedRepresentations,
} from '../api/get-printed-representations';

/** The DGII's requirements of a printed representation, in the order the table shows them. */
const CHECKS: Array<{ key: keyof PrintedRepresentation['checks']; label: string }> = [
  { key: 'underTenMegabytes', label: 'Menos de 10 MB' },
  { key: 'qrCode', label: 'Código QR' },
  { key: 'securityCode', label: 'Código de seguridad' },
  { key: 'signatureDateTime', label: 'Fecha y hora de la firma' },
  { key: 'legend', label: 'Leyenda' },
];

/** A requirement met or not: icon and word, never colour alone. */
function Check({ met }: { met: boolean }) {
  return (
    <Group gap={4} wrap="nowrap">
      {met ? (
        <IconCircleCheck size={16} color="var(--mantine-color-green-light-color)" aria-hidden />
      ) : (
        <IconCircleX size={16} color="var(--mantine-color-red-light-color)" aria-hidden />
      )}
      <Text size="sm" span>
        {met ? 'Cumple' : 'No cumple'}
      </Text>
    </Group>
  );
}

/**
 * Step 5: the PDFs of the simulated documents with the requirements each one meets, and
 * "Descargar ZIP" with all of them for the DGII's portal. Asked only while the step is open.
 */
export function PrintedRepresentationsStep() {
  const documents = usePrintedRepresentations(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadPrintedRepresentationsZip();
    } catch (e) {
      setError(await downloadErrorMessage(e, 'No se pudo descargar el ZIP'));
    } finally {
      setBusy(false);
    }
  };

  if (documents.isLoading) {
    return (
      <Center py="md" role="status" aria-live="polite">
        <Loader size="sm" aria-label="Cargando las representaciones impresas" />
      </Center>
    );
  }
  if (documents.isError) {
    return (
      <Alert color="red" role="alert">
        {getErrorMessage(documents.error, 'No se pudieron cargar las representaciones impresas')}
      </Alert>
    );
  }
  const list = documents.data ?? [];
  return (
    <Stack gap="sm">
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aún no hay comprobantes de la simulación con representación impresa.
        </Text>
      ) : (
        <>
          <TableScroll label="Representaciones impresas" minWidth={980}>
            <Table verticalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>e-NCF</Table.Th>
                  <Table.Th>Tipo</Table.Th>
                  <Table.Th>Archivo</Table.Th>
                  {CHECKS.map((c) => (
                    <Table.Th key={c.key}>{c.label}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((d) => (
                  <Table.Tr key={d.encf}>
                    <Table.Td ff="monospace">{d.encf}</Table.Td>
                    <Table.Td>{d.documentType}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {d.fileName} ({formatBytes(d.sizeBytes)})
                    </Table.Td>
                    {CHECKS.map((c) => (
                      <Table.Td key={c.key}>
                        <Check met={d.checks[c.key]} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button leftSection={<IconFileZip size={16} />} variant="light" loading={busy} onClick={download}>
              Descargar ZIP
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
