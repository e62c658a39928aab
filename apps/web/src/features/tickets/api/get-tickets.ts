import type { ListTicketsQuery, Ticket } from '@agencia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';
import { ticketKeys } from './keys';

/** `GET /tickets?search&status&priority&type` (empty filters omitted). */
export async function getTickets(filters: ListTicketsQuery): Promise<Ticket[]> {
  const params = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));
  const response = await apiClient.get<SuccessEnvelope<{ tickets: Ticket[] }>>('/tickets', { params });
  return response.data.data.tickets;
}

export const ticketsQuery = (filters: ListTicketsQuery) =>
  queryOptions({
    queryKey: ticketKeys.list(filters),
    queryFn: () => getTickets(filters),
    placeholderData: keepPreviousData,
  });

export function useTickets(filters: ListTicketsQuery) {
  return useQuery(ticketsQuery(filters));
}
