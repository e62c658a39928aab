import {
  ClientRemindersRequestSchema,
  ClientRemindersResponseSchema,
  IdParamsSchema,
  ReminderSettingsResponseSchema,
  ReminderSettingsSchema,
  successEnvelope,
} from '@agencia/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.js';
import { forbidden } from '../../lib/errors.js';
import { routeKit } from '../../lib/route-kit.js';
import { REMINDER_PERMISSIONS, reminderPolicy } from './reminders.policy.js';
import * as svc from './reminders.service.js';

/** The signed-in client's own client record; staff get 403 (they use /clients/{id}/reminders). */
function ownClientId(req: FastifyRequest): string {
  const actor = actorOf(req);
  // The actor's own client record by construction: `own` holds whenever there is one.
  if (!actor.clientId || !reminderPolicy.can(actor.role, 'ownOptOut', true))
    throw forbidden('Solo los clientes tienen esta preferencia.');
  return actor.clientId;
}

/** Automatic payment reminders (decision 111): the company's offsets and a client's opt-out (admin). */
const remindersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { writeCall, signedIn, guard } = routeKit(app, reminderPolicy);
  const admin = guard(REMINDER_PERMISSIONS.manage, 'manage');
  const tags = ['reminders'];

  app.get(
    '/reminders/settings',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Días de los recordatorios automáticos de pago',
        response: { 200: successEnvelope(ReminderSettingsResponseSchema) },
      },
    },
    async () => ({ success: true as const, data: { reminders: await svc.getReminderSettings(app.db) } }),
  );

  app.put(
    '/reminders/settings',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Cambiar los días de los recordatorios automáticos',
        body: ReminderSettingsSchema,
        response: { 200: successEnvelope(ReminderSettingsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { reminders: await svc.updateReminderSettings({ ...writeCall(req), input: req.body }) },
    }),
  );

  app.get(
    '/clients/:id/reminders',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Preferencia de recordatorios automáticos de un cliente',
        params: IdParamsSchema,
        response: { 200: successEnvelope(ClientRemindersResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await svc.getClientReminders({ db: app.db, clientId: req.params.id }),
    }),
  );

  // The client's own switch (Configuración → Notificaciones), decision 111's opt-out.
  app.get(
    '/reminders/me',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Mis recordatorios de pago automáticos (cliente)',
        response: { 200: successEnvelope(ClientRemindersResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await svc.getClientReminders({ db: app.db, clientId: ownClientId(req) }),
    }),
  );

  app.put(
    '/reminders/me',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Activar o desactivar mis recordatorios de pago automáticos (cliente)',
        body: ClientRemindersRequestSchema,
        response: { 200: successEnvelope(ClientRemindersResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await svc.setClientReminders({
        ...writeCall(req),
        clientId: ownClientId(req),
        optOut: req.body.optOut,
      }),
    }),
  );

  app.put(
    '/clients/:id/reminders',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Excluir (o no) a un cliente de los recordatorios automáticos',
        params: IdParamsSchema,
        body: ClientRemindersRequestSchema,
        response: { 200: successEnvelope(ClientRemindersResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await svc.setClientReminders({
        ...writeCall(req),
        clientId: req.params.id,
        optOut: req.body.optOut,
      }),
    }),
  );
};

export default remindersRoutes;
