import type { ListUsersQuery, ListUsersResponse, UserStats } from '@agencia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';

/** Query keys of the users feature. */
export const usersKeys = {
  all: ['users'] as const,
  list: (query: ListUsersQuery) => ['users', 'list', query] as const,
  stats: ['users', 'stats'] as const,
  detail: (id: string) => ['users', 'detail', id] as const,
  activity: (id: string, page: number) => ['users', 'activity', id, page] as const,
};

/** `GET /users` with the screen's filters (empty values are left out). */
export function getUsers(query: ListUsersQuery): Promise<ListUsersResponse> {
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined));
  return unwrap(apiClient.get<SuccessEnvelope<ListUsersResponse>>('/users', { params }));
}

export const usersQuery = (query: ListUsersQuery) =>
  queryOptions({
    queryKey: usersKeys.list(query),
    queryFn: () => getUsers(query),
    placeholderData: keepPreviousData,
  });

export function useUsers(query: ListUsersQuery) {
  return useQuery(usersQuery(query));
}

/** `GET /users/stats`. */
export function getUserStats(): Promise<UserStats> {
  return unwrap(apiClient.get<SuccessEnvelope<UserStats>>('/users/stats'));
}

export function useUserStats() {
  return useQuery({ queryKey: usersKeys.stats, queryFn: getUserStats });
}
