import {
  GetBusinessHoursResponseSchema,
  GetCompanySettingsResponseSchema,
  GetPaymentInstructionsResponseSchema,
  GetPublicSettingsResponseSchema,
  IntegrationsStatusSchema,
  MessageResponseSchema,
  SendTestEmailRequestSchema,
  successEnvelope,
  UpdateBusinessHoursRequestSchema,
  UpdateCompanySettingsRequestSchema,
  UpdatePaymentInstructionsRequestSchema,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeKit } from '../../lib/route-kit.js';
import { SETTINGS_PERMISSIONS, settingsPolicy } from './settings.policy.js';
import {
  getBusinessHours,
  getCompanySettings,
  getPaymentInstructions,
  sendTestEmail,
  toCompanySettings,
  toPublicSettings,
  updateBusinessHours,
  updateCompanySettings,
  updatePaymentInstructions,
} from './settings.service.js';

/**
 * Company settings: `GET /settings/public` (anyone), `GET /settings` (signed-in users: nothing in
 * them is secret), `PUT /settings` (admin with `settings.write`), and the integrations tab
 * (`GET /settings/integrations`, `POST /settings/test-email`, admin). Payment instructions
 * (`GET /settings/payment-instructions`: whoever may read invoices; `PUT`: admin with
 * `settings.write`; decision 106). Business hours (`GET /settings/business-hours`: signed-in users,
 * the calendar reads them; `PUT`: admin with `settings.write`; decision 145).
 */
const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { writeCall, roleGuard, guard } = routeKit(app, settingsPolicy);
  app.get(
    '/settings/public',
    {
      schema: {
        tags: ['settings'],
        summary: 'Configuración pública de la empresa',
        response: { 200: successEnvelope(GetPublicSettingsResponseSchema) },
      },
    },
    async () => ({
      success: true as const,
      data: { settings: toPublicSettings(await getCompanySettings(app.db)) },
    }),
  );

  app.get(
    '/settings',
    {
      ...roleGuard('read'),
      schema: {
        tags: ['settings'],
        summary: 'Configuración de la empresa',
        response: { 200: successEnvelope(GetCompanySettingsResponseSchema) },
      },
    },
    async () => ({
      success: true as const,
      data: { settings: toCompanySettings(await getCompanySettings(app.db)) },
    }),
  );

  app.put(
    '/settings',
    {
      ...guard(SETTINGS_PERMISSIONS.write, 'write'),
      schema: {
        tags: ['settings'],
        summary: 'Actualizar la configuración de la empresa',
        body: UpdateCompanySettingsRequestSchema,
        response: { 200: successEnvelope(GetCompanySettingsResponseSchema) },
      },
    },
    async (req) => {
      const settings = await updateCompanySettings({
        ...writeCall(req),
        input: req.body,
      });
      return { success: true as const, data: { settings } };
    },
  );

  app.get(
    '/settings/payment-instructions',
    {
      ...guard(SETTINGS_PERMISSIONS.readPaymentInstructions, 'readPaymentInstructions'),
      schema: {
        tags: ['settings'],
        summary: 'Datos de pago de la empresa (cuentas bancarias y otras formas de pago)',
        response: { 200: successEnvelope(GetPaymentInstructionsResponseSchema) },
      },
    },
    async () => ({
      success: true as const,
      data: { paymentInstructions: await getPaymentInstructions(app.db) },
    }),
  );

  app.put(
    '/settings/payment-instructions',
    {
      ...guard(SETTINGS_PERMISSIONS.write, 'write'),
      schema: {
        tags: ['settings'],
        summary: 'Actualizar los datos de pago (reemplaza la lista de cuentas)',
        body: UpdatePaymentInstructionsRequestSchema,
        response: { 200: successEnvelope(GetPaymentInstructionsResponseSchema) },
      },
    },
    async (req) => {
      const paymentInstructions = await updatePaymentInstructions({
        ...writeCall(req),
        input: req.body,
      });
      return { success: true as const, data: { paymentInstructions } };
    },
  );

  app.get(
    '/settings/business-hours',
    {
      ...roleGuard('read'),
      schema: {
        tags: ['settings'],
        summary: 'Horario laboral de la empresa',
        response: { 200: successEnvelope(GetBusinessHoursResponseSchema) },
      },
    },
    async () => ({
      success: true as const,
      data: { businessHours: await getBusinessHours(app.db) },
    }),
  );

  app.put(
    '/settings/business-hours',
    {
      ...guard(SETTINGS_PERMISSIONS.write, 'write'),
      schema: {
        tags: ['settings'],
        summary: 'Actualizar el horario laboral (reemplaza los días)',
        body: UpdateBusinessHoursRequestSchema,
        response: { 200: successEnvelope(GetBusinessHoursResponseSchema) },
      },
    },
    async (req) => {
      const businessHours = await updateBusinessHours({
        ...writeCall(req),
        input: req.body.businessHours,
      });
      return { success: true as const, data: { businessHours } };
    },
  );

  app.get(
    '/settings/integrations',
    {
      ...roleGuard('integrations'),
      schema: {
        tags: ['settings'],
        summary: 'Estado de las integraciones (correo, API, WhatsApp)',
        response: { 200: successEnvelope(IntegrationsStatusSchema) },
      },
    },
    async () => {
      const settings = await getCompanySettings(app.db);
      return {
        success: true as const,
        data: {
          email: {
            transport: app.mailer ? ('smtp' as const) : ('log' as const),
            configured: app.mailer !== null,
            from: app.mailer ? app.smtpFrom : null,
          },
          apiDocsUrl: '/api/docs',
          whatsappNumber: settings.whatsappNumber,
        },
      };
    },
  );

  app.post(
    '/settings/test-email',
    {
      ...roleGuard('integrations'),
      schema: {
        tags: ['settings'],
        summary: 'Enviar un correo de prueba (a mi email por defecto)',
        body: SendTestEmailRequestSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      const to = await sendTestEmail({ ...writeCall(req), to: req.body?.to });
      if (app.mailer) {
        // Send now rather than at the next dispatcher tick, so the answer tells the truth.
        await app.mailer.flush();
        return { success: true as const, message: `Correo de prueba enviado a ${to}` };
      }
      return {
        success: true as const,
        message: `SMTP no está configurado: el correo para ${to} quedó en la bandeja de salida.`,
      };
    },
  );
};

export default settingsRoutes;
