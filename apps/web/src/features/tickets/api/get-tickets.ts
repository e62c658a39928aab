import type { ListTicketsQuery, ListTicketsResponse } from '@agencia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';
import { ticketKeys } from './keys';

/**
 * `GET /tickets?page&limit&search&status&priority&type` (empty filters omitted): one page of
 * tickets, newest first, and `pagination {page, limit, total}` (decision 088).
 */
export async function getTickets(filters: ListTicketsQuery): Promise<ListTicketsResponse> {
  const params = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));
  const response = await apiClient.get<SuccessEnvelope<ListTicketsResponse>>('/tickets', { params });
  return response.data.data;
}

export const ticketsQuery = (filters: ListTicketsQuery) =>
  queryOptions({
    queryKey: ticketKeys.list(filters),
    queryFn: () => getTickets(filters),
    placeholderData: keepPreviousData,
  });

/** One page of tickets; the previous page stays on screen while the next one loads. */
export function useTickets(filters: ListTicketsQuery, enabled = true) {
  return useQuery({ ...ticketsQuery(filters), enabled });
}
