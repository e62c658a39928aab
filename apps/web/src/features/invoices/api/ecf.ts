import type { EcfSubmission } from '@agencia/shared';
import { FINAL_ECF_STATUSES } from '@agencia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';
import { downloadXml, invoiceKeys } from '../../billing-shared/api/documents';

/** How often the screen asks again while the DGII has not decided (issue 26: ~10 s). */
export const ECF_POLL_MS = 10_000;

/** Query key of an invoice's e-CF (under `invoices`, so every invoice write refreshes it). */
export const ecfSubmissionKey = (id: string) => ['invoices', 'ecf', id] as const;

/**
 * `GET /invoices/{id}/ecf` (staff and the invoice's client): where the invoice's e-CF stands with
 * the DGII, or null when the portal did not issue it. Asked again every 10 s while it is pending
 * or sent; a final answer (accepted, conditionally accepted, rejected) stops the polling.
 */
export const useEcfSubmission = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: ecfSubmissionKey(id),
    queryFn: async () =>
      (
        await unwrap(
          apiClient.get<SuccessEnvelope<{ submission: EcfSubmission | null }>>(`/invoices/${id}/ecf`),
        )
      ).submission,
    enabled,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && !FINAL_ECF_STATUSES.includes(status) ? ECF_POLL_MS : false;
    },
  });

/** `POST /invoices/{id}/ecf/retry` (admin): send a pending e-CF now (409 in Spanish otherwise). */
export function useRetryEcf() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await unwrap(
          apiClient.post<SuccessEnvelope<{ submission: EcfSubmission }>>(`/invoices/${id}/ecf/retry`, {}),
        )
      ).submission,
    onSuccess: (submission, id) => {
      qc.setQueryData(ecfSubmissionKey(id), submission);
      return qc.invalidateQueries({ queryKey: invoiceKeys.detail(id) });
    },
    retry: false,
  });
}

/** `GET /invoices/{id}/ecf.xml`: the invoice's signed e-CF. */
export const downloadInvoiceEcfXml = (invoiceId: string, encf: string) =>
  downloadXml(`/invoices/${invoiceId}/ecf.xml`, `${encf}.xml`);

/** `GET /invoices/{id}/credit-notes/{noteId}/ecf.xml`: a credit note's signed E34. */
export const downloadCreditNoteEcfXml = (invoiceId: string, note: { _id: string; ncf: string }) =>
  downloadXml(`/invoices/${invoiceId}/credit-notes/${note._id}/ecf.xml`, `${note.ncf}.xml`);

/** `GET /invoices/{id}/debit-notes/{noteId}/ecf.xml`: a debit note's signed E33 (decision 138). */
export const downloadDebitNoteEcfXml = (invoiceId: string, note: { _id: string; ncf: string }) =>
  downloadXml(`/invoices/${invoiceId}/debit-notes/${note._id}/ecf.xml`, `${note.ncf}.xml`);
