import { QUOTE_STATUS_COLORS, QUOTE_STATUS_LABELS, type QuoteStatus } from '@agencia/shared';
import { Badge } from '@mantine/core';

/** A quote's status as a badge with its Spanish label and colour (decision 114). */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <Badge color={QUOTE_STATUS_COLORS[status]} variant="light">
      {QUOTE_STATUS_LABELS[status]}
    </Badge>
  );
}
