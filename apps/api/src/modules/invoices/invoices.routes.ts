import {
  CancelInvoiceRequestSchema,
  CreateCreditNoteRequestSchema,
  CreateCreditNoteResponseSchema,
  CreateInvoiceRequestSchema,
  DEFAULT_INVOICE_SERIES,
  GetInvoiceResponseSchema,
  IdParamsSchema,
  InvoiceDefaultsSchema,
  InvoiceStatsSchema,
  ListInvoicesQuerySchema,
  ListInvoicesResponseSchema,
  PayInvoiceRequestSchema,
  RecordEcfSignatureRequestSchema,
  successEnvelope,
  UpdateInvoiceRequestSchema,
} from '@agencia/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publish } from '../../lib/effects.js';
import { notFound } from '../../lib/errors.js';
import { actorOf } from '../../plugins/auth.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { replyWithDocumentPdf, replyWithPdf } from './billing-documents.js';
import * as notes from './credit-notes.service.js';
import * as delivery from './invoice-delivery.service.js';
import * as payments from './invoice-payments.service.js';
import { invoicePolicy } from './invoices.policy.js';
import * as queries from './invoices.queries.js';
import * as svc from './invoices.service.js';

const ctx = (req: FastifyRequest) => ({ actorId: req.actor?.id ?? null, ip: req.ip, requestId: req.id });
const invoiceEnvelope = successEnvelope(GetInvoiceResponseSchema);

/**
 * Invoices (spec doc 2 §7 "Invoices" plus send, duplicate, cancel, delete and PDF).
 * Policy in invoices.policy.ts: admin writes; employees read; clients read their own.
 */
