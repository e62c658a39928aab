import type { BankRule, BankRuleRequest } from '@agencia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';
import { bankKeys } from './keys';

/** `GET /bank-rules` (admin): the debit rules (description / amount → expense of a supplier). */
export const useBankRules = () =>
  useQuery({
    queryKey: bankKeys.rules,
    queryFn: async () =>
      (await unwrap(apiClient.get<SuccessEnvelope<{ bankRules: BankRule[] }>>('/bank-rules'))).bankRules,
    staleTime: 30_000,
  });

/**
 * `POST /bank-rules` (no `id`) or `PUT /bank-rules/{id}` (admin). The lines' suggestions change with
 * the rules: every bank query refreshes.
 */
export function useSaveBankRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: BankRuleRequest }) =>
      (
        await unwrap(
          id
            ? apiClient.put<SuccessEnvelope<{ bankRule: BankRule }>>(`/bank-rules/${id}`, body)
            : apiClient.post<SuccessEnvelope<{ bankRule: BankRule }>>('/bank-rules', body),
        )
      ).bankRule,
    onSuccess: () => qc.invalidateQueries({ queryKey: bankKeys.all }),
    retry: false,
  });
}

/** `DELETE /bank-rules/{id}` (admin): expenses it created stay. */
export function useDeleteBankRule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete(`/bank-rules/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: bankKeys.all }),
    retry: false,
  });
}
