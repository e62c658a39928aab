import type {
  CreateRecurringInvoiceRequest,
  Invoice,
  RecurringInvoice,
  UpdateRecurringInvoiceRequest,
} from '@agencia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';
import { invoiceKeys } from '../../billing-shared/api/documents';

/** Query keys of retainers (igualas). */
export const recurringKeys = { all: ['recurring-invoices'] as const };

/** `GET /recurring-invoices`: admins all; clients their own active ones. */
export const useRecurringInvoices = (enabled = true) =>
  useQuery({
    queryKey: recurringKeys.all,
    queryFn: async () =>
      (
        await unwrap(
          apiClient.get<SuccessEnvelope<{ recurringInvoices: RecurringInvoice[] }>>('/recurring-invoices'),
        )
      ).recurringInvoices,
    enabled,
    staleTime: 30_000,
  });

type One = SuccessEnvelope<{ recurringInvoice: RecurringInvoice }>;

/** `POST /recurring-invoices` (admin). */
export function useCreateRecurringInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateRecurringInvoiceRequest) =>
      (await unwrap(apiClient.post<One>('/recurring-invoices', input))).recurringInvoice,
    onSuccess: () => qc.invalidateQueries({ queryKey: recurringKeys.all }),
    retry: false,
  });
}

/** `PUT /recurring-invoices/{id}` (admin): edit future periods, pause or resume. */
export function useUpdateRecurringInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: UpdateRecurringInvoiceRequest }) =>
      (await unwrap(apiClient.put<One>(`/recurring-invoices/${id}`, input))).recurringInvoice,
    onSuccess: () => qc.invalidateQueries({ queryKey: recurringKeys.all }),
    retry: false,
  });
}

/** `POST /recurring-invoices/{id}/run` (admin "Generar ahora"): answers the period's invoice. */
export function useRunRecurringInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(
        apiClient.post<SuccessEnvelope<{ invoice: Invoice; created: boolean; sendError: string | null }>>(
          `/recurring-invoices/${id}/run`,
        ),
      ),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: recurringKeys.all });
      qc.invalidateQueries({ queryKey: invoiceKeys.all });
    },
    retry: false,
  });
}
