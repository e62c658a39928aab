import { formatMoney, type RecurringInvoice } from '@agencia/shared';
import { Text } from '@mantine/core';

/**
 * A retainer's amount per invoice in a list (issue 32 point 6): the total the client pays, with the
 * ITBIS it includes said beside it, so RD$17,700.00 for a RD$15,000 line explains itself. Never
 * wrapped inside a figure.
 */
export function RetainerAmount({
  retainer,
}: {
  retainer: Pick<RecurringInvoice, 'total' | 'taxAmount' | 'currency'>;
}) {
  return (
    <>
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(retainer.total, retainer.currency)}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {retainer.taxAmount > 0
          ? `ITBIS incluido: ${formatMoney(retainer.taxAmount, retainer.currency)}`
          : 'Sin ITBIS'}
      </Text>
    </>
  );
}
