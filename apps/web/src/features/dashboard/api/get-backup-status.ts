import type { BackupStatus } from '@agencia/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';

/**
 * `GET /backups/status` (admin, decision 143): the last good backup and whether it is older than
 * 36 hours. Its key sits under `['backups']`, so "Crear copia ahora" refreshes it.
 */
export const useBackupStatus = (enabled: boolean) =>
  useQuery({
    queryKey: ['backups', 'status'] as const,
    queryFn: async () => unwrap(apiClient.get<SuccessEnvelope<BackupStatus>>('/backups/status')),
    enabled,
    staleTime: 60_000,
  });
