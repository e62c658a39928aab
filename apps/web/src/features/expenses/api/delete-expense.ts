import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { expenseKeys } from './keys';

/** `DELETE /expenses/{id}` (409 once billed to a client or in a closed period). */
export function useDeleteExpense() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete(`/expenses/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: expenseKeys.all }),
    retry: false,
  });
}
