import {
  ConfirmPaymentReportRequestSchema,
  CreateCardPaymentRequestSchema,
  CreateCardPaymentResponseSchema,
  CreatePaymentReportRequestSchema,
  CreatePaymentReportResponseSchema,
  GetInvoicePaymentOptionsResponseSchema,
  GetOnlinePaymentSettingsResponseSchema,
  IdParamsSchema,
  invoiceIsOpen,
  ListPaymentReportsQuerySchema,
  ListPaymentReportsResponseSchema,
  PAYMENT_REPORT_MAX_BYTES,
  PAYMENT_REPORT_MESSAGES,
  RejectPaymentReportRequestSchema,
  successEnvelope,
  UpdateOnlinePaymentSettingsRequestSchema,
} from '@agencia/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import { fieldText } from '../../lib/multipart.js';
import { routeKit } from '../../lib/route-kit.js';
import { contentDisposition } from '../../lib/storage.js';
import { getInvoice } from '../invoices/invoices.queries.js';
import { AzulAnswerSchema } from './azul-payment-page.js';
import {
  type AzulRuntime,
  type CardLanding,
  cancelCardPayment,
  cardAvailable,
  recordCardAnswer,
  startCardPayment,
} from './card-payments.service.js';
import * as settings from './online-payments.service.js';
import * as reports from './payment-reports.service.js';
import { paymentsPolicy } from './payments.policy.js';

/**
 * Reads the multipart body of a transfer report: the fields of
 * {@link CreatePaymentReportRequestSchema} and the receipt in `file` (≤ 10 MB). 400 in Spanish
 * on a missing or invalid field or file.
 */
async function readReportUpload(req: FastifyRequest) {
  const missing = PAYMENT_REPORT_MESSAGES.file;
  if (!req.isMultipart()) throw badRequest(missing, [{ field: 'file', message: missing }]);
  const fields: Record<string, string> = {};
  let file: { filename: string; data: Buffer } | null = null;
  for await (const part of req.parts({
    limits: { fileSize: PAYMENT_REPORT_MAX_BYTES, files: 1, fields: 8 },
  })) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (part.fieldname !== 'file') continue;
      if (part.file.truncated) {
        const message = 'El comprobante no puede superar los 10 MB';
        throw badRequest(message, [{ field: 'file', message }]);
      }
      file = { filename: part.filename, data };
    } else fields[part.fieldname] = fieldText(part);
  }
  const parsed = CreatePaymentReportRequestSchema.safeParse(fields);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
    throw badRequest(errors[0]!.message, errors);
  }
  if (!file || file.data.length === 0) throw badRequest(missing, [{ field: 'file', message: missing }]);
  return { input: parsed.data, file };
}

/**
 * Paying from the portal (decision 147): transfer reports, card payments through Azul's Payment
 * Page and its return URLs, and the Azul set-up. Policy in payments.policy.ts.
 */
