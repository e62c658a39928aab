import {
  PushDevicesResponseSchema,
  PushPublicKeyResponseSchema,
  PushTestResponseSchema,
} from '@agencia/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, HttpResponse, http, ok, okMessage, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { type DeviceInfo, isAppleMobile, pushSupport } from '../../../lib/pwa';
import { DevicePush } from './device-push';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_MODE =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

const desktop: DeviceInfo = {
  userAgent: CHROME,
  platform: 'Linux x86_64',
  maxTouchPoints: 0,
  standalone: false,
  hasServiceWorker: true,
  hasPushManager: true,
  hasNotification: true,
};
const KEY = `B${'A'.repeat(86)}`;
const SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  expirationTime: null,
  keys: { p256dh: `B${'q'.repeat(86)}`, auth: 'a'.repeat(22) },
};

/** A browser's push plumbing: Notification, a service worker registration and its pushManager. */
function fakeBrowser(permission: NotificationPermission, subscribed = false) {
  let current: unknown = subscribed ? { ...fakeSubscription() } : null;
  function fakeSubscription() {
    return {
      endpoint: SUBSCRIPTION.endpoint,
      options: { applicationServerKey: null },
      toJSON: () => SUBSCRIPTION,
      unsubscribe: vi.fn(async () => {
        current = null;
        return true;
      }),
    };
  }
  const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
  const subscribe = vi.fn(async () => {
    current = fakeSubscription();
    return current;
  });
  const registration = { pushManager: { getSubscription: async () => current, subscribe } };
  vi.stubGlobal('Notification', { permission, requestPermission });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return { requestPermission, subscribe };
}

describe('pushSupport: what this device can do (decision 169)', () => {
  it('tells iPhone and iPad (also iPadOS in desktop mode) outside the Home Screen app to install it', () => {
    const iphone = { ...desktop, userAgent: IPHONE_SAFARI, platform: 'iPhone', maxTouchPoints: 5 };
    expect(isAppleMobile(iphone)).toBe(true);
    expect(pushSupport(iphone)).toBe('ios-install');
    const ipad = { ...desktop, userAgent: IPAD_DESKTOP_MODE, platform: 'MacIntel', maxTouchPoints: 5 };
    expect(pushSupport(ipad)).toBe('ios-install');
    expect(pushSupport({ ...iphone, standalone: true })).toBe('supported');
    expect(pushSupport({ ...iphone, standalone: true, hasPushManager: false })).toBe('ios-update');
  });

  it('a Mac without a touch screen and desktop Chrome are ordinary browsers', () => {
    expect(pushSupport({ ...desktop, userAgent: IPAD_DESKTOP_MODE, platform: 'MacIntel' })).toBe('supported');
    expect(pushSupport(desktop)).toBe('supported');
    expect(pushSupport({ ...desktop, hasPushManager: false })).toBe('unsupported');
  });
});

describe('DevicePush: Perfil → Notificaciones, this device', () => {
  let posted: unknown[];
  let tests: number;

  beforeEach(() => {
    posted = [];
    tests = 0;
    server.use(
      http.get(apiUrl('/push/public-key'), () => ok(PushPublicKeyResponseSchema, { publicKey: KEY })),
      http.post(apiUrl('/push/subscriptions'), async ({ request }) => {
        posted.push(await request.json());
        return okMessage('Este dispositivo recibirá notificaciones');
      }),
      http.delete(apiUrl('/push/subscriptions'), () =>
        okMessage('Este dispositivo ya no recibirá notificaciones'),
      ),
      http.get(apiUrl('/push/subscriptions'), () => ok(PushDevicesResponseSchema, { devices: [] })),
      http.post(apiUrl('/push/test'), () => {
        tests++;
        return ok(PushTestResponseSchema, { devices: 1 });
      }),
    );
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('on iPhone Safari shows how to add the portal to the Home Screen instead of a switch', () => {
    const iphone = { ...desktop, userAgent: IPHONE_SAFARI, platform: 'iPhone', maxTouchPoints: 5 };
    renderWithProviders(<DevicePush device={iphone} />, '/profile');
    expect(screen.getByText('Instala el portal en tu pantalla de inicio')).toBeTruthy();
    expect(screen.getByText('Añadir a pantalla de inicio')).toBeTruthy();
    expect(screen.getByText(/iOS 16\.4 o\s+posterior/)).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('asks for permission only on a tap, then subscribes and sends the subscription to the server', async () => {
    const browser = fakeBrowser('default');
    renderWithProviders(<DevicePush device={desktop} />, '/profile');
    const toggle = await screen.findByRole('switch', { name: /Recibir notificaciones en este dispositivo/ });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(
      (screen.getByRole('button', { name: /Enviar notificación de prueba/ }) as HTMLButtonElement).disabled,
    ).toBe(true);

    fireEvent.click(toggle);
    await waitFor(() => expect(posted).toEqual([SUBSCRIPTION]));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: expect.any(Uint8Array),
    });
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));

    const testButton = screen.getByRole('button', {
      name: /Enviar notificación de prueba/,
    }) as HTMLButtonElement;
    await waitFor(() => expect(testButton.disabled).toBe(false));
    fireEvent.click(testButton);
    await waitFor(() => expect(tests).toBe(1));
    expect(await screen.findByText('Enviamos una notificación de prueba a tus dispositivos')).toBeTruthy();
  });

  it('with the permission blocked, disables the switch and says how to allow it again', async () => {
    const browser = fakeBrowser('denied');
    renderWithProviders(<DevicePush device={desktop} />, '/profile');
    const toggle = (await screen.findByRole('switch')) as HTMLInputElement;
    expect(toggle.disabled).toBe(true);
    expect(screen.getByText('Las notificaciones están bloqueadas en este navegador')).toBeTruthy();
    expect(screen.getByText(/Configuración del sitio/)).toBeTruthy();
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('an already subscribed device shows the switch on and re-sends its subscription', async () => {
    fakeBrowser('granted', true);
    renderWithProviders(<DevicePush device={desktop} />, '/profile');
    const toggle = (await screen.findByRole('switch')) as HTMLInputElement;
    await waitFor(() => expect(toggle.checked).toBe(true));
    expect(posted).toEqual([SUBSCRIPTION]);
  });

  it('turning it off forgets the device on the server', async () => {
    fakeBrowser('granted', true);
    let deleted: unknown = null;
    server.use(
      http.delete(apiUrl('/push/subscriptions'), async ({ request }) => {
        deleted = await request.json();
        return HttpResponse.json({ success: true, message: 'ok' });
      }),
    );
    renderWithProviders(<DevicePush device={desktop} />, '/profile');
    const toggle = (await screen.findByRole('switch')) as HTMLInputElement;
    await waitFor(() => expect(toggle.checked).toBe(true));
    fireEvent.click(toggle);
    await waitFor(() => expect(deleted).toEqual({ endpoint: SUBSCRIPTION.endpoint }));
    await waitFor(() => expect(toggle.checked).toBe(false));
  });
});
