import { type NavBadges, NavBadgesSchema } from '@agencia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';

export type { NavBadges };

/** Refetch interval of the rail counters; a socket 'nav:badges' event also invalidates them. */
export const NAV_BADGES_REFETCH_MS = 60_000;

/** `GET /nav/badges`: active projects and open tickets visible to the caller. */
export async function getNavBadges(): Promise<NavBadges> {
  const response = await apiClient.get<SuccessEnvelope<NavBadges>>('/nav/badges');
  return NavBadgesSchema.parse(response.data.data);
}

export const navBadgesQuery = queryOptions({
  queryKey: ['nav', 'badges'],
  queryFn: getNavBadges,
  staleTime: NAV_BADGES_REFETCH_MS,
  refetchInterval: NAV_BADGES_REFETCH_MS,
});

export function useNavBadges() {
  return useQuery(navBadgesQuery);
}
