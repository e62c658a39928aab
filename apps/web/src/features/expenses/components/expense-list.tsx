import { EXPENSE_TYPE_LABELS, type Expense, formatMoney } from '@agencia/shared';
import { Group, Stack, Table, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import { ListCard, ListCards, ListTable } from '../../../components/ui/list-table';
import { formatNumericDate } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
import { ExpenseBadges } from './expense-badges';

/** Supplier, document, amount of a purchase as one line for screen readers and the delete dialog. */
export const describeExpense = (e: Expense) =>
  `${e.supplier.name} · ${e.ncf} · ${formatMoney(e.total, e.currency)}`;

const COLUMNS = [
  { label: 'Fecha' },
  { label: 'Suplidor' },
  { label: 'Comprobante' },
  { label: 'Descripción' },
  { label: 'Total', align: 'right' as const },
  { label: 'Estado' },
  { label: 'Acciones', w: 60, hidden: true },
];

/**
 * The purchases of the Gastos list (decision 140): a table from `sm` up, cards on phones. A
 * click on a row or card (not on its menu or a link) calls `onOpen`, except on a billed purchase,
 * which can no longer change; `menu` renders each purchase's actions.
 */
export function ExpenseList({
  expenses,
  stale,
  onOpen,
  menu,
}: {
  expenses: Expense[];
  /** The previous page is shown while the next loads. */
  stale: boolean;
  onOpen: (e: Expense) => void;
  menu: (e: Expense) => ReactNode;
}) {
  useDateDisplay();
  const open = (ev: MouseEvent, e: Expense) => {
    if ((ev.target as HTMLElement).closest('a, button, [role="menu"]')) return;
    if (!e.invoiceId) onOpen(e);
  };
  return (
    <>
      <ListTable label="Gastos" minWidth={900} columns={COLUMNS} stale={stale}>
        {expenses.map((e) => (
          <Table.Tr
            key={e._id}
            onClick={(ev) => open(ev, e)}
            style={{ cursor: e.invoiceId ? undefined : 'pointer' }}
            aria-label={`Gasto ${describeExpense(e)}`}
          >
            <Table.Td>
              <Text size="sm">{formatNumericDate(e.issueDate)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" fw={500}>
                {e.supplier.name}
              </Text>
              {e.supplier.taxId && (
                <Text size="xs" c="dimmed">
                  {e.supplier.taxId}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {e.ncf}
              </Text>
              <Text size="xs" c="dimmed">
                {e.expenseType
                  ? `${e.expenseType} · ${EXPENSE_TYPE_LABELS[e.expenseType]}`
                  : 'Tipo por indicar'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                {e.receipt && <IconPaperclip size={14} aria-label="Con comprobante adjunto" />}
                <Text size="sm" lineClamp={2}>
                  {e.description}
                </Text>
              </Group>
              {e.project && (
                <Text size="xs" c="dimmed">
                  {e.project.name}
                </Text>
              )}
            </Table.Td>
            <Table.Td ta="right" data-amount>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(e.total, e.currency)}
              </Text>
              {e.currency !== 'DOP' && (
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(e.dop.total, 'DOP')}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <ExpenseBadges expense={e} />
            </Table.Td>
            <Table.Td>{menu(e)}</Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      <ListCards>
        {expenses.map((e) => (
          <ListCard
            key={e._id}
            label={`Gasto ${describeExpense(e)} (móvil)`}
            onClick={e.invoiceId ? undefined : (ev) => open(ev, e)}
            aside={
              <Stack gap={4} align="flex-end">
                {menu(e)}
                <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(e.total, e.currency)}
                </Text>
              </Stack>
            }
          >
            <Text size="sm" fw={600} truncate>
              {e.supplier.name}
            </Text>
            <Text size="sm" lineClamp={2}>
              {e.description}
            </Text>
            <Text size="xs" c="dimmed">
              {formatNumericDate(e.issueDate)} · {e.ncf}
            </Text>
            <ExpenseBadges expense={e} />
          </ListCard>
        ))}
      </ListCards>
    </>
  );
}
