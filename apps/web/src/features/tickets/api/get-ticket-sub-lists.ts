import {
  ListTicketAttachmentsResponseSchema,
  ListTicketTimeLogsResponseSchema,
  ListTicketTimelineResponseSchema,
} from '@agencia/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';
import { ticketKeys } from './keys';

/**
 * The paged parts of a ticket's detail (issue 14): `GET /tickets/{id}/attachments|timeline|
 * time-logs` with `page` (20 rows each). Keys live under `ticketKeys.detail(id)`, so every ticket
 * write and live update that refetches the detail refetches them too.
 */
const PARTS = {
  attachments: ListTicketAttachmentsResponseSchema,
  timeline: ListTicketTimelineResponseSchema,
  'time-logs': ListTicketTimeLogsResponseSchema,
} as const;
type Part = keyof typeof PARTS;

/** One page of a part of the ticket; throws the API error (shown by the section). */
export async function getTicketPart<K extends Part>(
  id: string,
  part: K,
  page: number,
): Promise<z.infer<(typeof PARTS)[K]>> {
  const response = await apiClient.get<SuccessEnvelope<unknown>>(`/tickets/${id}/${part}`, {
    params: page > 1 ? { page } : undefined,
  });
  return PARTS[part].parse(response.data.data) as z.infer<(typeof PARTS)[K]>;
}

function usePart<K extends Part>(id: string, part: K, page: number, enabled = true) {
  return useQuery({
    queryKey: [...ticketKeys.detail(id), part, page] as const,
    queryFn: () => getTicketPart(id, part, page),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Sidebar "Adjuntos": files the caller may see, newest first. */
export const useTicketAttachments = (id: string, page: number) => usePart(id, 'attachments', page);
/** "Actividad" tab: timeline, newest first (clients: no internal entries). */
export const useTicketTimeline = (id: string, page: number) => usePart(id, 'timeline', page);
/** "Tiempo" tab (staff only; `enabled` false for clients, whom the API refuses). */
export const useTicketTimeLogs = (id: string, page: number, enabled: boolean) =>
  usePart(id, 'time-logs', page, enabled);