const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payments'];
  const runtime = (): AzulRuntime => ({
    key: app.ecfConfig.encryptionKey,
    paymentPageUrl: app.azulConfig.paymentPageUrl,
    publicUrl: app.publicUrl,
  });
  const { guard, guardByRole, call, writeCall, anonymous, published } = routeKit(app, paymentsPolicy);
  const clientOnly = guardByRole({ client: 'invoices.read' });
  const readers = guard('invoices.read', 'readReports');
  const deciders = guard('invoices.write', 'decideReports');
  const settingsAdmin = guard('settings.write', 'manageSettings');
  const reportEnvelope = successEnvelope(CreatePaymentReportResponseSchema);

  app.get(
    '/settings/online-payments',
    {
      ...settingsAdmin,
      schema: {
        tags,
        summary: 'Pagos en línea: configuración de Azul (sin la llave)',
        response: { 200: successEnvelope(GetOnlinePaymentSettingsResponseSchema) },
      },
    },
    async () => ({
      success: true as const,
      data: { onlinePayments: await settings.getOnlinePaymentSettings(app.db) },
    }),
  );

  app.put(
    '/settings/online-payments',
    {
      ...settingsAdmin,
      schema: {
        tags,
        summary: 'Guardar la configuración de Azul (la llave se guarda cifrada)',
        body: UpdateOnlinePaymentSettingsRequestSchema,
        response: { 200: successEnvelope(GetOnlinePaymentSettingsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        onlinePayments: await settings.updateOnlinePaymentSettings({
          ...writeCall(req),
          key: app.ecfConfig.encryptionKey,
          input: req.body,
        }),
      },
    }),
  );

  app.get(
    '/invoices/:id/payment-options',
    {
      ...readers,
      schema: {
        tags,
        summary: 'Cómo se puede pagar una factura desde el portal',
        params: IdParamsSchema,
        response: { 200: successEnvelope(GetInvoicePaymentOptionsResponseSchema) },
      },
    },
    async (req) => {
      const invoice = await getInvoice({ ...call(req), id: req.params.id });
      const open = invoiceIsOpen(invoice.status) && invoice.balance > 0;
      return {
        success: true as const,
        data: {
          paymentOptions: {
            open,
            report: open && (await reports.hasTransferAccount(app.db)),
            card:
              open && (await cardAvailable({ db: app.db, runtime: runtime(), currency: invoice.currency })),
            reportedPending: open
              ? await reports.pendingReportedAmount({ db: app.db, invoiceId: invoice._id })
              : 0,
          },
        },
      };
    },
  );

  app.post(
    '/invoices/:id/payment-reports',
    {
      ...clientOnly,
      schema: {
        tags,
        summary: 'Reportar una transferencia (multipart: amount, date, bank, reference, file)',
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        response: { 201: reportEnvelope },
      },
    },
    async (req, reply) => {
      const { input, file } = await readReportUpload(req);
      const result = await reports.createPaymentReport({ ...writeCall(req), id: req.params.id, input, file });
      reply.code(201);
      return { success: true as const, data: { paymentReport: published(result) } };
    },
  );

  app.get(
    '/payment-reports',
    {
      ...readers,
      schema: {
        tags,
        summary: 'Transferencias reportadas (paginadas; filtro por estado y factura)',
        querystring: ListPaymentReportsQuerySchema,
        response: { 200: successEnvelope(ListPaymentReportsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await reports.listPaymentReports({ ...call(req), query: req.query }),
    }),
  );

  app.get(
    '/payment-reports/:id/file',
    {
      ...readers,
      schema: { tags, summary: 'Comprobante adjunto a un reporte', params: IdParamsSchema },
    },
    async (req, reply) => {
      const file = await reports.reportFile({ ...call(req), id: req.params.id });
      reply.header('Content-Type', file.contentType);
      reply.header('Content-Disposition', contentDisposition(file.filename, true));
      reply.header('X-Content-Type-Options', 'nosniff');
      return reply.send(file.data);
    },
  );

  app.post(
    '/payment-reports/:id/confirm',
    {
      ...deciders,
      schema: {
        tags,
        summary: 'Confirmar una transferencia reportada (registra el pago)',
        params: IdParamsSchema,
        body: ConfirmPaymentReportRequestSchema,
        response: { 200: reportEnvelope },
      },
    },
    async (req) => {
      const result = await reports.confirmPaymentReport({
        ...writeCall(req),
        id: req.params.id,
        input: req.body,
      });
      return { success: true as const, data: { paymentReport: published(result) } };
    },
  );

  app.post(
    '/payment-reports/:id/reject',
    {
      ...deciders,
      schema: {
        tags,
        summary: 'Rechazar una transferencia reportada (con motivo)',
        params: IdParamsSchema,
        body: RejectPaymentReportRequestSchema,
        response: { 200: reportEnvelope },
      },
    },
    async (req) => {
      const result = await reports.rejectPaymentReport({
        ...writeCall(req),
        id: req.params.id,
        input: req.body,
      });
      return { success: true as const, data: { paymentReport: published(result) } };
    },
  );

  app.post(
    '/invoices/:id/card-payments',
    {
      ...clientOnly,
      schema: {
        tags,
        summary: 'Pagar con tarjeta: formulario firmado de la Página de Pagos de Azul',
        params: IdParamsSchema,
        body: CreateCardPaymentRequestSchema,
        response: { 200: successEnvelope(CreateCardPaymentResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await startCardPayment({
        ...writeCall(req),
        id: req.params.id,
        input: req.body,
        runtime: runtime(),
      }),
    }),
  );

  // Azul sends the browser back here (no session): the answer's hash authenticates it.
  const land = (reply: FastifyReply, landing: CardLanding) =>
    reply.redirect(`${app.publicUrl}/billing/${landing.invoiceId}?pago=${landing.result}`, 303);

  for (const outcome of ['approved', 'declined'] as const) {
    app.get(
      `/payments/azul/${outcome}`,
      {
        schema: {
          tags,
          summary:
            outcome === 'approved'
              ? 'Regreso de Azul: transacción aprobada (respuesta en la URL)'
              : 'Regreso de Azul: transacción declinada (respuesta en la URL)',
          querystring: AzulAnswerSchema,
        },
      },
      async (req, reply) => {
        const result = await recordCardAnswer({
          ...anonymous(req),
          runtime: runtime(),
          answer: req.query,
          outcome,
        });
        return land(reply, published(result));
      },
    );
  }

  app.get(
    '/payments/azul/cancelled/:attemptId',
    {
      schema: {
        tags,
        summary: 'Regreso de Azul: el cliente canceló el pago',
        params: z.object({ attemptId: z.uuid({ message: 'Identificador inválido' }) }),
      },
    },
    async (req, reply) =>
      land(
        reply,
        await cancelCardPayment({
          ...anonymous(req),
          attemptId: req.params.attemptId,
        }),
      ),
  );
};

export default paymentsRoutes;
