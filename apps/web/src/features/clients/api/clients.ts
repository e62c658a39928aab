import {
  type Client,
  type ClientStats,
  type CreateClientRequest,
  type CreateCommunicationRequest,
  type GenerateRegistrationLinkRequest,
  ListClientProjectsResponseSchema,
  type ListClientsQuery,
  type ListClientsResponse,
  ListClientTicketsResponseSchema,
  ListCommunicationsResponseSchema,
  type ListInvoicesResponse,
  type UpdateClientRequest,
} from '@agencia/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';

/** Query keys of the clients feature. */
export const clientKeys = {
  all: ['clients'] as const,
  list: (q: ListClientsQuery) => ['clients', 'list', q] as const,
  stats: ['clients', 'stats'] as const,
  detail: (id: string) => ['clients', 'detail', id] as const,
  sub: (id: string, what: string) => ['clients', 'detail', id, what] as const,
};

/** `GET /clients?page&limit&search&status&clientType` (empty and 'all' omitted): one page + pagination. */
export const useClients = (q: ListClientsQuery) =>
  useQuery({
    queryKey: clientKeys.list(q),
    queryFn: () => {
      const params = Object.fromEntries(Object.entries(q).filter(([, v]) => v && v !== 'all'));
      return unwrap(apiClient.get<SuccessEnvelope<ListClientsResponse>>('/clients', { params }));
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** `GET /clients/stats`. */
export const useClientStats = () =>
  useQuery({
    queryKey: clientKeys.stats,
    queryFn: () => unwrap(apiClient.get<SuccessEnvelope<ClientStats>>('/clients/stats')),
    staleTime: 30_000,
  });

/** `GET /clients/{id}`. */
export const useClient = (id: string | undefined) =>
  useQuery({
    queryKey: clientKeys.detail(id ?? ''),
    queryFn: async () =>
      (await unwrap(apiClient.get<SuccessEnvelope<{ client: Client }>>(`/clients/${id}`))).client,
    enabled: Boolean(id),
  });

/** Rows per page of the client detail's tabs. */
export const CLIENT_TAB_PAGE_SIZE = 10;

/** One page of a client detail sub-list (`GET /clients/{id}/<what>?page&limit`), validated with its schema. */
function useClientSubList<S extends z.ZodType>(id: string, what: string, page: number, schema: S) {
  return useQuery({
    queryKey: [...clientKeys.sub(id, what), page],
    queryFn: async () =>
      schema.parse(
        await unwrap(
          apiClient.get<SuccessEnvelope<unknown>>(`/clients/${id}/${what}`, {
            params: { page, limit: CLIENT_TAB_PAGE_SIZE },
          }),
        ),
      ) as z.output<S>,
    placeholderData: keepPreviousData,
  });
}

/** `GET /clients/{id}/projects | tickets | invoices | communications`, one page each (issue 14). */
export const useClientProjects = (id: string, page: number) =>
  useClientSubList(id, 'projects', page, ListClientProjectsResponseSchema);
export const useClientTickets = (id: string, page: number) =>
  useClientSubList(id, 'tickets', page, ListClientTicketsResponseSchema);
export const useClientInvoices = (id: string, page: number) =>
  useQuery({
    queryKey: ['invoices', 'client', id, page],
    queryFn: () =>
      unwrap(
        apiClient.get<SuccessEnvelope<ListInvoicesResponse>>(`/clients/${id}/invoices`, {
          params: { page, limit: CLIENT_TAB_PAGE_SIZE },
        }),
      ),
    placeholderData: keepPreviousData,
  });
export const useCommunications = (id: string, page: number) =>
  useClientSubList(id, 'communications', page, ListCommunicationsResponseSchema);

function useInvalidateClients() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: clientKeys.all });
}

/** `POST /clients`. */
export function useCreateClient() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: async (body: CreateClientRequest) =>
      (await unwrap(apiClient.post<SuccessEnvelope<{ client: Client }>>('/clients', body))).client,
    onSuccess: invalidate,
    retry: false,
  });
}

/** `PUT /clients/{id}` (also archive/restore with `{ archived }`). */
export function useUpdateClient() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: UpdateClientRequest }) =>
      (await unwrap(apiClient.put<SuccessEnvelope<{ client: Client }>>(`/clients/${id}`, body))).client,
    onSuccess: invalidate,
    retry: false,
  });
}

/** `DELETE /clients/{id}` (409 while it has invoices, projects or users). */
export function useDeleteClient() {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete(`/clients/${id}`),
    onSuccess: invalidate,
    retry: false,
  });
}

/** `POST /auth/generate-registration-link`. */
export function useGenerateRegistrationLink() {
  return useMutation({
    mutationFn: (body: GenerateRegistrationLinkRequest) =>
      unwrap(
        apiClient.post<SuccessEnvelope<{ link: string; token: string; expiresAt: string }>>(
          '/auth/generate-registration-link',
          body,
        ),
      ),
    retry: false,
  });
}

/** `POST /clients/{id}/communications` and `DELETE …/{commId}`. */
export function useCreateCommunication(clientId: string) {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (body: CreateCommunicationRequest) =>
      unwrap(apiClient.post(`/clients/${clientId}/communications`, body)),
    onSuccess: invalidate,
    retry: false,
  });
}
export function useDeleteCommunication(clientId: string) {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (commId: string) => apiClient.delete(`/clients/${clientId}/communications/${commId}`),
    onSuccess: invalidate,
    retry: false,
  });
}
