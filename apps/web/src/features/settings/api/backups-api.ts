import type { BackupFile, ListBackupsResponse } from '@agencia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';

const backupsKey = ['backups'] as const;

/** `GET /backups` (admin): archives (newest first), schedule, encryption, second copy, retention. */
export const useBackups = () =>
  useQuery({
    queryKey: backupsKey,
    queryFn: async () => unwrap(apiClient.get<SuccessEnvelope<ListBackupsResponse>>('/backups')),
  });

/** `POST /backups` (admin): "Crear copia ahora". A backup can take a while: 10 minutes at most. */
export function useCreateBackup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await unwrap(
          apiClient.post<SuccessEnvelope<{ backup: BackupFile }>>('/backups', undefined, {
            timeout: 600_000,
          }),
        )
      ).backup,
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: backupsKey });
      qc.invalidateQueries({ queryKey: ['backups', 'status'] });
    },
    retry: false,
  });
}

/** Saves `GET /backups/{name}/download` as a file (blob + temporary link, bearer header included). */
export async function downloadBackup(name: string): Promise<void> {
  const res = await apiClient.get<Blob>(`/backups/${encodeURIComponent(name)}/download`, {
    responseType: 'blob',
    timeout: 600_000,
  });
  const url = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
