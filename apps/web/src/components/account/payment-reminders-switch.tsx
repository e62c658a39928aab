import { Switch } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, getErrorMessage, unwrap } from '../../lib/api-client';
import { toastError, toastSuccess } from '../../lib/toast';

/**
 * "Recordatorios de pago automáticos" (decision 111's per-client opt-out): on = the client gets
 * the scheduled reminders. `url` is `/clients/{id}/reminders` (admin) or `/reminders/me` (the
 * client itself); both answer `{ optOut }`.
 */
export function PaymentRemindersSwitch({ url, description }: { url: string; description: string }) {
  const qc = useQueryClient();
  const key = ['reminders-opt-out', url];
  const query = useQuery({ queryKey: key, queryFn: () => unwrap<{ optOut: boolean }>(apiClient.get(url)) });
  const save = useMutation({
    mutationFn: (optOut: boolean) => unwrap<{ optOut: boolean }>(apiClient.put(url, { optOut })),
    onSuccess: (data) => {
      qc.setQueryData(key, data);
      toastSuccess(
        'Preferencia guardada',
        data.optOut ? 'Recordatorios automáticos desactivados' : 'Recordatorios automáticos activados',
      );
    },
    onError: (error) => toastError('Error', getErrorMessage(error, 'No se pudo guardar la preferencia')),
  });
  const optOut = save.isPending ? save.variables : query.data?.optOut;
  return (
    <Switch
      label="Recordatorios de pago automáticos"
      description={description}
      checked={optOut === undefined ? false : !optOut}
      disabled={query.isLoading || query.isError || save.isPending}
      error={query.isError ? getErrorMessage(query.error, 'No se pudo cargar la preferencia') : undefined}
      onChange={(e) => save.mutate(!e.currentTarget.checked)}
    />
  );
}
