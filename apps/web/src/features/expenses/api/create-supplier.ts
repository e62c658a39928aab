import type { CreateSupplierRequest, Supplier } from '@agencia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { optionKeys } from '../../../components/pickers/use-options';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';
import { supplierKeys } from './keys';

/** `POST /suppliers` (admin): 409 when the RNC / cédula is already a supplier. */
export function useCreateSupplier() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateSupplierRequest) =>
      (await unwrap(apiClient.post<SuccessEnvelope<{ supplier: Supplier }>>('/suppliers', input))).supplier,
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: supplierKeys.all });
      qc.invalidateQueries({ queryKey: optionKeys.all });
    },
    retry: false,
  });
}
