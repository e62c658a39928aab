import type { ListAuditResponse, ManagedUser as User } from '@agencia/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';
import { usersKeys } from './get-users';

/** `GET /users/{id}`. */
export async function getUser(id: string): Promise<User> {
  const data = await unwrap(apiClient.get<SuccessEnvelope<{ user: User }>>(`/users/${id}`));
  return data.user;
}

export function useUser(id: string) {
  return useQuery({ queryKey: usersKeys.detail(id), queryFn: () => getUser(id) });
}

/** `GET /users/{id}/activity`: audit entries the user did or that targeted the user. */
export function getUserActivity(id: string, page: number): Promise<ListAuditResponse> {
  return unwrap(
    apiClient.get<SuccessEnvelope<ListAuditResponse>>(`/users/${id}/activity`, {
      params: { page, limit: 20 },
    }),
  );
}

export function useUserActivity(id: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: usersKeys.activity(id, page),
    queryFn: () => getUserActivity(id, page),
    enabled,
    placeholderData: keepPreviousData,
  });
}
