import type { Expense } from '@agencia/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';
import { expenseKeys } from './keys';

/** `GET /expenses/{id}` (404 when the caller may not see it). */
export const useExpense = (id: string | null) =>
  useQuery({
    queryKey: expenseKeys.detail(id ?? ''),
    queryFn: async () =>
      (await unwrap(apiClient.get<SuccessEnvelope<{ expense: Expense }>>(`/expenses/${id}`))).expense,
    enabled: Boolean(id),
  });
