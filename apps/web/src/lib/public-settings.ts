import type { PublicSettings } from '@agencia/shared';
import { DEFAULT_COMPANY_NAME } from '@agencia/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';

export type { PublicSettings };

/**
 * `GET /settings/public` (no auth): what the public site and the shell need to brand themselves.
 * Plain `fetch` on purpose: this runs on the public landing, whose bundle leaves out the portal's
 * axios client. Throws with `response.status` so the query retry rule can read it.
 */
export async function getPublicSettings(): Promise<PublicSettings> {
  const response = await fetch('/api/settings/public', { headers: { Accept: 'application/json' } });
  if (!response.ok) {
    throw Object.assign(new Error(`GET /api/settings/public ${response.status}`), {
      response: { status: response.status },
    });
  }
  const body = (await response.json()) as { data: { settings: PublicSettings } };
  return body.data.settings;
}

export const publicSettingsQuery = queryOptions({
  queryKey: ['settings', 'public'],
  queryFn: getPublicSettings,
  staleTime: 30 * 60 * 1000,
});

/** Company name for titles, falling back to DEFAULT_COMPANY_NAME while loading or offline. */
export function useCompanyName(): string {
  const { data } = useQuery(publicSettingsQuery);
  return data?.name?.trim() || DEFAULT_COMPANY_NAME;
}
