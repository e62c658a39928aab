import type {
  ConfirmPaymentReportRequest,
  CreateCardPaymentResponse,
  CreatePaymentReportRequest,
  Invoice,
  InvoicePaymentOptions,
  ListPaymentReportsQuery,
  ListPaymentReportsResponse,
  PaymentReport,
} from '@agencia/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';
import { downloadPdf, invoiceKeys } from '../../billing-shared/api/documents';

/*
 * Paying from the portal (decision 147): payment options of an invoice, transfer reports (client
 * files them; admins confirm or reject), card payments through Azul and payment receipts.
 */

export const paymentKeys = {
  all: ['payment-reports'] as const,
  reports: (q: ListPaymentReportsQuery) => ['payment-reports', q] as const,
  options: (invoiceId: string) => ['invoices', 'payment-options', invoiceId] as const,
};

/** `GET /invoices/{id}/payment-options`: whether the portal offers card payment and transfer reports. */
export const usePaymentOptions = (invoiceId: string, enabled = true) =>
  useQuery({
    queryKey: paymentKeys.options(invoiceId),
    queryFn: async () =>
      (
        await unwrap(
          apiClient.get<SuccessEnvelope<{ paymentOptions: InvoicePaymentOptions }>>(
            `/invoices/${invoiceId}/payment-options`,
          ),
        )
      ).paymentOptions,
    enabled,
    staleTime: 30_000,
  });

/** `GET /payment-reports` (staff: all; a client: its own). */
export const usePaymentReports = (q: ListPaymentReportsQuery, enabled = true) =>
  useQuery({
    queryKey: paymentKeys.reports(q),
    queryFn: () =>
      unwrap(apiClient.get<SuccessEnvelope<ListPaymentReportsResponse>>('/payment-reports', { params: q })),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 10_000,
  });

function useInvalidatePayments() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: paymentKeys.all }),
      qc.invalidateQueries({ queryKey: invoiceKeys.all }),
    ]);
}

const reportOf = async (p: Promise<{ data: SuccessEnvelope<{ paymentReport: PaymentReport }> }>) =>
  (await unwrap(p)).paymentReport;

/** `POST /invoices/{id}/payment-reports` (multipart with the receipt in `file`). */
export function useCreatePaymentReport(invoiceId: string) {
  const invalidate = useInvalidatePayments();
  return useMutation({
    mutationFn: (input: CreatePaymentReportRequest & { file: File }) => {
      const form = new FormData();
      form.append('amount', String(input.amount));
      form.append('date', input.date);
      form.append('bank', input.bank);
      form.append('reference', input.reference);
      form.append('file', input.file);
      return reportOf(
        apiClient.post(`/invoices/${invoiceId}/payment-reports`, form, {
          headers: { 'Content-Type': 'multipart/form-data' },
          timeout: 60_000,
        }),
      );
    },
    onSuccess: invalidate,
    retry: false,
  });
}

/** `POST /payment-reports/{id}/confirm` (admin) and `…/reject` with a reason. */
export function useDecidePaymentReport() {
  const invalidate = useInvalidatePayments();
  return useMutation({
    mutationFn: (
      d:
        | { id: string; action: 'confirm'; body?: ConfirmPaymentReportRequest }
        | { id: string; action: 'reject'; reason: string },
    ) =>
      reportOf(
        apiClient.post(
          `/payment-reports/${d.id}/${d.action}`,
          d.action === 'confirm' ? (d.body ?? {}) : { reason: d.reason },
        ),
      ),
    onSuccess: invalidate,
    retry: false,
  });
}

/** `POST /invoices/{id}/payments/{paymentId}/void` (admin): takes back the latest payment, with a reason. */
export function useVoidPayment(invoiceId: string) {
  const invalidate = useInvalidatePayments();
  return useMutation({
    mutationFn: ({ paymentId, reason }: { paymentId: string; reason: string }) =>
      unwrap(
        apiClient.post<SuccessEnvelope<{ invoice: Invoice }>>(
          `/invoices/${invoiceId}/payments/${paymentId}/void`,
          { reason },
        ),
      ),
    onSuccess: invalidate,
    retry: false,
  });
}

/** `POST /invoices/{id}/card-payments`: the Azul form the browser posts next. */
export function useStartCardPayment(invoiceId: string) {
  return useMutation({
    mutationFn: (amount: number) =>
      unwrap(
        apiClient.post<SuccessEnvelope<CreateCardPaymentResponse>>(`/invoices/${invoiceId}/card-payments`, {
          amount,
        }),
      ),
    retry: false,
  });
}

/**
 * Sends the browser to Azul's Payment Page: builds a form with the hidden fields and submits it
 * (a top-level POST, as Azul requires; the card is typed on Azul's page, never here).
 */
export function postToAzul(redirect: CreateCardPaymentResponse['redirect']): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = redirect.url;
  for (const [name, value] of Object.entries(redirect.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

/** Downloads `GET /invoices/{id}/payments/{paymentId}/receipt.pdf` as `Recibo-<number>.pdf`. */
export const downloadReceiptPdf = (
  invoiceId: string,
  payment: Pick<Invoice['payments'][number], '_id' | 'receiptNumber'>,
) =>
  downloadPdf(
    `/invoices/${invoiceId}/payments/${payment._id}/receipt.pdf`,
    `Recibo-${payment.receiptNumber}.pdf`,
  );

/** Opens a report's attached receipt (image or PDF) in a new tab. */
export async function openReportFile(reportId: string): Promise<void> {
  const res = await apiClient.get<Blob>(`/payment-reports/${reportId}/file`, {
    responseType: 'blob',
    timeout: 30_000,
  });
  const url = URL.createObjectURL(res.data);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
