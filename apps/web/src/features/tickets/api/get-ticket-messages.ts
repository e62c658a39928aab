import {
  type ListTicketMessagesResponse,
  TICKET_DETAIL_MESSAGES,
  type TicketDetail,
  type TicketMessage,
} from '@agencia/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';
import { ticketKeys } from './keys';

/** `GET /tickets/{id}/messages?page&limit`: one page of the conversation, newest first. */
export async function getTicketMessages(id: string, page: number): Promise<ListTicketMessagesResponse> {
  const response = await apiClient.get<SuccessEnvelope<ListTicketMessagesResponse>>(
    `/tickets/${id}/messages`,
    {
      params: { page, limit: TICKET_DETAIL_MESSAGES },
    },
  );
  return response.data.data;
}

/**
 * The conversation of a ticket as the screen shows it, oldest first (decision 102): the newest
 * {@link TICKET_DETAIL_MESSAGES} come with the detail; `loadOlder()` fetches the next older page
 * (pages 2, 3, … of `GET /tickets/{id}/messages`). A message that a new reply pushed from one
 * page onto the next shows once. `hidden` = messages not loaded yet.
 */
export function useTicketConversation(ticket: TicketDetail) {
  const [wanted, setWanted] = useState(false);
  const older = useInfiniteQuery({
    queryKey: ticketKeys.messages(ticket._id),
    enabled: wanted,
    initialPageParam: 2,
    queryFn: ({ pageParam }) => getTicketMessages(ticket._id, pageParam),
    getNextPageParam: (last) =>
      last.pagination.page * last.pagination.limit < last.pagination.total
        ? last.pagination.page + 1
        : undefined,
  });
  const seen = new Set<string>();
  const messages: TicketMessage[] = [];
  const olderFirst = (older.data?.pages ?? []).flatMap((p) => p.messages).reverse();
  for (const m of [...olderFirst, ...ticket.messages]) {
    if (seen.has(m._id)) continue;
    seen.add(m._id);
    messages.push(m);
  }
  return {
    messages,
    hidden: Math.max(0, ticket.messagesTotal - messages.length),
    loading: older.isFetching,
    error: older.isError,
    loadOlder: () => {
      if (!wanted) setWanted(true);
      else void older.fetchNextPage();
    },
  };
}
