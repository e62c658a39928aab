import { Alert, Stack, Table, Text } from '@mantine/core';
import { TableScroll } from '../../../components/ui/table-scroll';
import { getErrorMessage } from '../../../lib/api-client';
import { formatNumericDateTime } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
import { useCertification } from '../api/get-certification';
import { approvalStateLabel } from './labels';

/** While a reception step is open, what the DGII sends shows up within this time. */
export const RECEIVED_POLL_MS = 5_000;

/**
 * Steps 8–11: the e-CF (`ecf`) or commercial approvals (`approvals`) the DGII sent to the portal's
 * reception URLs lately. Mounted only while its step is open, and asks every 5 s meanwhile.
 */
export function ReceivedStep({ what }: { what: 'ecf' | 'approvals' }) {
  useDateDisplay();
  const overview = useCertification(RECEIVED_POLL_MS);
  const received = overview.data?.received;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Se actualiza cada 5 segundos mientras este paso está abierto.
      </Text>
      {overview.isRefetchError && (
        <Alert color="red" role="alert">
          {getErrorMessage(overview.error, 'No se pudo actualizar la lista')}
        </Alert>
      )}
      {what === 'ecf' ? (
        !received || received.ecf.length === 0 ? (
          <Text size="sm">Aún no se ha recibido ningún e-CF.</Text>
        ) : (
          <TableScroll label="e-CF recibidos" minWidth={480}>
            <Table verticalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>e-NCF</Table.Th>
                  <Table.Th>RNC del emisor</Table.Th>
                  <Table.Th>Recibido</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {received.ecf.map((r) => (
                  <Table.Tr key={`${r.issuerRnc}-${r.encf}`}>
                    <Table.Td ff="monospace">{r.encf}</Table.Td>
                    <Table.Td ff="monospace">{r.issuerRnc}</Table.Td>
                    <Table.Td>{formatNumericDateTime(r.receivedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )
      ) : !received || received.approvals.length === 0 ? (
        <Text size="sm">Aún no se ha recibido ninguna aprobación comercial.</Text>
      ) : (
        <TableScroll label="Aprobaciones comerciales recibidas" minWidth={560}>
          <Table verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>e-NCF</Table.Th>
                <Table.Th>RNC del comprador</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th>Recibida</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {received.approvals.map((r) => (
                <Table.Tr key={`${r.buyerRnc}-${r.encf}-${r.receivedAt}`}>
                  <Table.Td ff="monospace">{r.encf}</Table.Td>
                  <Table.Td ff="monospace">{r.buyerRnc}</Table.Td>
                  <Table.Td>{approvalStateLabel(r.state)}</Table.Td>
                  <Table.Td>{formatNumericDateTime(r.receivedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Stack>
  );
}
