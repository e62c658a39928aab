import type {
  ConvertLeadRequest,
  CreateLeadActivityRequest,
  CreateLeadRequest,
  CreateLeadStageRequest,
  GetLeadResponse,
  Lead,
  LeadEvent,
  LeadPerson,
  LeadStage,
  ListLeadsQuery,
  ListLeadsResponse,
  MoveLeadRequest,
  UpdateLeadRequest,
  UpdateLeadStageRequest,
} from '@agencia/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';

/** Query keys of the leads feature; `leadKeys.all` invalidates every lead query. */
export const leadKeys = {
  all: ['leads'] as const,
  list: (filters: ListLeadsQuery) => ['leads', 'list', filters] as const,
  detail: (id: string) => ['leads', 'detail', id] as const,
  stages: ['leads', 'stages'] as const,
  owners: ['leads', 'owners'] as const,
};

/** `GET /leads` (empty filters omitted): a page in board order plus per-stage totals. */
export function getLeads(filters: ListLeadsQuery): Promise<ListLeadsResponse> {
  const params = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));
  return unwrap(apiClient.get<SuccessEnvelope<ListLeadsResponse>>('/leads', { params }));
}

/** One page of leads; the previous one stays on screen while the next loads. */
export function useLeads(filters: ListLeadsQuery) {
  return useQuery({
    queryKey: leadKeys.list(filters),
    queryFn: () => getLeads(filters),
    placeholderData: keepPreviousData,
  });
}

/** `GET /lead-stages`: the board's columns. */
export function useLeadStages() {
  return useQuery({
    queryKey: leadKeys.stages,
    queryFn: async () =>
      (await unwrap(apiClient.get<SuccessEnvelope<{ stages: LeadStage[] }>>('/lead-stages'))).stages,
  });
}

// Stage writes (admin, decision 170) are never retried: a retry could add a stage twice.

/** `POST /lead-stages` (admin): a new stage, last unless `position` says otherwise. */
export function useCreateLeadStage() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async (body: CreateLeadStageRequest) =>
      (await unwrap(apiClient.post<SuccessEnvelope<{ stage: LeadStage }>>('/lead-stages', body))).stage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.all }),
  });
}

/** `PUT /lead-stages/{id}` (admin): rename, change the kind or move to a 0-based position. */
export function useUpdateLeadStage() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async ({ id, ...body }: UpdateLeadStageRequest & { id: string }) =>
      (await unwrap(apiClient.put<SuccessEnvelope<{ stage: LeadStage }>>(`/lead-stages/${id}`, body))).stage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.all }),
  });
}

/** `DELETE /lead-stages/{id}` (admin): 409 while it has leads or when the board would lose a kind. */
export function useDeleteLeadStage() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: (id: string) => apiClient.delete(`/lead-stages/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.all }),
  });
}

/** `GET /leads/owners`: people a lead may be assigned to. */
export function useLeadOwners() {
  return useQuery({
    queryKey: leadKeys.owners,
    queryFn: async () =>
      (await unwrap(apiClient.get<SuccessEnvelope<{ owners: LeadPerson[] }>>('/leads/owners'))).owners,
    staleTime: 60_000,
  });
}

/** `GET /leads/{id}`: the lead and its timeline. */
export function useLead(id: string) {
  return useQuery({
    queryKey: leadKeys.detail(id),
    queryFn: () => unwrap(apiClient.get<SuccessEnvelope<GetLeadResponse>>(`/leads/${id}`)),
  });
}

/** Invalidates every lead query after a write (the board, the list and the detail). */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: leadKeys.all });
}

/** `POST /leads`. */
export function useCreateLead() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: CreateLeadRequest) =>
      (await unwrap(apiClient.post<SuccessEnvelope<{ lead: Lead }>>('/leads', body))).lead,
    onSuccess: invalidate,
  });
}

/** `PUT /leads/{id}`. */
export function useUpdateLead(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: UpdateLeadRequest) =>
      (await unwrap(apiClient.put<SuccessEnvelope<{ lead: Lead }>>(`/leads/${id}`, body))).lead,
    onSuccess: invalidate,
  });
}

/** `POST /leads/{id}/move`: stage and place on the board (the caller shows its own toast). */
export function useMoveLead() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, ...body }: MoveLeadRequest & { id: string }) =>
      (await unwrap(apiClient.post<SuccessEnvelope<{ lead: Lead }>>(`/leads/${id}/move`, body))).lead,
    onSettled: invalidate,
  });
}

/** `POST /leads/{id}/notes`. */
export function useAddLeadNote(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: { body: string }) =>
      (await unwrap(apiClient.post<SuccessEnvelope<{ event: LeadEvent }>>(`/leads/${id}/notes`, body))).event,
    onSuccess: invalidate,
  });
}

/** `POST /leads/{id}/activities`. */
export function useAddLeadActivity(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: CreateLeadActivityRequest) =>
      (await unwrap(apiClient.post<SuccessEnvelope<{ event: LeadEvent }>>(`/leads/${id}/activities`, body)))
        .event,
    onSuccess: invalidate,
  });
}

/** `POST /leads/{id}/convert`: the client (created once). */
export function useConvertLead(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: ConvertLeadRequest) =>
      unwrap(
        apiClient.post<SuccessEnvelope<{ lead: Lead; clientId: string; alreadyConverted: boolean }>>(
          `/leads/${id}/convert`,
          body,
        ),
      ),
    onSuccess: invalidate,
  });
}
