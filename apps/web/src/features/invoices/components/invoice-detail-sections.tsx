import type { Invoice } from '@agencia/shared';
import {
  CREDIT_NOTE_MODIFICATION_LABELS,
  type CreditNote,
  type CreditNoteModificationCode,
  DEBIT_NOTE_MODIFICATION_CODE,
  type DebitNote,
  documentDopTotals,
  exchangeRateLine,
  fromCents,
  PAYMENT_METHOD_LABELS,
  toCents,
} from '@agencia/shared';
import {
  Button,
  Card,
  Divider,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconDownload, IconFileCode } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { TableScroll } from '../../../components/ui/table-scroll';
import { getErrorMessage } from '../../../lib/api-client';
import { toastError } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { downloadErrorMessage } from '../../billing-shared/api/documents';
import { formatDate, formatMoney } from '../../billing-shared/components/format';
import { downloadCreditNoteEcfXml, downloadDebitNoteEcfXml } from '../api/ecf';
import { downloadCreditNotePdf, downloadDebitNotePdf } from '../api/invoices';
import { downloadReceiptPdf } from '../api/payments';
import { creditedCentsOf } from './invoice-rules';

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

/** `3 · Corrige montos del NCF modificado` (DGII CodigoModificacion). */

/* Sections of the invoice detail page (/billing/{id}): the line items with the totals, the
   payments and the credit and debit notes, each a card taking the loaded invoice. */

/** `3 · Corrige montos del NCF modificado` (DGII CodigoModificacion). */
const modificationLabel = (code: number) =>
  `${code} · ${CREDIT_NOTE_MODIFICATION_LABELS[code as CreditNoteModificationCode] ?? ''}`;

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

/** Downloads a payment's "Recibo de pago" PDF (decision 147), labelled with its number. */
function ReceiptButton({ inv, payment }: { inv: Invoice; payment: Invoice['payments'][number] }) {
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      px={4}
      leftSection={<IconDownload size={14} />}
      aria-label={`Descargar recibo ${payment.receiptNumber}`}
      onClick={() =>
        downloadReceiptPdf(inv._id, payment).catch((err) =>
          toastError('Error', getErrorMessage(err, 'No se pudo descargar el recibo')),
        )
      }
    >
      {payment.receiptNumber}
    </Button>
  );
}

/**
 * The 'Pagos' card (shown when the invoice has payments): stacked on phones, a table from sm up;
 * each payment links its receipt.
 */