const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Who writes, on which database, with which audit context: the options every writing service takes. */
  const writer = (req: FastifyRequest) => ({ db: app.db, actor: actorOf(req), ctx: ctx(req) });
  // Role table (050) and permission (070) in one hook each.
  const read = {
    onRequest: [app.authenticate, app.requirePermission('invoices.read', ...invoicePolicy.roles('read'))],
  };
  const write = {
    onRequest: [app.authenticate, app.requirePermission('invoices.write', ...invoicePolicy.roles('write'))],
  };
  const tags = ['invoices'];

  app.get(
    '/invoices',
    {
      ...read,
      schema: {
        tags,
        summary: 'Listar facturas',
        querystring: ListInvoicesQuerySchema,
        response: { 200: successEnvelope(ListInvoicesResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await queries.listInvoices(app.db, actorOf(req), req.query),
    }),
  );

  app.get(
    '/invoices/stats',
    {
      ...read,
      schema: {
        tags,
        summary: 'Resumen de facturación',
        response: { 200: successEnvelope(InvoiceStatsSchema) },
      },
    },
    async (req) => ({ success: true as const, data: await queries.invoiceStats(app.db, actorOf(req)) }),
  );

  app.get(
    '/invoices/defaults',
    {
      ...write,
      schema: {
        tags,
        summary: 'Valores por defecto del formulario de factura',
        response: { 200: successEnvelope(InvoiceDefaultsSchema) },
      },
    },
    async () => {
      const settings = await getCompanySettings(app.db);
      return {
        success: true as const,
        data: {
          taxRate: settings.taxRate,
          fiscalMode: settings.fiscalMode,
          currency: settings.currency,
          series: DEFAULT_INVOICE_SERIES,
          paymentTerms: 30,
        },
      };
    },
  );

  app.get(
    '/invoices/:id',
    {
      ...read,
      schema: {
        tags,
        summary: 'Detalle de una factura',
        params: IdParamsSchema,
        response: { 200: invoiceEnvelope },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const invoice = await queries.getInvoice(app.db, actor, req.params.id);
      await queries.markViewed(app.db, actor, invoice);
      return { success: true as const, data: { invoice } };
    },
  );

  app.get(
    '/invoices/:id/pdf',
    {
      ...read,
      schema: {
        tags,
        summary: 'PDF de la factura (application/pdf)',
        params: IdParamsSchema,
        querystring: z.object({ inline: z.enum(['1', 'true']).optional() }),
      },
    },
    async (req, reply) =>
      replyWithDocumentPdf(
        reply,
        app.db,
        actorOf(req),
        delivery.INVOICE_DOCUMENT,
        req.params.id,
        Boolean(req.query.inline),
      ),
  );

  app.post(
    '/invoices',
    {
      ...write,
      schema: {
        tags,
        summary: 'Crear una factura',
        body: CreateInvoiceRequestSchema,
        response: { 200: invoiceEnvelope },
      },
    },
    async (req) => {
      const result = await svc.createInvoice({
        ...writer(req),
        input: req.body,
      });
      publish(app, result.effects);
      return { success: true as const, data: { invoice: result.value } };
    },
  );

  app.put(
    '/invoices/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Editar una factura en borrador',
        params: IdParamsSchema,
        body: UpdateInvoiceRequestSchema,
        response: { 200: invoiceEnvelope },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        invoice: await svc.updateInvoice({
          ...writer(req),
          id: req.params.id,
          input: req.body,
        }),
      },
    }),
  );

  app.put(
    '/invoices/:id/pay',
    {
      ...write,
      schema: {
        tags,
        summary: 'Registrar un pago',
        params: IdParamsSchema,
        body: PayInvoiceRequestSchema.nullish(),
        response: { 200: invoiceEnvelope },
      },
    },
    async (req) => {
      const result = await payments.payInvoice({
        ...writer(req),
        id: req.params.id,
        input: req.body ?? {},
      });
      publish(app, result.effects);
      return { success: true as const, data: { invoice: result.value } };
    },
  );

  app.post(
    '/invoices/:id/send',
    {
      ...write,
      schema: {
        tags,
        summary: 'Enviar la factura por email (PDF adjunto)',
        params: IdParamsSchema,
        response: { 200: invoiceEnvelope },
      },
    },
    async (req) => {
      const result = await delivery.sendInvoice({
        ...writer(req),
        id: req.params.id,
      });
      publish(app, result.effects);
      return { success: true as const, data: { invoice: result.value } };
    },
  );

  app.post(
    '/invoices/:id/issue',
    {
      ...write,
      schema: {
        tags,
        summary: 'Emitir la factura con su comprobante fiscal (NCF) sin enviarla por email',
        params: IdParamsSchema,
        response: { 200: invoiceEnvelope },
      },
    },
    async (req) => {
      const result = await svc.issueInvoice({
        ...writer(req),
        id: req.params.id,
      });
      publish(app, result.effects);
      return { success: true as const, data: { invoice: result.value } };
    },
  );

  app.put(
    '/invoices/:id/ecf',
    {
      ...write,
      schema: {
        tags,
        summary: 'Registrar el código de seguridad y la fecha de firma del e-CF',
        params: IdParamsSchema,
        body: RecordEcfSignatureRequestSchema,
        response: { 200: invoiceEnvelope },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        invoice: await svc.recordEcfSignature({
          ...writer(req),
          id: req.params.id,
          input: req.body,
        }),
      },
    }),
  );

  app.post(
    '/invoices/:id/credit-notes',
    {
      ...write,
      schema: {
        tags,
        summary: 'Emitir una nota de crédito (B04 / E34) sobre una factura emitida',
        params: IdParamsSchema,
        body: CreateCreditNoteRequestSchema,
        response: { 201: successEnvelope(CreateCreditNoteResponseSchema) },
      },
    },
    async (req, reply) => {
      const result = await notes.createCreditNote({
        ...writer(req),
        invoiceId: req.params.id,
        input: req.body,
      });
      publish(app, result.effects);
      return reply.code(201).send({ success: true as const, data: { creditNote: result.value } });
    },
  );

  app.get(
    '/invoices/:id/credit-notes/:noteId/pdf',
    {
      ...read,
      schema: {
        tags,
        summary: 'PDF de una nota de crédito (application/pdf)',
        params: IdParamsSchema.extend({ noteId: z.uuid({ message: 'Identificador inválido' }) }),
        querystring: z.object({ inline: z.enum(['1', 'true']).optional() }),
      },
    },
    async (req, reply) => {
      const invoice = await queries.getInvoice(app.db, actorOf(req), req.params.id);
      const note = invoice.creditNotes.find((n) => n._id === req.params.noteId);
      if (!note) throw notFound('Nota de crédito no encontrada');
      const pdf = await delivery.buildCreditNotePdf(app.db, invoice, note);
      return replyWithPdf(reply, `Nota-de-credito-${note.ncf}.pdf`, pdf, Boolean(req.query.inline));
    },
  );

  app.post(
    '/invoices/:id/remind',
    {
      ...write,
      schema: {
        tags,
        summary: 'Enviar un recordatorio de pago por email (PDF adjunto; uno cada 24 horas)',
        params: IdParamsSchema,
        response: { 200: invoiceEnvelope },
      },
    },
    async (req) => {
      const result = await delivery.remindInvoice({
        ...writer(req),
        id: req.params.id,
      });
      publish(app, result.effects);
      return { success: true as const, data: { invoice: result.value } };
    },
  );

  app.post(
    '/invoices/:id/duplicate',
    {
      ...write,
      schema: {
        tags,
        summary: 'Duplicar como borrador',
        params: IdParamsSchema,
        response: { 200: invoiceEnvelope },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        invoice: await svc.duplicateInvoice({
          ...writer(req),
          id: req.params.id,
        }),
      },
    }),
  );

  app.post(
    '/invoices/:id/cancel',
    {
      ...write,
      schema: {
        tags,
        summary: 'Cancelar una factura sin pagos',
        params: IdParamsSchema,
        body: CancelInvoiceRequestSchema,
        response: { 200: invoiceEnvelope },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        invoice: await svc.cancelInvoice({
          ...writer(req),
          id: req.params.id,
          reason: req.body?.reason,
        }),
      },
    }),
  );

  app.delete(
    '/invoices/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Eliminar un borrador (o anularlo si no es el último número)',
        params: IdParamsSchema,
        response: {
          200: z.object({
            success: z.literal(true),
            message: z.string(),
            data: z.object({ deleted: z.boolean() }),
          }),
        },
      },
    },
    async (req) => {
      const result = await svc.deleteInvoice({
        ...writer(req),
        id: req.params.id,
      });
      return { success: true as const, message: result.message, data: { deleted: result.deleted } };
    },
  );
};

export default invoicesRoutes;
