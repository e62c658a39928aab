import { type DocumentItem, formatMoney } from '@agencia/shared';
import { Stack, Table, Text } from '@mantine/core';
import { TableScroll } from '../../../components/ui/table-scroll';

/** The price table of a proposal or contract, read-only, with its total (major units). */
export function PriceTable({
  items,
  currency,
  total,
}: {
  items: DocumentItem[];
  currency: DocumentItem['currency'];
  total: number;
}) {
  if (items.length === 0) return null;
  const money = (n: number) => formatMoney(n, currency);
  return (
    <Stack gap="xs">
      <TableScroll label="Tabla de precios" minWidth={460}>
        <Table striped aria-label="Tabla de precios">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Descripción</Table.Th>
              <Table.Th ta="right">Cantidad</Table.Th>
              <Table.Th ta="right">Precio</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: read-only lines without ids
              <Table.Tr key={i}>
                <Table.Td>
                  {item.description}
                  {item.milestone && (
                    <Text size="xs" c="dimmed">
                      Hito: {item.milestone}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{item.quantity.toLocaleString('es-DO')}</Table.Td>
                <Table.Td ta="right" data-amount>
                  {money(item.unitPrice)}
                </Table.Td>
                <Table.Td ta="right" data-amount>
                  {money(item.total)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <Text fw={700} size="lg" ta="right">
        Total: {money(total)}
      </Text>
    </Stack>
  );
}
