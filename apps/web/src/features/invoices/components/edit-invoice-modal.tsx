import { useInvoice } from '../api/invoices';
import { InvoiceFormModal } from './invoice-form-modal';

/** Loads a draft by id and opens the invoice form in edit mode. */
export function EditInvoiceModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const invoice = useInvoice(id ?? undefined);
  return (
    <InvoiceFormModal opened={Boolean(id && invoice.data)} invoice={invoice.data ?? null} onClose={onClose} />
  );
}
