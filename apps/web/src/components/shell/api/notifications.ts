import type { ListNotificationsResponse, Notification, OutboxEmail } from '@agencia/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';

/** Query key root of the bell menu; the socket 'notification' event invalidates it. */
export const notificationKeys = {
  all: ['notifications'] as const,
  feed: ['notifications', 'feed'] as const,
  outbox: ['notifications', 'outbox'] as const,
};

/** Notifications the bell loads at a time ("Cargar más" adds as many again). */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** The bell's feed: the pages loaded so far as one list, newest first, and the unread count. */
export interface NotificationFeed {
  notifications: Notification[];
  unreadCount: number;
  /** The caller's notifications in all (loaded or not). */
  total: number;
}

/**
 * `GET /notifications?page&limit=20` as a feed (decision 102): the first page on load,
 * `fetchNextPage()` appends the next one ('Cargar más'). A notification that arrived meanwhile
 * shifts the pages by one; the overlap shows once.
 */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationKeys.feed,
    initialPageParam: 1,
    queryFn: async ({ pageParam }) =>
      (
        await apiClient.get<SuccessEnvelope<ListNotificationsResponse>>('/notifications', {
          params: { page: pageParam, limit: NOTIFICATIONS_PAGE_SIZE },
        })
      ).data.data,
    getNextPageParam: (last) =>
      last.pagination.page * last.pagination.limit < last.pagination.total
        ? last.pagination.page + 1
        : undefined,
    select: (data): NotificationFeed => {
      const seen = new Set<string>();
      const notifications = data.pages
        .flatMap((p) => p.notifications)
        .filter((n) => !seen.has(n._id) && seen.add(n._id));
      const first = data.pages[0];
      return {
        notifications,
        unreadCount: first?.unreadCount ?? 0,
        total: first?.pagination.total ?? 0,
      };
    },
    staleTime: 60_000,
  });
}

/** `PUT /notifications/{id}/read` and `PUT /notifications/read-all`. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  return {
    one: useMutation({
      mutationFn: async (id: string) => {
        await apiClient.put(`/notifications/${id}/read`);
      },
      onSuccess,
    }),
    all: useMutation({
      mutationFn: async () => {
        await apiClient.put('/notifications/read-all');
      },
      onSuccess,
    }),
  };
}

/** `GET /notifications/outbox` (admin): emails queued or sent. */
export function useOutbox(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.outbox,
    enabled,
    queryFn: async () =>
      (await apiClient.get<SuccessEnvelope<{ emails: OutboxEmail[] }>>('/notifications/outbox')).data.data
        .emails,
  });
}
