import {
  DeletePushSubscriptionSchema,
  MessageResponseSchema,
  PUSH_MESSAGES,
  PushDevicesResponseSchema,
  PushPublicKeyResponseSchema,
  PushSubscriptionSchema,
  PushTestResponseSchema,
  successEnvelope,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeKit } from '../../lib/route-kit.js';
import { pushPolicy } from './push.policy.js';
import { listDevices, queueTestPush, subscribe, unsubscribe } from './push.service.js';

/** Options of {@link pushRoutes}. */
export interface PushRoutesOptions {
  /** The VAPID public key browsers subscribe with (base64url). */
  publicKey: string;
  /** Demand https endpoints (the portal itself runs on https). */
  requireHttps: boolean;
}

/**
 * Web Push (issue 46, decision 169): the VAPID public key, and the caller's devices — add
 * (the browser's PushSubscription JSON), list, remove, send a test. A user only ever reaches
 * their own devices.
 */
const pushRoutes: FastifyPluginAsyncZod<PushRoutesOptions> = async (app, opts) => {
  const { call, roleGuard, signedIn, writeCall } = routeKit(app, pushPolicy);
  const tags = ['push'];

  app.get(
    '/push/public-key',
    {
      ...roleGuard('readKey'),
      schema: {
        tags,
        summary: 'Clave pública VAPID',
        response: { 200: successEnvelope(PushPublicKeyResponseSchema) },
      },
    },
    async () => ({ success: true as const, data: { publicKey: opts.publicKey } }),
  );

  app.get(
    '/push/subscriptions',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Mis dispositivos con notificaciones',
        response: { 200: successEnvelope(PushDevicesResponseSchema) },
      },
    },
    async (req) => ({ success: true as const, data: { devices: await listDevices(call(req)) } }),
  );

  app.post(
    '/push/subscriptions',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Recibir notificaciones en este dispositivo',
        body: PushSubscriptionSchema,
        response: { 200: MessageResponseSchema, 201: MessageResponseSchema },
      },
    },
    async (req, reply) => {
      const { created } = await subscribe({
        ...writeCall(req),
        input: req.body,
        userAgent: req.headers['user-agent'] ?? null,
        requireHttps: opts.requireHttps,
      });
      return reply
        .code(created ? 201 : 200)
        .send({ success: true as const, message: PUSH_MESSAGES.subscribed });
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Dejar de recibir notificaciones en este dispositivo',
        body: DeletePushSubscriptionSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      await unsubscribe({ ...writeCall(req), input: req.body });
      return { success: true as const, message: PUSH_MESSAGES.unsubscribed };
    },
  );

  app.post(
    '/push/test',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Enviar notificación de prueba a mis dispositivos',
        response: { 200: successEnvelope(PushTestResponseSchema) },
      },
    },
    async (req) => {
      const devices = await queueTestPush(call(req));
      app.pushSender.wake();
      return { success: true as const, data: { devices } };
    },
  );
};

export default pushRoutes;
