import type { Expense } from '@agencia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';
import { expenseKeys } from './keys';

/** Largest receipt the API takes (`RECEIPT_MAX_BYTES` of the expenses service): 10 MB. */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
/** What the receipt input offers: PDF or image (the API sniffs the real type). */
export const RECEIPT_ACCEPT = 'application/pdf,image/png,image/jpeg,image/webp';

/** `POST /expenses/{id}/receipt` (multipart `file`): answers the purchase with its receipt. */
export function useUploadExpenseReceipt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, file }: { id: string; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      return (
        await unwrap(
          apiClient.post<SuccessEnvelope<{ expense: Expense }>>(`/expenses/${id}/receipt`, body, {
            headers: { 'Content-Type': 'multipart/form-data' },
            timeout: 60_000,
          }),
        )
      ).expense;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: expenseKeys.all }),
    retry: false,
  });
}
