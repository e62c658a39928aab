import type { EcfAlerts } from '@agencia/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';

/**
 * `GET /fiscal/ecf-alerts` (admin, issue 26): rejected e-CF, e-CF waiting over an hour for the
 * DGII, and the certificate's expiry. Its key sits under `['fiscal', 'ecf']`, so a change in
 * Configuración → Fiscal (certificate, mode) refreshes it.
 */
export const useEcfAlerts = (enabled: boolean) =>
  useQuery({
    queryKey: ['fiscal', 'ecf', 'alerts'] as const,
    queryFn: async () =>
      (await unwrap(apiClient.get<SuccessEnvelope<{ alerts: EcfAlerts }>>('/fiscal/ecf-alerts'))).alerts,
    enabled,
    staleTime: 60_000,
  });
