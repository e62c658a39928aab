import type { SummaryFigure } from '@agencia/shared';
import { Accordion, Group, Table, Text } from '@mantine/core';
import { TableScroll } from '../../../components/ui/table-scroll';
import { formatNumericDate, useMoney } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';

/** One figure of a declaration: its label and amount; opening it lists the documents behind it. */
export interface FigureRow {
  key: string;
  label: string;
  hint?: string;
  figure: SummaryFigure;
}

/**
 * The figures of a declaration (IT-1 or IR-17) as an accordion (decision 141): each control shows
 * the label and the amount in RD$, each panel the 606/607 lines that add up to it (NCF, party,
 * date, amount), so every figure can be checked against its documents.
 */
export function SummaryFigures({ rows, name }: { rows: FigureRow[]; name: string }) {
  useDateDisplay();
  const money = useMoney();
  return (
    <Accordion multiple variant="separated" chevronPosition="left">
      {rows.map((r) => (
        <Accordion.Item key={r.key} value={r.key}>
          <Accordion.Control>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <div>
                <Text size="sm" fw={500}>
                  {r.label}
                </Text>
                {r.hint && (
                  <Text size="xs" c="dimmed">
                    {r.hint}
                  </Text>
                )}
              </div>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {money(r.figure.amount)}
              </Text>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            {r.figure.lines.length === 0 ? (
              <Text size="sm" c="dimmed">
                Ningún documento en este mes.
              </Text>
            ) : (
              <TableScroll label={`${name}: ${r.label}`} minWidth={480}>
                <Table striped fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Formato</Table.Th>
                      <Table.Th>NCF</Table.Th>
                      <Table.Th>Cliente / proveedor</Table.Th>
                      <Table.Th>Fecha</Table.Th>
                      <Table.Th ta="right">Monto</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {r.figure.lines.map((l) => (
                      <Table.Tr key={`${l.source}|${l.ncf}|${l.date}|${l.amount}`}>
                        <Table.Td>{l.source}</Table.Td>
                        <Table.Td style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>
                          {l.ncf}
                        </Table.Td>
                        <Table.Td>{l.party}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatNumericDate(l.date)}</Table.Td>
                        <Table.Td
                          ta="right"
                          style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                        >
                          {money(l.amount)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScroll>
            )}
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
