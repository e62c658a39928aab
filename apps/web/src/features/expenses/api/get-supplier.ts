import type { Supplier } from '@agencia/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';
import { supplierKeys } from './keys';

/**
 * `GET /suppliers/{id}` (admin): the purchase form reads the chosen supplier's taxpayer type to
 * pre-fill the withholdings. Employees cannot read suppliers: pass `enabled` false for them.
 */
export const useSupplier = (id: string | null, enabled = true) =>
  useQuery({
    queryKey: supplierKeys.detail(id ?? ''),
    queryFn: async () =>
      (await unwrap(apiClient.get<SuccessEnvelope<{ supplier: Supplier }>>(`/suppliers/${id}`))).supplier,
    enabled: enabled && Boolean(id),
    staleTime: 60_000,
  });
