import type { PushSubscriptionInput } from '@agencia/shared';

/*
 * The installable portal and its Web Push (issue 46, decision 169): registering the service worker
 * (production builds only: `dist/sw.js` is written by scripts/service-worker.mjs), telling what this
 * device can do, and subscribing it with the server's VAPID key.
 */

/** Where the built service worker is served (scope `/`). */
export const SERVICE_WORKER_URL = '/sw.js';

/** Registers the service worker once per page (no-op in development and where unsupported). */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator))
    return Promise.resolve(null);
  // `updateViaCache: 'none'`: the browser always asks the server for sw.js, so a new build's worker
  // is found on the next visit (decision 169: no stuck old version).
  return navigator.serviceWorker
    .register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' })
    .catch(() => null);
}

/** What the browser says about itself (the parts push support depends on); tests pass their own. */
export interface DeviceInfo {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
  /** Running as an installed app (display-mode standalone, or iOS's `navigator.standalone`). */
  standalone: boolean;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
}

/** This browser's {@link DeviceInfo}. */
export function currentDevice(): DeviceInfo {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: nav.userAgent,
    platform: nav.platform ?? '',
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    standalone:
      nav.standalone === true ||
      (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches),
    hasServiceWorker: 'serviceWorker' in nav,
    hasPushManager: typeof window !== 'undefined' && 'PushManager' in window,
    hasNotification: typeof window !== 'undefined' && 'Notification' in window,
  };
}

/**
 * An iPhone, iPod or iPad — including iPadOS 13+, which says "Macintosh" but has a touch screen
 * (Apple: "Sending web push notifications in web apps and browsers", WebKit blog "Web Push for Web
 * Apps on iOS and iPadOS", 2023-02-16: push works only from a Home Screen web app, iOS 16.4+).
 */
export function isAppleMobile(
  device: Pick<DeviceInfo, 'userAgent' | 'platform' | 'maxTouchPoints'>,
): boolean {
  if (/\b(iPhone|iPad|iPod)\b/.test(device.userAgent)) return true;
  return device.platform === 'MacIntel' && device.maxTouchPoints > 1;
}

/**
 * What the "Recibir notificaciones en este dispositivo" section can offer:
 * - `ios-install`: iPhone/iPad in the browser — push needs the Home Screen app first;
 * - `ios-update`: the Home Screen app on an iOS older than 16.4 (no Push API);
 * - `unsupported`: a browser without service workers or the Push API;
 * - `supported`.
 */
export type PushSupport = 'ios-install' | 'ios-update' | 'unsupported' | 'supported';

/** {@link PushSupport} of `device`. */
export function pushSupport(device: DeviceInfo): PushSupport {
  const apple = isAppleMobile(device);
  if (apple && !device.standalone) return 'ios-install';
  const capable = device.hasServiceWorker && device.hasPushManager && device.hasNotification;
  if (apple && !capable) return 'ios-update';
  return capable ? 'supported' : 'unsupported';
}

/** A base64url text (the VAPID public key) as the bytes `pushManager.subscribe` wants. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The service worker registration, registering it when needed; null where there is none. */
export async function pushRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (existing) return existing;
  const registered = await registerServiceWorker();
  if (!registered) return null;
  return navigator.serviceWorker.ready;
}

/**
 * This device's current push subscription (never asks for permission, never waits for a worker
 * still installing: without a registration there is no subscription).
 */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return registration ? registration.pushManager.getSubscription() : null;
}

/**
 * Subscribes this device with the server's VAPID key (replacing a subscription made with another
 * key, e.g. after the keys changed) and answers its JSON for `POST /push/subscriptions`. Call after
 * the permission was granted. Throws when the browser refuses.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionInput> {
  const registration = await pushRegistration();
  if (!registration) throw new Error('Este navegador no admite notificaciones push');
  const key = base64UrlToBytes(publicKey);
  const current = await registration.pushManager.getSubscription();
  if (current) {
    if (subscribedWith(current, key) === true) return current.toJSON() as PushSubscriptionInput;
    await current.unsubscribe();
  }
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  return subscription.toJSON() as PushSubscriptionInput;
}

/**
 * Whether `subscription` was made with `key` (the VAPID public key's bytes); null when the browser
 * does not say (`options.applicationServerKey` missing).
 */
export function subscribedWith(subscription: PushSubscription, key: Uint8Array): boolean | null {
  const currentKey = subscription.options?.applicationServerKey;
  if (!currentKey) return null;
  const bytes = new Uint8Array(currentKey);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

/**
 * A device subscribed with an old VAPID key (the keys changed, or a restore brought others)
 * receives nothing: when the permission is already granted and this device's subscription names
 * another key than `publicKey`, it is replaced by one with `publicKey`, without asking anything
 * (decision 169 addendum). Answers the old endpoint and the new subscription's JSON for the
 * server, or null when nothing had to change (no subscription, same key, key unknown, no
 * permission). Throws when the browser refuses the new subscription.
 */
export async function replaceStaleSubscription(
  publicKey: string,
): Promise<{ oldEndpoint: string; subscription: PushSubscriptionInput } | null> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return null;
  const current = await currentPushSubscription();
  if (!current) return null;
  const key = base64UrlToBytes(publicKey);
  if (subscribedWith(current, key) !== false) return null;
  const oldEndpoint = current.endpoint;
  return { oldEndpoint, subscription: await subscribeThisDevice(publicKey) };
}
