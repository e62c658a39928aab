import type { Invoice } from '@agencia/shared';
import { documentDopTotals, exchangeRateLine, fromCents, toCents } from '@agencia/shared';
import { Card, Divider, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { TableScroll } from '../../../components/ui/table-scroll';
import { formatMoney } from '../../billing-shared/components/format';
import { creditedCentsOf } from './invoice-rules';

/* Sections of the invoice detail page (/billing/{id}): the line items with the totals, the
   payments and the credit and debit notes, each a card taking the loaded invoice. */

/** One label/value row of a detail card. */
export function Row({ label, children }: { label: string; children: ReactNode }) {
  // Wraps: with text at 200 % a long value moves under its label instead of being cut by the
  // card (WCAG 1.4.4, decision 112); `ml="auto"` keeps it on the right either way.
  return (
    <Group justify="space-between" wrap="wrap" gap="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right" component="div" ml="auto" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** Date (YYYY-MM-DD) of the most recent payment; payments are listed in any order. */
export function lastPaymentDate(payments: ReadonlyArray<{ paidDate: string }>): string | null {
  return payments.reduce<string | null>(
    (latest, p) => (latest && latest >= p.paidDate ? latest : p.paidDate),
    null,
  );
}

/** What the credit notes of `inv` took (all of them, centavos) and what went back to the client. */
function creditTotals(inv: Invoice) {
  // All the notes (amountCredited is only what they took off the balance) and what goes back to the client.
  return {
    notesCents: creditedCentsOf(inv),
    refundCents: inv.creditNotes.reduce((a, n) => a + toCents(n.refundAmount), 0),
  };
}

/**
 * The 'Ítems' card: lines, then subtotal, discount, ITBIS, total, debit notes (+), payments, credit
 * notes and balance.
 */
export function InvoiceItemsCard({ inv }: { inv: Invoice }) {
  const { notesCents, refundCents } = creditTotals(inv);
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        Ítems
      </Title>
      <Stack gap={0} hiddenFrom="sm" aria-label="Ítems de la factura">
        {inv.items.map((item, i) => (
          <Stack
            key={item._id}
            gap={2}
            py="xs"
            style={i > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
              <Text size="sm" fw={500} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {item.description}
              </Text>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(item.total, inv.currency)}
              </Text>
            </Group>
            {item.details && (
              <Text size="xs" c="dimmed">
                {item.details}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {item.quantity} × {formatMoney(item.unitPrice, inv.currency)}
              {item.taxExempt ? ' · exento de ITBIS' : ''}
            </Text>
          </Stack>
        ))}
      </Stack>
      <TableScroll label="Conceptos de la factura" minWidth={520} visibleFrom="sm">
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Descripción</Table.Th>
              <Table.Th ta="right">Cantidad</Table.Th>
              <Table.Th ta="right">Precio unitario</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {inv.items.map((item) => (
              <Table.Tr key={item._id}>
                <Table.Td>
                  <Text size="sm">
                    {item.description}
                    {item.taxExempt && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        (exento de ITBIS)
                      </Text>
                    )}
                  </Text>
                  {item.details && (
                    <Text size="xs" c="dimmed">
                      {item.details}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{item.quantity}</Table.Td>
                <Table.Td ta="right" data-amount>
                  {formatMoney(item.unitPrice, inv.currency)}
                </Table.Td>
                <Table.Td ta="right" data-amount>
                  {formatMoney(item.total, inv.currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <Stack gap={6} mt="md" ml="auto" maw={320} w="100%">
        <Row label="Subtotal">{formatMoney(inv.subtotal, inv.currency)}</Row>
        {inv.discountAmount > 0 && (
          <Row label="Descuento">− {formatMoney(inv.discountAmount, inv.currency)}</Row>
        )}
        {inv.exemptSubtotal > 0 && (
          <Row label="Subtotal exento">{formatMoney(inv.exemptSubtotal, inv.currency)}</Row>
        )}
        <Row label="Base imponible ITBIS">{formatMoney(inv.taxableBase, inv.currency)}</Row>
        <Row label={`ITBIS (${inv.taxRate}\u00a0%)`}>{formatMoney(inv.taxAmount, inv.currency)}</Row>
        <Divider />
        <Group justify="space-between">
          <Text fw={700}>Total</Text>
          <Text fw={700}>{formatMoney(inv.total, inv.currency)}</Text>
        </Group>
        {inv.amountDebited > 0 && (
          <Row label="Notas de débito">+ {formatMoney(inv.amountDebited, inv.currency)}</Row>
        )}
        <DopEquivalent inv={inv} />
        {inv.amountPaid > 0 && <Row label="Pagado">{formatMoney(inv.amountPaid, inv.currency)}</Row>}
        {inv.amountWithheld > 0 && (
          <Row label="Retenciones (ITBIS e ISR)">{formatMoney(inv.amountWithheld, inv.currency)}</Row>
        )}
        {notesCents > 0 && (
          <Row label="Notas de crédito">− {formatMoney(fromCents(notesCents), inv.currency)}</Row>
        )}
        {refundCents > 0 && (
          <Row label="Reembolso al cliente">{formatMoney(fromCents(refundCents), inv.currency)}</Row>
        )}
        {inv.amountPaid + inv.amountWithheld + notesCents + inv.amountDebited > 0 && (
          <Group justify="space-between">
            <Text fw={700}>Saldo pendiente</Text>
            <Text fw={700}>{formatMoney(inv.balance, inv.currency)}</Text>
          </Group>
        )}
      </Stack>
      {inv.notes && (
        <>
          <Divider my="md" />
          <Text size="sm" fw={600}>
            Notas
          </Text>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {inv.notes}
          </Text>
        </>
      )}
    </Card>
  );
}

/**
 * A foreign-currency invoice's figures in pesos (decision 137): what the DGII receives (607, e-CF)
 * at the rate frozen when it was issued, and the rate line "Tasa: RD$58.95 por US$1 (27/11/2026)".
 * A draft in USD/EUR says the rate is taken when it is issued. Nothing for a DOP invoice.
 */
export function DopEquivalent({ inv }: { inv: Invoice }) {
  if (inv.currency === 'DOP') return null;
  const dop = documentDopTotals(inv);
  if (!dop || inv.exchangeRate === null || !inv.exchangeRateDate)
    return (
      <Text size="xs" c="dimmed">
        Al emitirla se fija la tasa de cambio del día y sus montos se reportan a la DGII en pesos.
      </Text>
    );
  return (
    <Paper withBorder radius="sm" p="xs" role="group" aria-label="Equivalente en pesos dominicanos">
      <Stack gap={4}>
        <Text size="xs" fw={600}>
          Equivalente en pesos (DGII)
        </Text>
        <Row label="Monto facturado">{formatMoney(dop.taxableBase + dop.exemptSubtotal, 'DOP')}</Row>
        <Row label="ITBIS">{formatMoney(dop.taxAmount, 'DOP')}</Row>
        <Group justify="space-between">
          <Text size="sm" fw={700}>
            Total en RD$
          </Text>
          <Text size="sm" fw={700}>
            {formatMoney(dop.total, 'DOP')}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {exchangeRateLine(inv.currency, inv.exchangeRate, inv.exchangeRateDate)}
        </Text>
      </Stack>
    </Paper>
  );
}
