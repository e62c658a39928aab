import type { PushSubscriptionInput } from '@agencia/shared';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';

/** `GET /push/public-key`: the VAPID key this device subscribes with. */
export async function getPushPublicKey(): Promise<string> {
  return (await unwrap(apiClient.get<SuccessEnvelope<{ publicKey: string }>>('/push/public-key'))).publicKey;
}

/** `POST /push/subscriptions`: this device receives the caller's notifications. */
export async function saveDevice(subscription: PushSubscriptionInput): Promise<void> {
  await apiClient.post('/push/subscriptions', subscription);
}

/** `DELETE /push/subscriptions`: this device stops receiving them (404 = already forgotten). */
export async function forgetDevice(endpoint: string): Promise<void> {
  await apiClient
    .delete('/push/subscriptions', { data: { endpoint } })
    .catch((err: { response?: { status?: number } }) => {
      if (err.response?.status !== 404) throw err;
    });
}

/** `POST /push/test`: answers how many devices the test was queued for. */
export async function sendTestPush(): Promise<number> {
  return (await unwrap(apiClient.post<SuccessEnvelope<{ devices: number }>>('/push/test'))).devices;
}
