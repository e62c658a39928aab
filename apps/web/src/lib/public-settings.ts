import { DEFAULT_COMPANY_NAME } from '@agencia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope } from './api-client';

/**
 * `GET /settings/public` (no auth): what the public site and the shell need to brand themselves.
 * TODO(packages/shared): replace with a shared `PublicSettingsSchema` once the settings contract lands.
 */
export interface PublicSettings {
  name: string;
  logo: string | null;
  currency: string;
  primaryColor: string;
  secondaryColor: string;
}

export async function getPublicSettings(): Promise<PublicSettings> {
  const response = await apiClient.get<SuccessEnvelope<{ settings: PublicSettings }>>('/settings/public');
  return response.data.data.settings;
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
