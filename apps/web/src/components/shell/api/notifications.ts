import type { Notification, OutboxEmail } from '@agencia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';

/** Query key root of the bell menu; the socket 'notification' event invalidates it. */
export const notificationKeys = {
  all: ['notifications'] as const,
  outbox: ['notifications', 'outbox'] as const,
};

/** `GET /notifications?limit=20`: latest notifications and the unread count. */
export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.all,
    queryFn: async () =>
      (
        await apiClient.get<SuccessEnvelope<{ notifications: Notification[]; unreadCount: number }>>(
          '/notifications',
          {
            params: { limit: 20 },
          },
        )
      ).data.data,
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
