import { fiscalDocumentTypeLabel, type Invoice, type InvoiceSummary } from '@agencia/shared';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { getErrorMessage } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { downloadInvoicePdf, useDeleteInvoice, useInvoiceAction } from '../api/invoices';
import { issueDatesSentence } from './issue-date-notice';

const ok = (title: string, message: string) => toastSuccess(title, message);
const fail = (error: unknown, fallback: string) => toastError('Error', getErrorMessage(error, fallback));

/**
 * The invoice actions shared by the list's row menu and the detail page (spec doc 2 §2):
 * download, issue (with confirmation), send/resend, payment reminder, duplicate, cancel, delete
 * (with confirmation), plus state for the pay, edit, credit-note and e-CF modals. Success toasts of spec doc 2 §8 (placed by the one container, decision 093).
 */
export function useInvoiceActions() {
  const navigate = useNavigate();
  const send = useInvoiceAction('send');
  const issue = useInvoiceAction('issue');
  const duplicate = useInvoiceAction('duplicate');
  const cancel = useInvoiceAction('cancel');
  const remind = useInvoiceAction('remind');
  const remove = useDeleteInvoice();
  const [paying, setPaying] = useState<InvoiceSummary | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [crediting, setCrediting] = useState<InvoiceSummary | null>(null);
  const [signing, setSigning] = useState<InvoiceSummary | null>(null);

  return {
    paying,
    setPaying,
    editing,
    setEditing,
    crediting,
    setCrediting,
    signing,
    setSigning,
    busy:
      send.isPending ||
      issue.isPending ||
      duplicate.isPending ||
      cancel.isPending ||
      remind.isPending ||
      remove.isPending,
    download: async (inv: Pick<InvoiceSummary, '_id' | 'invoiceNumber'>) => {
      try {
        await downloadInvoicePdf(inv._id, inv.invoiceNumber);
      } catch (error) {
        fail(error, 'No se pudo descargar el PDF');
      }
    },
    send: async (inv: InvoiceSummary | Invoice) => {
      try {
        const saved = await send.mutateAsync(inv._id);
        ok(
          'Factura enviada',
          `${saved.invoiceNumber}${!inv.ncf && saved.ncf ? ` (NCF ${saved.ncf})` : ''} se envió a ${saved.client.email}`,
        );
      } catch (error) {
        fail(error, 'No se pudo enviar la factura');
      }
    },
    /**
     * Issues a draft with its NCF without e-mailing it (issue 12), after a confirmation: the
     * number is taken for good and the invoice can no longer be edited or deleted; it is dated
     * today and keeps its term in days (decision 132).
     */
    issue: (inv: InvoiceSummary | Invoice) =>
      modals.openConfirmModal({
        title: 'Emitir factura',
        children: (
          <Text size="sm">
            La factura {inv.invoiceNumber} tomará el próximo comprobante fiscal
            {inv.documentType ? ` ${fiscalDocumentTypeLabel(inv.documentType)}` : ''} y quedará emitida, sin
            enviarse por email. <b>Esta acción no se puede deshacer:</b> el NCF queda usado y la factura ya no
            se podrá editar, cancelar ni eliminar; para corregirla tendrás que emitir una nota de crédito.
            <br />
            <b>Fecha:</b> {issueDatesSentence(inv.paymentTerms)}
          </Text>
        ),
        labels: { confirm: 'Emitir', cancel: 'Volver' },
        onConfirm: async () => {
          try {
            const saved = await issue.mutateAsync(inv._id);
            ok('Factura emitida', `${saved.invoiceNumber} · NCF ${saved.ncf}. Aún no se envió al cliente.`);
          } catch (error) {
            fail(error, 'No se pudo emitir la factura');
          }
        },
      }),
    /** Payment reminder for the balance (once per 24 hours; the server says when it is too soon). */
    remind: async (inv: InvoiceSummary | Invoice) => {
      try {
        const saved = await remind.mutateAsync(inv._id);
        ok(
          'Recordatorio enviado',
          `${saved.invoiceNumber}: recordatorio de pago enviado a ${saved.client.email}`,
        );
      } catch (error) {
        fail(error, 'No se pudo enviar el recordatorio');
      }
    },
    duplicate: async (inv: InvoiceSummary | Invoice) => {
      try {
        const copy = await duplicate.mutateAsync(inv._id);
        ok('Factura duplicada', `Se creó el borrador ${copy.invoiceNumber}`);
        navigate(`/billing/${copy._id}`);
      } catch (error) {
        fail(error, 'No se pudo duplicar la factura');
      }
    },
    cancel: (inv: InvoiceSummary | Invoice) =>
      modals.openConfirmModal({
        title: 'Cancelar factura',
        children: (
          <Text size="sm">
            ¿Seguro que deseas cancelar la factura {inv.invoiceNumber}? Conservará su número y no podrá
            cobrarse.
          </Text>
        ),
        labels: { confirm: 'Cancelar factura', cancel: 'Volver' },
        confirmProps: { color: 'orange' },
        onConfirm: async () => {
          try {
            await cancel.mutateAsync(inv._id);
            ok('Factura cancelada', inv.invoiceNumber);
          } catch (error) {
            fail(error, 'No se pudo cancelar la factura');
          }
        },
      }),
    remove: (inv: InvoiceSummary | Invoice, afterDelete?: () => void) =>
      modals.openConfirmModal({
        title: 'Eliminar factura',
        children: (
          <Text size="sm">
            ¿Estás seguro de eliminar el borrador {inv.invoiceNumber}? Esta acción no se puede deshacer.
          </Text>
        ),
        labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
        confirmProps: { color: 'red' },
        onConfirm: async () => {
          try {
            const res = await remove.mutateAsync(inv._id);
            ok(res.data.deleted ? 'Factura eliminada' : 'Borrador anulado', res.message);
            afterDelete?.();
          } catch (error) {
            fail(error, 'No se pudo eliminar la factura');
          }
        },
      }),
  };
}
