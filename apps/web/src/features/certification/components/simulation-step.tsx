import type { CertificationOverview } from '@agencia/shared';
import { Alert, Anchor, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { TableScroll } from '../../../components/ui/table-scroll';
import { formatNumericDateTime, useMoney } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';

/**
 * Step 4: how many documents of each kind the DGII has accepted in CerteCF against what it asks
 * for, the warning that one rejection resets its counters (and when the last one happened), and
 * the E32 whose consumo summary was accepted, to upload by hand on the DGII's portal.
 */
export function SimulationStep({ simulation }: { simulation: CertificationOverview['simulation'] }) {
  useDateDisplay();
  const money = useMoney();
  return (
    <Stack gap="md">
      {simulation.environment === 'TesteCF' ? (
        <Alert color="blue" title="Ensayo en el ambiente de pruebas (TesteCF)">
          Estos contadores y las representaciones impresas usan los comprobantes emitidos en pruebas, para que
          ensayes antes de la certificación. Con DGII_ECF_ENV=CerteCF solo cuentan los emitidos en
          certificación.
        </Alert>
      ) : null}
      <Alert color="orange" icon={<IconAlertTriangle />} title="Un rechazo reinicia los contadores">
        Si la DGII rechaza un solo comprobante de la simulación, pone en cero los contadores de todos los
        tipos y hay que volver a emitirlos. Revisa cada factura antes de emitirla.
        <Text size="sm" mt={6} fw={500}>
          {simulation.lastRejectionAt
            ? `Último rechazo: ${formatNumericDateTime(simulation.lastRejectionAt)}`
            : 'Sin rechazos hasta ahora.'}
        </Text>
      </Alert>
      <TableScroll label="Contadores de la simulación" minWidth={520}>
        <Table verticalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tipo</Table.Th>
              <Table.Th ta="right">Aceptados / meta</Table.Th>
              <Table.Th ta="right">Pendientes</Table.Th>
              <Table.Th>Estado</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {simulation.counters.map((c) => (
              <Table.Tr key={c.kind}>
                <Table.Td>{c.label}</Table.Td>
                <Table.Td ta="right" data-amount>
                  {c.accepted} / {c.target}
                </Table.Td>
                <Table.Td ta="right" data-amount>
                  {c.pending}
                </Table.Td>
                <Table.Td>{c.accepted >= c.target ? 'Completo' : `Faltan ${c.target - c.accepted}`}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <div>
        <Title order={4} size="h6" mb={4}>
          E32 para subir a mano
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          De los E32 de menos de RD$250,000 la DGII recibe solo el resumen (RFCE); el XML completo se sube en
          su portal.
        </Text>
        {simulation.e32ToUpload.length === 0 ? (
          <Text size="sm">No hay E32 pendientes de subir.</Text>
        ) : (
          <List size="sm" spacing={4} aria-label="E32 para subir a mano">
            {simulation.e32ToUpload.map((e) => (
              <List.Item key={e.encf}>
                {e.invoiceId ? (
                  <Anchor component={Link} to={`/billing/${e.invoiceId}`} ff="monospace">
                    {e.encf}
                  </Anchor>
                ) : (
                  <Text span ff="monospace">
                    {e.encf}
                  </Text>
                )}{' '}
                · {money(e.total)}
              </List.Item>
            ))}
          </List>
        )}
      </div>
    </Stack>
  );
}
