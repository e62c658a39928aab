import type { ListSuppliersQuery, ListSuppliersResponse } from '@agencia/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';
import { supplierKeys } from './keys';

/** Cards per page of /suppliers (a multiple of the 3-column grid, like /clients). */
export const SUPPLIERS_PAGE_SIZE = 12;

const clean = (q: ListSuppliersQuery) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && v !== 'all'));

/** `GET /suppliers?page=&limit=&search=&active=&taxpayerType=` (admin). */
export const useSuppliers = (q: ListSuppliersQuery) =>
  useQuery({
    queryKey: supplierKeys.list(clean(q)),
    queryFn: () =>
      unwrap(apiClient.get<SuccessEnvelope<ListSuppliersResponse>>('/suppliers', { params: clean(q) })),
    placeholderData: keepPreviousData,
  });
