import { createECDH, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, signInAs, test } from './fixtures.js';

/*
 * The installable portal and Web Push in the browser (issue 46, decision 169).
 *
 * Chromium's own push service (FCM) is not reachable here, and the headless shell refuses a real
 * `pushManager.subscribe()`. So the page's PushManager answers with a subscription for a device
 * whose keys this test made (a P-256 key pair and an auth secret, as a browser would); the portal
 * sends it to the server exactly as it would a real one, and the server validates and stores it.
 * The push the server then queues is delivered to the real service worker with the DevTools
 * protocol (`ServiceWorker.deliverPushMessage`) carrying the payload the server sends for it; the
 * server's side of the push protocol — VAPID JWT and RFC 8291 encryption — is checked against a
 * local push service in apps/api/src/modules/push/push.test.ts.
 */

/** A device's subscription JSON, with keys made here. */
function fakeDevice() {
  const ecdh = createECDH('prime256v1');
  return {
    endpoint: `https://push.e2e.invalid/send/${randomBytes(8).toString('hex')}`,
    expirationTime: null,
    keys: { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

/** Replaces the page's PushManager with one that hands out `device`, and records the worker's messages. */
async function stubPushManager(page: Page, device: ReturnType<typeof fakeDevice>) {
  await page.addInitScript((json) => {
    const w = window as unknown as { __pushMessages: unknown[] };
    w.__pushMessages = [];
    navigator.serviceWorker?.addEventListener('message', (event) => w.__pushMessages.push(event.data));
    let current: object | null = null;
    const make = () => ({
      endpoint: json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      toJSON: () => json,
      unsubscribe: async () => {
        current = null;
        return true;
      },
    });
    PushManager.prototype.subscribe = async function subscribe() {
      current = make();
      return current as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      return current as PushSubscription | null;
    };
  }, device);
}

/** The registration id of the page's service worker, from the DevTools protocol. */
async function serviceWorkerRegistrationId(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const ids: string[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
    for (const r of event.registrations) if (!r.isDeleted) ids.push(r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => ids.length, { message: 'a service worker registration' }).toBeGreaterThan(0);
  return { cdp, registrationId: ids[0]! };
}

test('subscribe from Perfil → Notificaciones and receive the push in the service worker', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const device = fakeDevice();
  await stubPushManager(page, device);
  const session = await signInAs(page, 'cliente');
  await page.goto('/profile?tab=notifications');
  await expect(page.getByRole('heading', { name: 'Este dispositivo' })).toBeVisible();
  const toggle = page.getByRole('switch', { name: /Recibir notificaciones en este dispositivo/ });
  await expect(toggle).not.toBeChecked();
  await toggle.click({ force: true });
  await expect(toggle).toBeChecked();
  await expect(page.getByText('Este dispositivo recibirá notificaciones').first()).toBeVisible();

  // The server validated and stored this device for this user.
  const devices = await page.request.get('/api/push/subscriptions', {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect((await devices.json()).data.devices).toEqual([
    { endpointOrigin: 'https://push.e2e.invalid', createdAt: expect.any(String) },
  ]);

  // A notification for this user: the test button queues one for each of their devices.
  await page.getByRole('button', { name: 'Enviar notificación de prueba' }).click();
  await expect(
    page.getByText('Enviamos una notificación de prueba a tus dispositivos').first(),
  ).toBeVisible();

  const { cdp, registrationId } = await serviceWorkerRegistrationId(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  const payload = {
    title: 'Notificación de prueba',
    body: 'Las notificaciones de este dispositivo funcionan.',
    url: '/profile?tab=notifications',
    tag: 'test-e2e',
    topic: 'system',
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL!).origin,
    registrationId,
    data: JSON.stringify(payload),
  });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __pushMessages: unknown[] }).__pushMessages))
    .toContainEqual({ type: 'push-received', payload });
  // (The headless shell has no notification centre: `showNotification` there shows nothing, so
  // what the worker drew is not read back; the message above is the worker's own receipt.)
  // Switching off forgets the device on the server.
  await toggle.click({ force: true });
  await expect(toggle).not.toBeChecked();
  const after = await page.request.get('/api/push/subscriptions', {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect((await after.json()).data.devices).toEqual([]);
});

test('the manifest, icons and service worker are served with the right headers under the CSP', async ({
  page,
  request,
}) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['content-type']).toBe('application/manifest+json; charset=utf-8');
  expect(manifest.headers()['cache-control']).toBe('no-cache');
  const body = await manifest.json();
  expect(body).toMatchObject({
    display: 'standalone',
    start_url: '/dashboard',
    lang: 'es-DO',
    theme_color: '#1971c2',
  });
  expect(body.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of body.icons as Array<{ src: string }>) {
    const res = await request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  }
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(await sw.text()).toContain("url.pathname.startsWith('/api/')");

  // Signed in, the portal registers the worker; a CSP refusal would be a console error (fails the test).
  await signInAs(page, 'cliente');
  const document = await page.goto('/dashboard');
  expect(document?.headers()['content-security-policy']).toContain("default-src 'self'");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${new URL(page.url()).origin}/`);
});

test('the portal starts offline from the cached shell and says "Sin conexión"', async ({
  page,
  context,
  allowedConsoleErrors,
}) => {
  // Offline, the API calls fail as they should (never answered from a cache).
  allowedConsoleErrors.push(
    /ERR_INTERNET_DISCONNECTED|Failed to load resource|net::ERR_FAILED|socket\.io|WebSocket/,
  );
  await signInAs(page, 'cliente');
  await page.goto('/dashboard');
  await expect(page.getByText('Sin conexión.')).toHaveCount(0);
  // The worker installed (precache done) and controls the page.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Sin conexión.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Sin conexión.' })).toContainText(
    'los cambios no se guardarán hasta que vuelva la conexión',
  );
  // The portal's frame came from the cache: the app rendered (the session is kept offline).
  await expect(page.locator('html[data-app-ready]')).toBeAttached();
  // /api is network only: offline it fails instead of answering from any cache.
  const api = await page.evaluate(() =>
    fetch('/api/health').then(
      () => 'answered',
      () => 'failed',
    ),
  );
  expect(api).toBe('failed');

  await context.setOffline(false);
  await expect(page.getByText('Sin conexión.')).toHaveCount(0);
});
