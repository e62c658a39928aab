import { Group, Paper, Stack, Table, VisuallyHidden } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { TableScroll } from './table-scroll';

/** A column of a {@link ListTable}: its header, alignment and width; `hidden` headers are for screen readers only. */
export interface ListColumn {
  label: string;
  align?: 'right';
  w?: number;
  hidden?: boolean;
}

/**
 * The table of a paged list from the `sm` breakpoint up (phones get {@link ListCards}): a named
 * scroll region, row highlight on hover, the header from `columns`, `children` the rows. `stale`
 * fades it while the next page loads over the previous one.
 */
export function ListTable({
  label,
  minWidth,
  columns,
  stale = false,
  children,
}: {
  label: string;
  minWidth: number;
  columns: ListColumn[];
  stale?: boolean;
  children: ReactNode;
}) {
  return (
    <TableScroll label={label} minWidth={minWidth} visibleFrom="sm">
      <Table highlightOnHover verticalSpacing="sm" style={stale ? { opacity: 0.6 } : undefined}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.label} ta={c.align} w={c.w}>
                {c.hidden ? <VisuallyHidden>{c.label}</VisuallyHidden> : c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** The phone layout of a paged list: its {@link ListCard}s stacked, below the `sm` breakpoint only. */
export function ListCards({ children }: { children: ReactNode }) {
  return (
    <Stack gap="sm" hiddenFrom="sm">
      {children}
    </Stack>
  );
}

/**
 * One item of a list on a phone: `children` the text lines on the left (truncated, never pushing
 * the aside off screen), `aside` the amount or actions on the right. With `onClick` the card is
 * clickable (pointer) and named `label` for screen readers as a group.
 */
export function ListCard({
  label,
  aside,
  onClick,
  children,
}: {
  label?: string;
  aside: ReactNode;
  onClick?: (ev: MouseEvent) => void;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      onClick={onClick}
      style={onClick ? { cursor: 'pointer' } : undefined}
      role={label ? 'group' : undefined}
      aria-label={label}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          {children}
        </Stack>
        {aside}
      </Group>
    </Paper>
  );
}
