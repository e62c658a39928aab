import type {
  AttendeeStatus,
  CalendarEvent,
  CalendarFeed,
  CalendarStats,
  CreateEventRequest,
  EventType,
  Invitee,
  ListEventPageQuery,
  ListEventPageResponse,
  UpdateEventRequest,
} from '@agencia/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';

/** Query keys of the calendar feature (the socket 'calendar:changed' invalidates `calendarKeys.all`). */
export const calendarKeys = {
  all: ['calendar'] as const,
  range: (r: EventRange) => ['calendar', 'range', r] as const,
  list: (q: ListEventPageQuery) => ['calendar', 'list', q] as const,
  detail: (id: string) => ['calendar', 'detail', id] as const,
  upcoming: ['calendar', 'upcoming'] as const,
  stats: ['calendar', 'stats'] as const,
  invitees: ['calendar', 'invitees'] as const,
  feed: ['calendar', 'feed'] as const,
};

/** A range (ISO instants) plus optional filters. */
export interface EventRange {
  start: string;
  end: string;
  type?: EventType;
  search?: string;
}

type Events = SuccessEnvelope<{ events: CalendarEvent[] }>;
type EventAnswer = SuccessEnvelope<{ event: CalendarEvent }>;

/** `GET /calendar?start_date&end_date&view&type&search`. */
export function useEvents(range: EventRange | null) {
  return useQuery({
    queryKey: calendarKeys.range(range ?? { start: '', end: '' }),
    enabled: !!range,
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (
        await apiClient.get<Events>('/calendar', {
          params: {
            start_date: range?.start,
            end_date: range?.end,
            type: range?.type || undefined,
            search: range?.search || undefined,
          },
        })
      ).data.data.events,
  });
}

/**
 * `GET /calendar/list?start_date&type&search&page&limit` (the "Lista de eventos" tab, decision
 * 103): one page in date order and `pagination`; `null` while the tab is hidden.
 */
export function useEventPage(query: ListEventPageQuery | null) {
  return useQuery({
    queryKey: calendarKeys.list(query ?? {}),
    enabled: !!query,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const params = Object.fromEntries(
        Object.entries(query ?? {}).filter(([, v]) => v !== undefined && v !== ''),
      );
      return (await apiClient.get<SuccessEnvelope<ListEventPageResponse>>('/calendar/list', { params })).data
        .data;
    },
  });
}

/** `GET /calendar/{id}`. */
export function useEvent(id: string) {
  return useQuery({
    queryKey: calendarKeys.detail(id),
    queryFn: async () => (await apiClient.get<EventAnswer>(`/calendar/${id}`)).data.data.event,
  });
}

/** `GET /calendar/upcoming?limit=5`. Failures are only logged (spec doc 2 §8). */
export function useUpcomingEvents() {
  return useQuery({
    queryKey: calendarKeys.upcoming,
    queryFn: async () => {
      try {
        return (await apiClient.get<Events>('/calendar/upcoming', { params: { limit: 5 } })).data.data.events;
      } catch (error) {
        console.warn('upcoming events failed', error);
        return [];
      }
    },
  });
}

/** `GET /calendar/stats`. */
export function useCalendarStats() {
  return useQuery({
    queryKey: calendarKeys.stats,
    queryFn: async () => (await apiClient.get<SuccessEnvelope<CalendarStats>>('/calendar/stats')).data.data,
  });
}

/** `GET /calendar/invitees`. */
export function useInvitees(enabled: boolean) {
  return useQuery({
    queryKey: calendarKeys.invitees,
    enabled,
    queryFn: async () =>
      (await apiClient.get<SuccessEnvelope<{ invitees: Invitee[] }>>('/calendar/invitees')).data.data
        .invitees,
  });
}

/** Create, update (also drag/resize), attendance and delete; each invalidates the calendar queries. */
export function useEventMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: calendarKeys.all });
  return {
    create: useMutation({
      retry: false,
      onSuccess,
      mutationFn: async (body: CreateEventRequest) =>
        (await apiClient.post<EventAnswer>('/calendar', body)).data.data.event,
    }),
    update: useMutation({
      retry: false,
      onSuccess,
      mutationFn: async ({ id, body }: { id: string; body: UpdateEventRequest }) =>
        (await apiClient.put<EventAnswer>(`/calendar/${id}`, body)).data.data.event,
    }),
    attendance: useMutation({
      retry: false,
      onSuccess,
      mutationFn: async ({ id, status }: { id: string; status: AttendeeStatus }) =>
        (await apiClient.put<EventAnswer>(`/calendar/${id}/attendance`, { status })).data.data.event,
    }),
    remove: useMutation({
      retry: false,
      onSuccess,
      mutationFn: async (id: string) => {
        await apiClient.delete(`/calendar/${id}`);
      },
    }),
  };
}

/** The private iCalendar feed: status, create/regenerate (returns the URL once), revoke. */
export function useCalendarFeed(enabled: boolean) {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: calendarKeys.feed,
    enabled,
    queryFn: async () => (await apiClient.get<SuccessEnvelope<CalendarFeed>>('/calendar/feed')).data.data,
  });
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: calendarKeys.feed });
  return {
    status,
    create: useMutation({
      retry: false,
      mutationFn: async () =>
        (await apiClient.post<SuccessEnvelope<CalendarFeed>>('/calendar/feed')).data.data,
      onSuccess,
    }),
    revoke: useMutation({
      retry: false,
      mutationFn: async () => {
        await apiClient.delete('/calendar/feed');
      },
      onSuccess,
    }),
  };
}
