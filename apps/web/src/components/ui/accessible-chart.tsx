import { Box, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { TableScroll } from './table-scroll';

/** One row of a chart's data table: a label, then one value per column (already formatted). */
export interface ChartRow {
  label: string;
  values: string[];
}

/**
 * A chart that screen-reader and keyboard users can read (WCAG 1.1.1, decision 108): the drawing
 * is one `role="img"` named by `summary` (its shapes are hidden from assistive technology), and a
 * native "Ver datos en tabla" disclosure shows the same numbers as a table.
 *
 * @param summary one sentence with the chart's gist ("3 proyectos activos; el más avanzado …").
 * @param columns header of the table: the label column first, then one per value.
 */
export function AccessibleChart({
  summary,
  columns,
  rows,
  children,
}: {
  summary: string;
  columns: string[];
  rows: ChartRow[];
  children: ReactNode;
}) {
  return (
    <Box>
      <div role="img" aria-label={summary}>
        {/* `inert` as well: the chart library makes its SVG focusable, and focusable content must
            not sit inside aria-hidden (axe aria-hidden-focus); the table below is the data. */}
        <div aria-hidden inert>
          {children}
        </div>
      </div>
      <Box component="details" mt="xs">
        <Text component="summary" size="sm" c="dimmed" style={{ cursor: 'pointer' }}>
          Ver datos en tabla
        </Text>
        <TableScroll label={`Datos: ${columns.join(', ')}`} minWidth={280} mt="xs">
          <Table striped withTableBorder verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column} scope="col">
                    {column}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat (truncated titles); rows never reorder.
                <Table.Tr key={`${index}-${row.label}`}>
                  <Table.Th scope="row" fw={400}>
                    {row.label}
                  </Table.Th>
                  {row.values.map((value, column) => (
                    <Table.Td key={columns[column + 1] ?? column}>{value}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Box>
    </Box>
  );
}
