import type { Supplier, UpdateSupplierRequest } from '@agencia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { optionKeys } from '../../../components/pickers/use-options';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';
import { supplierKeys } from './keys';

/** `PUT /suppliers/{id}` (admin): edit, or deactivate with `{ active: false }`. */
export function useUpdateSupplier() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: UpdateSupplierRequest }) =>
      (await unwrap(apiClient.put<SuccessEnvelope<{ supplier: Supplier }>>(`/suppliers/${id}`, input)))
        .supplier,
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: supplierKeys.all });
      qc.invalidateQueries({ queryKey: optionKeys.all });
    },
    retry: false,
  });
}
