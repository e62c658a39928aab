import type { BusinessHours } from '@agencia/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from './api-client';

/**
 * `GET /settings/business-hours` (every signed-in role, decision 145): the agency's working days,
 * Monday first. Read by the calendar (shading and initial scroll) and the settings form; the
 * settings form writes them back and refreshes this query.
 */
export const businessHoursQuery = queryOptions({
  queryKey: ['settings', 'business-hours'] as const,
  queryFn: async (): Promise<BusinessHours> =>
    (
      await unwrap(
        apiClient.get<SuccessEnvelope<{ businessHours: BusinessHours }>>('/settings/business-hours'),
      )
    ).businessHours,
  staleTime: 30 * 60 * 1000,
});
