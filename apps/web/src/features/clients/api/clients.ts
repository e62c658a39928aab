import type {
  Client,
  ClientStats,
  Communication,
  CreateClientRequest,
  CreateCommunicationRequest,
  GenerateRegistrationLinkRequest,
  ListClientsQuery,
  ListInvoicesResponse,
  UpdateClientRequest,
} from '@agencia/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';

/** Query keys of the clients feature. */
export const clientKeys = {
  all: ['clients'] as const,
  list: (q: ListClientsQuery) => ['clients', 'list', q] as const,
  stats: ['clients', 'stats'] as const,
  detail: (id: string) => ['clients', 'detail', id] as const,
  sub: (id: string, what: string) => ['clients', 'detail', id, what] as const,
};

/** `GET /clients?search&status&clientType` (empty and 'all' omitted). */
export const useClients = (q: ListClientsQuery) =>
  useQuery({
    queryKey: clientKeys.list(q),
    queryFn: async () => {
      const params = Object.fromEntries(Object.entries(q).filter(([, v]) => v && v !== 'all'));
      return (await unwrap(apiClient.get<SuccessEnvelope<{ clients: Client[] }>>('/clients', { params })))
        .clients;
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

/** `GET /clients/{id}/projects | tickets | invoices | communications`. */
export const useClientProjects = (id: string) =>
  useQuery({
    queryKey: clientKeys.sub(id, 'projects'),
    queryFn: async () =>
      (
        await unwrap(
          apiClient.get<
            SuccessEnvelope<{
              projects: Array<{
                _id: string;
                title: string;
                status: string;
                startDate: string | null;
                endDate: string | null;
                budget: number | null;
                progress: number;
              }>;
            }>
          >(`/clients/${id}/projects`),
        )
      ).projects,
  });
export const useClientTickets = (id: string) =>
  useQuery({
    queryKey: clientKeys.sub(id, 'tickets'),
    queryFn: async () =>
      (
        await unwrap(
          apiClient.get<
            SuccessEnvelope<{
              tickets: Array<{
                _id: string;
                title: string;
                status: string;
                priority: string;
                project: string | null;
                createdAt: string;
              }>;
            }>
          >(`/clients/${id}/tickets`),
        )
      ).tickets,
  });
export const useClientInvoices = (id: string) =>
  useQuery({
    queryKey: ['invoices', 'client', id],
    queryFn: () =>
      unwrap(
        apiClient.get<SuccessEnvelope<ListInvoicesResponse>>(`/clients/${id}/invoices`, {
          params: { limit: 100 },
        }),
      ),
  });
export const useCommunications = (id: string) =>
  useQuery({
    queryKey: clientKeys.sub(id, 'communications'),
    queryFn: async () =>
      (
        await unwrap(
          apiClient.get<SuccessEnvelope<{ communications: Communication[] }>>(
            `/clients/${id}/communications`,
          ),
        )
      ).communications,
  });

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
