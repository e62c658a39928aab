import type { CompanySettings } from '@agencia/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';

/**
 * `GET /settings` (staff): the agency's `taxpayerKind` (withholding defaults) and `fiscalMode`
 * (B11 or E41). Same key and shape as the settings feature's query.
 */
export const useAgencySettings = (enabled = true) =>
  useQuery({
    queryKey: ['settings', 'company'],
    queryFn: async () =>
      (await unwrap(apiClient.get<SuccessEnvelope<{ settings: CompanySettings }>>('/settings'))).settings,
    enabled,
    staleTime: 60_000,
  });
