import { useEffect } from 'react';
import { replaceStaleSubscription } from '../../../lib/pwa';
import { forgetDevice, getPushPublicKey, saveDevice } from '../api/push-api';

/**
 * Mounted once in the signed-in portal (decision 169 addendum): on load, a device whose push
 * subscription was made with another VAPID key than the server's (keys changed or restored) is
 * subscribed again with the server's key — silently, only where the permission is already granted
 * — and the server learns the new endpoint and forgets the old one. Waits `delayMs` so it never
 * competes with the page's own requests; any failure is left for the profile's switch.
 */
export function PushKeyRefresh({ delayMs = 3000 }: { delayMs?: number }) {
  useEffect(() => {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    let cancelled = false;
    const id = window.setTimeout(async () => {
      try {
        const publicKey = await getPushPublicKey();
        if (cancelled) return;
        const replaced = await replaceStaleSubscription(publicKey);
        if (!replaced) return;
        await saveDevice(replaced.subscription);
        if (replaced.oldEndpoint !== replaced.subscription.endpoint) await forgetDevice(replaced.oldEndpoint);
      } catch {
        // Silent by design: the switch in Perfil → Notificaciones shows the real state.
      }
    }, delayMs);
    return () => {
      cancelled = true;
      window.clearTimeout(id);
    };
  }, [delayMs]);
  return null;
}
