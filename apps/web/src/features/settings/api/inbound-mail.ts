import type {
  AssignInboundMailRequest,
  InboundMail,
  InboundMailActionResponse,
  InboundReceivingStatus,
  ListInboundMailQuery,
  ListInboundMailResponse,
} from '@agencia/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';

/** Query keys of received mail (decision 168); everything lives under `['inbound-mail']`. */
export const inboundMailKeys = {
  all: ['inbound-mail'] as const,
  status: ['inbound-mail', 'status'] as const,
  list: (q: ListInboundMailQuery) => ['inbound-mail', 'list', q] as const,
};

/** `GET /mail/inbound/status` (admin): mode, support address, sources, counts. */
export function useInboundMailStatus() {
  return useQuery({
    queryKey: inboundMailKeys.status,
    queryFn: () => unwrap(apiClient.get<SuccessEnvelope<InboundReceivingStatus>>('/mail/inbound/status')),
    staleTime: 0,
  });
}

/** `GET /mail/inbound`: received mail (admin) or the unassigned list (staff), newest first. */
export function useInboundMail(query: ListInboundMailQuery) {
  return useQuery({
    queryKey: inboundMailKeys.list(query),
    queryFn: () =>
      unwrap(apiClient.get<SuccessEnvelope<ListInboundMailResponse>>('/mail/inbound', { params: query })),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** One clients page for the "crear ticket" picker (`GET /clients?search=`). */
export function useClientChoices(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['inbound-mail', 'clients', search],
    enabled,
    queryFn: async () =>
      (
        await unwrap(
          apiClient.get<
            SuccessEnvelope<{
              clients: Array<{
                _id: string;
                firstName: string;
                lastName: string;
                companyName: string | null;
              }>;
            }>
          >('/clients', { params: { search: search || undefined, limit: 20 } }),
        )
      ).clients,
    placeholderData: keepPreviousData,
  });
}

type Action =
  | { kind: 'assign'; id: string; body: AssignInboundMailRequest }
  | { kind: 'create-ticket'; id: string; body: { clientId: string } }
  | { kind: 'discard'; id: string };

/** Assign / create a ticket from / discard an unassigned message; every received-mail list refreshes. */
export function useInboundMailAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: Action): Promise<InboundMail> =>
      (
        await unwrap(
          apiClient.post<SuccessEnvelope<InboundMailActionResponse>>(
            `/mail/inbound/${action.id}/${action.kind}`,
            'body' in action ? action.body : undefined,
          ),
        )
      ).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboundMailKeys.all }),
    retry: false,
  });
}
