import type { OnlinePaymentSettings, UpdateOnlinePaymentSettingsRequest } from '@agencia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';

const key = ['settings', 'online-payments'] as const;
type Envelope = SuccessEnvelope<{ onlinePayments: OnlinePaymentSettings }>;

/** `GET /settings/online-payments` (admin): the Azul set-up, the auth key only as `hasAuthKey`. */
export const useOnlinePaymentSettings = () =>
  useQuery({
    queryKey: key,
    queryFn: async () => (await unwrap(apiClient.get<Envelope>('/settings/online-payments'))).onlinePayments,
  });

/** `PUT /settings/online-payments` (admin). */
export function useUpdateOnlinePaymentSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateOnlinePaymentSettingsRequest) =>
      (await unwrap(apiClient.put<Envelope>('/settings/online-payments', body))).onlinePayments,
    onSuccess: (saved) => qc.setQueryData(key, saved),
    retry: false,
  });
}
