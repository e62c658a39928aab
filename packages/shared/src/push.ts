import { z } from 'zod';

/*
 * Web Push (issue 46, decision 169): the browser's PushSubscription as the API stores it, the VAPID
 * public key the page subscribes with, and what a pushed message carries to the service worker.
 */

/** Statuses of a queued push message (the `push_outbox` column): queued → sent, or failed. */
export const PUSH_OUTBOX_STATUSES = ['queued', 'sent', 'failed'] as const;

/** Longest push endpoint accepted (FCM, Mozilla autopush and Apple's are well under 1 KB). */
export const PUSH_ENDPOINT_MAX = 1024;

/** Spanish messages of the push routes and the Perfil → Notificaciones section. */
export const PUSH_MESSAGES = {
  subscribed: 'Este dispositivo recibirá notificaciones',
  unsubscribed: 'Este dispositivo ya no recibirá notificaciones',
  testQueued: 'Enviamos una notificación de prueba a tus dispositivos',
  noDevices: 'No tienes dispositivos con notificaciones activadas',
  httpsRequired: 'La dirección del servicio de notificaciones debe usar https',
  notFound: 'Suscripción no encontrada',
  testTitle: 'Notificación de prueba',
  testBody: 'Las notificaciones de este dispositivo funcionan.',
} as const;

/** A base64url text (the browser's `toJSON()` writes keys without padding). */
const base64url = (what: string, min: number, max: number) =>
  z
    .string({ error: `${what} es requerida` })
    .trim()
    .min(min, `${what} no es válida`)
    .max(max, `${what} no es válida`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} no es válida`);

/**
 * A browser's `PushSubscription.toJSON()`: `endpoint` (an http(s) URL of the browser's push
 * service, at most {@link PUSH_ENDPOINT_MAX} characters; the API also demands https when it runs
 * on https), `keys.p256dh` (the device's P-256 public key, 65 bytes → 87 base64url characters) and
 * `keys.auth` (16-byte secret → 22 characters), RFC 8291. `expirationTime` is accepted and ignored.
 */
export const PushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: 'La dirección de la suscripción es requerida' })
    .trim()
    .max(PUSH_ENDPOINT_MAX, 'La dirección de la suscripción es demasiado larga')
    .refine((s) => URL.canParse(s) && ['https:', 'http:'].includes(new URL(s).protocol), {
      error: 'La dirección de la suscripción no es válida',
    }),
  expirationTime: z.number().nullish(),
  keys: z.object(
    {
      p256dh: base64url('La clave p256dh', 86, 90),
      auth: base64url('La clave auth', 22, 24),
    },
    { error: 'Faltan las claves de la suscripción' },
  ),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>;

/** `DELETE /push/subscriptions` body: the endpoint of the device to forget. */
export const DeletePushSubscriptionSchema = z.object({
  endpoint: PushSubscriptionSchema.shape.endpoint,
});

/** `GET /push/public-key` answer: the VAPID public key (uncompressed P-256 point, base64url). */
export const PushPublicKeyResponseSchema = z.object({ publicKey: z.string() });

/** `GET /push/subscriptions` answer: how many devices of the caller receive pushes. */
export const PushDevicesResponseSchema = z.object({
  devices: z.array(z.object({ endpointOrigin: z.string(), createdAt: z.string() })),
});

/** `POST /push/test` answer: how many devices the test notification was queued for. */
export const PushTestResponseSchema = z.object({ devices: z.number().int() });

/**
 * The JSON a push message carries (encrypted, RFC 8291) to the service worker: the notification's
 * title and text, `url` (the in-app path it opens, always starting with "/"), `tag` (the stored
 * notification's id, so a repeat replaces it) and the topic.
 */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string().startsWith('/'),
  tag: z.string(),
  topic: z.string(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;
