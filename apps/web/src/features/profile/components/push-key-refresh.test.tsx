import { PushPublicKeyResponseSchema } from '@agencia/shared';
import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, http, ok, okMessage, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { base64UrlToBytes } from '../../../lib/pwa';
import { PushKeyRefresh } from './push-key-refresh';

/** The server's current VAPID key and an older one (both 65 bytes once decoded). */
const SERVER_KEY = `B${'A'.repeat(86)}`;
const OLD_KEY = `B${'Q'.repeat(86)}`;
const subscriptionJson = (endpoint: string) => ({
  endpoint,
  expirationTime: null,
  keys: { p256dh: `B${'q'.repeat(86)}`, auth: 'a'.repeat(22) },
});

/** A browser with the permission given and a subscription made with `key` (null: none). */
function fakeBrowser(key: string | null, permission: NotificationPermission = 'granted') {
  const make = (endpoint: string, k: Uint8Array) => {
    const sub = {
      endpoint,
      options: { applicationServerKey: k.buffer },
      toJSON: () => subscriptionJson(endpoint),
      unsubscribe: vi.fn(async () => {
        current = null;
        return true;
      }),
    };
    return sub;
  };
  let current: ReturnType<typeof make> | null = key
    ? make('https://push.example/old', base64UrlToBytes(key))
    : null;
  const old = current;
  const subscribe = vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
    current = make('https://push.example/new', options.applicationServerKey);
    return current;
  });
  const requestPermission = vi.fn();
  const registration = { pushManager: { getSubscription: async () => current, subscribe } };
  vi.stubGlobal('Notification', { permission, requestPermission });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return { subscribe, requestPermission, old };
}

describe('PushKeyRefresh: a device subscribed with an old VAPID key (decision 169 addendum)', () => {
  let posted: unknown[];
  let deleted: unknown[];
  let keyAsked: number;
  beforeEach(() => {
    posted = [];
    deleted = [];
    keyAsked = 0;
    server.use(
      http.get(apiUrl('/push/public-key'), () => {
        keyAsked++;
        return ok(PushPublicKeyResponseSchema, { publicKey: SERVER_KEY });
      }),
      http.post(apiUrl('/push/subscriptions'), async ({ request }) => {
        posted.push(await request.json());
        return okMessage('Este dispositivo recibirá notificaciones');
      }),
      http.delete(apiUrl('/push/subscriptions'), async ({ request }) => {
        deleted.push(await request.json());
        return okMessage('Este dispositivo ya no recibirá notificaciones');
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('re-subscribes silently with the server key, tells the server the new endpoint and forgets the old', async () => {
    const browser = fakeBrowser(OLD_KEY);
    renderWithProviders(<PushKeyRefresh delayMs={0} />, '/dashboard');
    await waitFor(() => expect(posted).toEqual([subscriptionJson('https://push.example/new')]));
    expect(browser.old!.unsubscribe).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledTimes(1);
    const options = browser.subscribe.mock.calls[0]![0] as {
      userVisibleOnly: boolean;
      applicationServerKey: Uint8Array;
    };
    expect(options.userVisibleOnly).toBe(true);
    expect([...options.applicationServerKey]).toEqual([...base64UrlToBytes(SERVER_KEY)]);
    await waitFor(() => expect(deleted).toEqual([{ endpoint: 'https://push.example/old' }]));
    // Never a permission prompt on load.
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('leaves a subscription made with the server key alone', async () => {
    const browser = fakeBrowser(SERVER_KEY);
    renderWithProviders(<PushKeyRefresh delayMs={0} />, '/dashboard');
    await waitFor(() => expect(keyAsked).toBe(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(browser.old!.unsubscribe).not.toHaveBeenCalled();
    expect(posted).toEqual([]);
    expect(deleted).toEqual([]);
  });

  it('does nothing without a granted permission or without a subscription', async () => {
    const denied = fakeBrowser(OLD_KEY, 'default');
    const view = renderWithProviders(<PushKeyRefresh delayMs={0} />, '/dashboard');
    await new Promise((r) => setTimeout(r, 50));
    expect(keyAsked).toBe(0);
    expect(denied.subscribe).not.toHaveBeenCalled();
    expect(denied.requestPermission).not.toHaveBeenCalled();
    view.unmount();

    const none = fakeBrowser(null);
    renderWithProviders(<PushKeyRefresh delayMs={0} />, '/dashboard');
    await waitFor(() => expect(keyAsked).toBe(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(none.subscribe).not.toHaveBeenCalled();
    expect(posted).toEqual([]);
  });
});
