import { ECF_STATUS_LABELS, type EcfStatus, EXPENSE_STATUS_LABELS, type Expense } from '@agencia/shared';
import { Badge, Group } from '@mantine/core';
import { ColorBadge } from '../../../components/ui/color-badge';

/** The e-CF status palette of the billing screens (waiting yellow … rejected red, decision 108). */
const ECF_STATUS_COLORS: Record<EcfStatus, string> = {
  pending: 'yellow',
  sent: 'blue',
  accepted: 'green',
  conditionally_accepted: 'teal',
  rejected: 'red',
};

/**
 * The purchase's badges: "Por completar" (a draft from a received e-CF) or "Registrado", "Facturable" and
 * "Facturado" (billed to the client on an invoice); for an E41/E43/E47 the agency sent to the DGII
 * itself (direct mode), its DGII status ("e-CF · Aceptado").
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
      {expense.ecfStatus && (
        <ColorBadge color={ECF_STATUS_COLORS[expense.ecfStatus]} style={{ textTransform: 'none' }}>
          {`e-CF · ${ECF_STATUS_LABELS[expense.ecfStatus]}`}
        </ColorBadge>
      )}
    </Group>
  );
}
