import type { Invoice } from '@agencia/shared';
import {
  CREDIT_NOTE_MODIFICATION_LABELS,
  type CreditNote,
  type CreditNoteModificationCode,
  DEBIT_NOTE_MODIFICATION_CODE,
  type DebitNote,
} from '@agencia/shared';
import { Button, Card, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDownload, IconFileCode } from '@tabler/icons-react';
import { TableScroll } from '../../../components/ui/table-scroll';
import { getErrorMessage } from '../../../lib/api-client';
import { toastError } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { downloadErrorMessage } from '../../billing-shared/api/documents';
import { formatDate, formatMoney } from '../../billing-shared/components/format';
import { downloadCreditNoteEcfXml, downloadDebitNoteEcfXml } from '../api/ecf';
import { downloadCreditNotePdf, downloadDebitNotePdf } from '../api/invoices';

/* The credit and debit notes cards of the invoice detail page (/billing/{id}). */

/** `3 · Corrige montos del NCF modificado` (DGII CodigoModificacion). */
const modificationLabel = (code: number) =>
  `${code} · ${CREDIT_NOTE_MODIFICATION_LABELS[code as CreditNoteModificationCode] ?? ''}`;

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
