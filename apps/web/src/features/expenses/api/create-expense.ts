import type { CreateExpenseRequest, Expense } from '@agencia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';
import { expenseKeys } from './keys';

/**
 * `POST /expenses`: 201 with the purchase (its NCF when the agency numbered it); 400/409 carry
 * the Spanish message (duplicate NCF, no range, missing USD rate, closed period).
 */
export function useCreateExpense() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateExpenseRequest) =>
      (await unwrap(apiClient.post<SuccessEnvelope<{ expense: Expense }>>('/expenses', input))).expense,
    onSuccess: () => qc.invalidateQueries({ queryKey: expenseKeys.all }),
    retry: false,
  });
}
