import type { ListTicketsQuery } from '@agencia/shared';

/** Query keys of the tickets feature; `ticketKeys.all` invalidates every ticket query. */
export const ticketKeys = {
  all: ['tickets'] as const,
  list: (filters: ListTicketsQuery) => ['tickets', 'list', filters] as const,
  detail: (id: string) => ['tickets', 'detail', id] as const,
  /** Older conversation pages of one ticket ("Ver mensajes anteriores"). */
  messages: (id: string) => ['tickets', 'messages', id] as const,
  stats: ['tickets', 'stats'] as const,
  assignees: ['tickets', 'assignees'] as const,
};
