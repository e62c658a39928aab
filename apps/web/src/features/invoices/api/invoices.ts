import type {
  Client,
  CompanySettings,
  CreateCreditNoteRequest,
  CreateDebitNoteRequest,
  CreateInvoiceRequest,
  CreditNote,
  DebitNote,
  Invoice,
  InvoiceStats,
  ListInvoicesQuery,
  ListInvoicesResponse,
  PayInvoiceRequest,
  RecordEcfSignatureRequest,
  UpdateInvoiceRequest,
} from '@agencia/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';
import { downloadPdf, invoiceKeys } from '../../billing-shared/api/documents';

/** `GET /invoices?page&limit&status&search` (empty params omitted). */
export function getInvoices(query: ListInvoicesQuery): Promise<ListInvoicesResponse> {
  const params = Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== '' && v !== undefined && v !== 'all'),
  );
  return unwrap(apiClient.get<SuccessEnvelope<ListInvoicesResponse>>('/invoices', { params }));
}
export const invoicesQuery = (q: ListInvoicesQuery) =>
  queryOptions({
    queryKey: invoiceKeys.list(q),
    queryFn: () => getInvoices(q),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
export const useInvoices = (q: ListInvoicesQuery) => useQuery(invoicesQuery(q));

/** `GET /invoices/stats`. */
export const useInvoiceStats = () =>
  useQuery({
    queryKey: invoiceKeys.stats,
    queryFn: () => unwrap(apiClient.get<SuccessEnvelope<InvoiceStats>>('/invoices/stats')),
    staleTime: 30_000,
  });

/** `GET /invoices/{id}`. */
export const useInvoice = (id: string | undefined) =>
  useQuery({
    queryKey: invoiceKeys.detail(id ?? ''),
    queryFn: async () =>
      (await unwrap(apiClient.get<SuccessEnvelope<{ invoice: Invoice }>>(`/invoices/${id}`))).invoice,
    enabled: Boolean(id),
    staleTime: 10_000,
  });

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: invoiceKeys.all });
}

const invoiceOf = async (p: Promise<{ data: SuccessEnvelope<{ invoice: Invoice }> }>) =>
  (await unwrap(p)).invoice;

/** `POST /invoices`. */
export function useCreateInvoice() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateInvoiceRequest) => invoiceOf(apiClient.post('/invoices', body)),
    onSuccess: invalidate,
    retry: false,
  });
}

/** `PUT /invoices/{id}` (drafts). */
export function useUpdateInvoice() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateInvoiceRequest }) =>
      invoiceOf(apiClient.put(`/invoices/${id}`, body)),
    onSuccess: invalidate,
    retry: false,
  });
}

/** `PUT /invoices/{id}/pay`. */
export function usePayInvoice() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PayInvoiceRequest }) =>
      invoiceOf(apiClient.put(`/invoices/${id}/pay`, body)),
    onSuccess: invalidate,
    retry: false,
  });
}

/** `POST /invoices/{id}/send | issue | duplicate | cancel | remind`. */
export function useInvoiceAction(action: 'send' | 'issue' | 'duplicate' | 'cancel' | 'remind') {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      invoiceOf(apiClient.post(`/invoices/${id}/${action}`, action === 'cancel' ? {} : undefined)),
    onSuccess: invalidate,
    retry: false,
  });
}

/** `POST /invoices/{id}/credit-notes` (admin): a B04 / E34 credit note. */
export function useCreateCreditNote() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: CreateCreditNoteRequest }) =>
      (
        await unwrap(
          apiClient.post<SuccessEnvelope<{ creditNote: CreditNote }>>(`/invoices/${id}/credit-notes`, body),
        )
      ).creditNote,
    onSuccess: invalidate,
    retry: false,
  });
}

/** `POST /invoices/{id}/debit-notes` (admin): a B03 / E33 debit note, raising the balance (decision 138). */
export function useCreateDebitNote() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: CreateDebitNoteRequest }) =>
      (
        await unwrap(
          apiClient.post<SuccessEnvelope<{ debitNote: DebitNote }>>(`/invoices/${id}/debit-notes`, body),
        )
      ).debitNote,
    onSuccess: invalidate,
    retry: false,
  });
}

/** `PUT /invoices/{id}/ecf` (admin): the e-CF provider's security code and signature time. */
export function useRecordEcf() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RecordEcfSignatureRequest }) =>
      invoiceOf(apiClient.put(`/invoices/${id}/ecf`, body)),
    onSuccess: invalidate,
    retry: false,
  });
}

/** `DELETE /invoices/{id}` (drafts; older drafts are voided instead). */
export function useDeleteInvoice() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: string) => {
      const res = await apiClient.delete<{ success: true; message: string; data: { deleted: boolean } }>(
        `/invoices/${id}`,
      );
      return res.data;
    },
    onSuccess: invalidate,
    retry: false,
  });
}

/** Downloads `GET /invoices/{id}/pdf` as `Factura-<number>.pdf`. */
export const downloadInvoicePdf = (id: string, invoiceNumber: string) =>
  downloadPdf(`/invoices/${id}/pdf`, `Factura-${invoiceNumber}.pdf`);

/** Downloads `GET /invoices/{id}/credit-notes/{noteId}/pdf` as `Nota-de-credito-<NCF>.pdf`. */
export const downloadCreditNotePdf = (invoiceId: string, note: Pick<CreditNote, '_id' | 'ncf'>) =>
  downloadPdf(`/invoices/${invoiceId}/credit-notes/${note._id}/pdf`, `Nota-de-credito-${note.ncf}.pdf`);

/** Downloads `GET /invoices/{id}/debit-notes/{noteId}/pdf` as `Nota-de-debito-<NCF>.pdf`. */
export const downloadDebitNotePdf = (invoiceId: string, note: Pick<DebitNote, '_id' | 'ncf'>) =>
  downloadPdf(`/invoices/${invoiceId}/debit-notes/${note._id}/pdf`, `Nota-de-debito-${note.ncf}.pdf`);

/**
 * `GET /clients/{id}` (staff): the invoice's client with its type and fiscal profile, which
 * decide the payment's default withholding. Same key and shape as the clients feature's detail.
 */
export const useInvoiceClient = (clientId: string | undefined) =>
  useQuery({
    queryKey: ['clients', 'detail', clientId ?? ''],
    queryFn: async () =>
      (await unwrap(apiClient.get<SuccessEnvelope<{ client: Client }>>(`/clients/${clientId}`))).client,
    enabled: Boolean(clientId),
    staleTime: 60_000,
  });

/**
 * `GET /settings`: the agency's settings (its `taxpayerKind` decides the withholding preset).
 * Same key and shape as the settings feature's query.
 */
export const useAgencySettings = (enabled = true) =>
  useQuery({
    queryKey: ['settings', 'company'],
    queryFn: async () =>
      (await unwrap(apiClient.get<SuccessEnvelope<{ settings: CompanySettings }>>('/settings'))).settings,
    enabled,
    staleTime: 60_000,
  });
