import type {
  BillableExpensesResponse,
  BillExpensesRequest,
  BillExpensesResponse,
  ProjectFinances,
} from '@agencia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api-client';
import { projectKeys } from './get-projects';

/** `GET /projects/{id}/finances` (staff): revenue, expenses, time cost and margin in DOP (decision 142). */
export function useProjectFinances(projectId: string) {
  return useQuery({
    queryKey: [...projectKeys.detail(projectId), 'finances'],
    queryFn: () => unwrap<ProjectFinances>(apiClient.get(`/projects/${projectId}/finances`)),
  });
}

/** `GET /projects/{id}/bill-expenses` (admin): the billable, unbilled purchases as invoice lines. */
export function useBillableExpenses(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...projectKeys.detail(projectId), 'bill-expenses'],
    queryFn: () => unwrap<BillableExpensesResponse>(apiClient.get(`/projects/${projectId}/bill-expenses`)),
    enabled,
    staleTime: 0,
  });
}

/** `POST /projects/{id}/bill-expenses` (admin) → the new draft invoice; refreshes projects and invoices. */
export function useBillExpenses(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BillExpensesRequest) =>
      unwrap<BillExpensesResponse>(apiClient.post(`/projects/${projectId}/bill-expenses`, body)),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: projectKeys.all }),
        qc.invalidateQueries({ queryKey: ['invoices'] }),
        qc.invalidateQueries({ queryKey: ['expenses'] }),
      ]),
  });
}
