import type { ListMailOutboxQuery, ListMailOutboxResponse, ResendMailResponse } from '@agencia/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';

/** Query keys of the admin outbox view; every page and status lives under `['mail-outbox']`. */
export const mailOutboxKeys = {
  all: ['mail-outbox'] as const,
  list: (q: ListMailOutboxQuery) => ['mail-outbox', q] as const,
};

/** `GET /mail/outbox` (admin): a page of failed or pending mail (decision 098). */
export function useMailOutbox(query: ListMailOutboxQuery) {
  return useQuery({
    queryKey: mailOutboxKeys.list(query),
    queryFn: () =>
      unwrap(apiClient.get<SuccessEnvelope<ListMailOutboxResponse>>('/mail/outbox', { params: query })),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** `POST /mail/outbox/{id}/resend` (admin): the failed mail goes back to the queue; lists refresh. */
export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await unwrap(apiClient.post<SuccessEnvelope<ResendMailResponse>>(`/mail/outbox/${id}/resend`)))
        .message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailOutboxKeys.all }),
    retry: false,
  });
}
