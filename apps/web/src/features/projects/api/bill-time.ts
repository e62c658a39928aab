import type { BillTimePreview, BillTimeRequest, BillTimeResponse } from '@agencia/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api-client';
import { projectKeys } from './get-projects';

/**
 * `POST /projects/{id}/bill-time/preview` (admin) as a query: the lines "Facturar horas" would
 * create for `body`; disabled while the range is incomplete.
 */
export function useBillTimePreview(projectId: string, body: BillTimeRequest, enabled: boolean) {
  return useQuery({
    queryKey: [...projectKeys.detail(projectId), 'bill-time', body],
    queryFn: () => unwrap<BillTimePreview>(apiClient.post(`/projects/${projectId}/bill-time/preview`, body)),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** `POST /projects/{id}/bill-time` (admin) → the new draft invoice; refreshes projects and invoices. */
export function useBillTime(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BillTimeRequest) =>
      unwrap<BillTimeResponse>(apiClient.post(`/projects/${projectId}/bill-time`, body)),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: projectKeys.all }),
        qc.invalidateQueries({ queryKey: ['invoices'] }),
      ]),
  });
}
