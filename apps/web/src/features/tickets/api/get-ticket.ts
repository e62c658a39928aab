import type { TicketDetail } from '@agencia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';
import { ticketKeys } from './keys';

/** `GET /tickets/{id}`. */
export async function getTicket(id: string): Promise<TicketDetail> {
  const response = await apiClient.get<SuccessEnvelope<{ ticket: TicketDetail }>>(`/tickets/${id}`);
  return response.data.data.ticket;
}

export const ticketQuery = (id: string) =>
  queryOptions({ queryKey: ticketKeys.detail(id), queryFn: () => getTicket(id) });

export function useTicket(id: string) {
  return useQuery(ticketQuery(id));
}
