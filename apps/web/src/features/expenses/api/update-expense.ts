import type { Expense, UpdateExpenseRequest } from '@agencia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';
import { expenseKeys } from './keys';

/** `PUT /expenses/{id}`: edit a purchase or complete a draft from a received e-CF. */
export function useUpdateExpense() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: UpdateExpenseRequest }) =>
      (await unwrap(apiClient.put<SuccessEnvelope<{ expense: Expense }>>(`/expenses/${id}`, input))).expense,
    onSuccess: () => qc.invalidateQueries({ queryKey: expenseKeys.all }),
    retry: false,
  });
}