export function InvoicePaymentsCard({ inv }: { inv: Invoice }) {
  useDateDisplay();
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        Pagos
      </Title>
      {/* Phones: one stacked block per payment, nothing off screen (issue 18). */}
      <Stack gap={0} hiddenFrom="sm" aria-label="Pagos registrados">
        {inv.payments.map((p, i) => (
          <Stack
            key={p._id}
            gap={2}
            py="xs"
            style={i > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm">{formatDate(p.paidDate)}</Text>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(p.amount, inv.currency)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {PAYMENT_METHOD_LABELS[p.paymentMethod]}
              {p.reference ? ` · Ref. ${p.reference}` : ''}
            </Text>
            {p.itbisWithheld + p.isrWithheld > 0 && (
              <Text size="xs" c="dimmed">
                Retenciones: ITBIS {formatMoney(p.itbisWithheld, inv.currency)} · ISR{' '}
                {formatMoney(p.isrWithheld, inv.currency)}
              </Text>
            )}
            <ReceiptButton inv={inv} payment={p} />
          </Stack>
        ))}
      </Stack>
      <TableScroll label="Pagos registrados" minWidth={600} visibleFrom="sm">
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Método</Table.Th>
              <Table.Th>Referencia</Table.Th>
              <Table.Th ta="right">Retenciones</Table.Th>
              <Table.Th ta="right">Monto</Table.Th>
              <Table.Th>Recibo</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {inv.payments.map((p) => (
              <Table.Tr key={p._id}>
                <Table.Td>{formatDate(p.paidDate)}</Table.Td>
                <Table.Td>{PAYMENT_METHOD_LABELS[p.paymentMethod]}</Table.Td>
                <Table.Td>{p.reference ?? '—'}</Table.Td>
                <Table.Td ta="right">
                  {p.itbisWithheld + p.isrWithheld > 0
                    ? `ITBIS ${formatMoney(p.itbisWithheld, inv.currency)} · ISR ${formatMoney(p.isrWithheld, inv.currency)}`
                    : '—'}
                </Table.Td>
                <Table.Td ta="right" data-amount>
                  {formatMoney(p.amount, inv.currency)}
                </Table.Td>
                <Table.Td>
                  <ReceiptButton inv={inv} payment={p} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Card>
  );
}

/** A note as the notes cards list it (credit and debit notes alike). */
interface ListedNote {
  _id: string;
  ncf: string;
  documentType: string;
  issueDate: string;
  reason: string;
  total: number;
  ecfStatus: string | null;
}

/**
 * A card listing notes of an invoice (`title`: "Notas de crédito" / "Notas de débito"), each with
 * its date, DGII modification code (`code`), reason, total and PDF download; `refund` adds the
 * credit notes' "Reembolso" column. With `ecfXml` (the invoice was issued in direct e-CF mode) an
 * e-CF note (`electronicType`) the portal signed also offers its signed XML; a failed download is a
 * toast. Stacked on phones, a table from sm up.
 */
function InvoiceNotesCard<N extends ListedNote>({
  title,
  inv,
  notes,
  electronicType,
  ecfXml,
  code,
  refund,
  pdf,
  xml,
}: {
  title: string;
  inv: Invoice;
  notes: N[];
  electronicType: string;
  ecfXml: boolean;
  code: (n: N) => number;
  refund?: (n: N) => number;
  pdf: (invoiceId: string, n: N) => Promise<void>;
  xml: (invoiceId: string, n: N) => Promise<void>;
}) {
  useDateDisplay();
  const downloadNote = (n: N) =>
    pdf(inv._id, n).catch((error: unknown) =>
      toastError('Error', getErrorMessage(error, 'No se pudo descargar el PDF')),
    );
  const withXml = (n: N) => ecfXml && n.documentType === electronicType && n.ecfStatus !== null;
  const downloadXml = (n: N) =>
    xml(inv._id, n).catch((error: unknown) =>
      toastError('Error', downloadErrorMessage(error, 'No se pudo descargar el XML')),
    );
  const xmlButton = (n: N, variant: 'light' | 'subtle') =>
    withXml(n) && (
      <Button
        size="xs"
        variant={variant}
        aria-label={`XML de la nota ${n.ncf}`}
        leftSection={<IconFileCode size={14} />}
        onClick={() => downloadXml(n)}
      >
        XML
      </Button>
    );
  return (
    <Card withBorder radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="sm" hiddenFrom="sm">
        {notes.map((n) => (
          <Paper key={n._id} withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {n.ncf}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDate(n.issueDate)} · {modificationLabel(code(n))}
                </Text>
              </div>
              <Text size="sm" fw={600}>
                {formatMoney(n.total, inv.currency)}
              </Text>
            </Group>
            <Text size="sm" mt={4}>
              {n.reason}
            </Text>
            {refund && refund(n) > 0 && (
              <Text size="xs">Reembolso al cliente: {formatMoney(refund(n), inv.currency)}</Text>
            )}
            <Group gap="xs" mt="xs">
              <Button
                size="xs"
                variant="light"
                aria-label={`PDF de la nota ${n.ncf}`}
                leftSection={<IconDownload size={14} />}
                onClick={() => downloadNote(n)}
              >
                PDF
              </Button>
              {xmlButton(n, 'light')}
            </Group>
          </Paper>
        ))}
      </Stack>
      <TableScroll label={title} minWidth={560} visibleFrom="sm">
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>NCF</Table.Th>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Motivo</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
              {refund && <Table.Th ta="right">Reembolso</Table.Th>}
              <Table.Th>
                <VisuallyHidden>Descargas</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {notes.map((n) => (
              <Table.Tr key={n._id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {n.ncf}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {modificationLabel(code(n))}
                  </Text>
                </Table.Td>
                <Table.Td>{formatDate(n.issueDate)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{n.reason}</Text>
                </Table.Td>
                <Table.Td ta="right" data-amount>
                  {formatMoney(n.total, inv.currency)}
                </Table.Td>
                {refund && (
                  <Table.Td ta="right">{refund(n) > 0 ? formatMoney(refund(n), inv.currency) : '—'}</Table.Td>
                )}
                <Table.Td ta="right">
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="subtle"
                      aria-label={`PDF de la nota ${n.ncf}`}
                      leftSection={<IconDownload size={14} />}
                      onClick={() => downloadNote(n)}
                    >
                      PDF
                    </Button>
                    {xmlButton(n, 'subtle')}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Card>
  );
}

/**
 * The 'Notas de crédito' card (shown when there are notes), each with its PDF download and its
 * refund. With `ecfXml` (the invoice was issued in direct e-CF mode) an E34 note also offers its
 * signed XML; a note the portal did not sign answers 404, shown as a toast.
 */
export function InvoiceCreditNotesCard({ inv, ecfXml = false }: { inv: Invoice; ecfXml?: boolean }) {
  return (
    <InvoiceNotesCard<CreditNote>
      title="Notas de crédito"
      inv={inv}
      notes={inv.creditNotes}
      electronicType="E34"
      ecfXml={ecfXml}
      code={(n) => n.modificationCode}
      refund={(n) => n.refundAmount}
      pdf={downloadCreditNotePdf}
      xml={downloadCreditNoteEcfXml}
    />
  );
}

/**
 * The 'Notas de débito' card (shown when there are debit notes, decision 138), each with its PDF
 * download and, for an E33 the portal signed (`ecfXml`), its signed XML. Their DGII code is always
 * 3, "Corrige montos del NCF modificado".
 */
export function InvoiceDebitNotesCard({ inv, ecfXml = false }: { inv: Invoice; ecfXml?: boolean }) {
  return (
    <InvoiceNotesCard<DebitNote>
      title="Notas de débito"
      inv={inv}
      notes={inv.debitNotes}
      electronicType="E33"
      ecfXml={ecfXml}
      code={() => DEBIT_NOTE_MODIFICATION_CODE}
      pdf={downloadDebitNotePdf}
      xml={downloadDebitNoteEcfXml}
    />
  );
}
