import { INVOICE_STATUS_COLORS, INVOICE_STATUS_LABELS, type InvoiceStatus } from '@agencia/shared';
import { Badge } from '@mantine/core';

/** Status badge with the spec's Spanish label and colour (doc 2 §4). */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge color={INVOICE_STATUS_COLORS[status]} variant="light">
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}
