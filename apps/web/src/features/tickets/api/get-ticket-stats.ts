import type { TicketAssigneeSchema, TicketStats } from '@agencia/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';
import { useSessionStore } from '../../../stores/session-store';
import { ticketKeys } from './keys';

/** `GET /tickets/stats`: counters of the list page. */
export function useTicketStats() {
  return useQuery({
    queryKey: ticketKeys.stats,
    queryFn: async () => (await apiClient.get<SuccessEnvelope<TicketStats>>('/tickets/stats')).data.data,
  });
}

export type Assignee = z.infer<typeof TicketAssigneeSchema>;

/** `GET /tickets/assignees` (staff only; disabled for clients). */
export function useAssignees() {
  const role = useSessionStore((s) => s.user?.role);
  return useQuery({
    queryKey: ticketKeys.assignees,
    enabled: role === 'admin' || role === 'employee',
    queryFn: async () =>
      (await apiClient.get<SuccessEnvelope<{ assignees: Assignee[] }>>('/tickets/assignees')).data.data
        .assignees,
  });
}
