import { EXPENSE_STATUS_LABELS, type Expense } from '@agencia/shared';
import { Badge, Group } from '@mantine/core';

/**
 * The purchase's badges: "Por completar" (a draft from a received e-CF) or "Registrado", "Facturable" and
 * "Facturado" (billed to the client on an invoice).
 */
export function ExpenseBadges({ expense }: { expense: Expense }) {
  return (
    <Group gap={4}>
      <Badge color={expense.status === 'draft' ? 'yellow' : 'gray'} variant="light">
        {EXPENSE_STATUS_LABELS[expense.status]}
      </Badge>
      {expense.billable && (
        <Badge color={expense.invoiceId ? 'green' : 'blue'} variant="light">
          {expense.invoiceId ? 'Facturado' : 'Facturable'}
        </Badge>
      )}
    </Group>
  );
}
