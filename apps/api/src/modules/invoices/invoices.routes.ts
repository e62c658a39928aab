import {
  CancelInvoiceRequestSchema,
  CreateCreditNoteRequestSchema,
  CreateCreditNoteResponseSchema,
  CreateDebitNoteRequestSchema,
  CreateDebitNoteResponseSchema,
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
  VoidPaymentRequestSchema,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { cachedAnswer, routeKit } from '../../lib/route-kit.js';
import { replyWithPdf } from '../billing-documents/billing-documents.js';
import { documentPdfRoute, PdfQuerySchema } from '../billing-documents/document-pdf-route.js';
import { getCompanySettings } from '../settings/settings.service.js';
import * as notes from './credit-notes.service.js';
import * as debitNotes from './debit-notes.service.js';
import * as delivery from './invoice-delivery.service.js';
import * as payments from './invoice-payments.service.js';
import * as receipts from './invoice-receipts.js';
import { invoicePolicy } from './invoices.policy.js';
import * as queries from './invoices.queries.js';
import * as svc from './invoices.service.js';

const invoiceEnvelope = successEnvelope(GetInvoiceResponseSchema);

/**
 * Invoices (spec doc 2 §7 "Invoices" plus send, duplicate, cancel, delete and PDF).
 * Policy in invoices.policy.ts: admin writes; employees read; clients read their own.
 */
const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { call, writeCall, guard, published } = routeKit(app, invoicePolicy);
  // Role table (050) and permission (070) in one hook each.
  const read = guard('invoices.read', 'read');
  const write = guard('invoices.write', 'write');
  const tags = ['invoices'];

  app.get(
    '/invoices',
    {
      ...read,
      ...cachedAnswer,
      schema: {
        tags,
        summary: 'Listar facturas',
        querystring: ListInvoicesQuerySchema,
        response: { 200: successEnvelope(ListInvoicesResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await queries.listInvoices({ ...call(req), query: req.query }),
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
    async (req) => ({ success: true as const, data: await queries.invoiceStats(call(req)) }),
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
      const opts = call(req);
      const invoice = await queries.getInvoice({ ...opts, id: req.params.id });
      await queries.markViewed({ ...opts, invoice });
      return { success: true as const, data: { invoice } };
    },
  );

  app.get(
    '/invoices/:id/payments/:paymentId/receipt.pdf',
    {
      ...read,
      schema: {
        tags,
        summary: 'Recibo de pago en PDF (application/pdf)',
        params: IdParamsSchema.extend({ paymentId: z.uuid({ message: 'Identificador inválido' }) }),
        querystring: PdfQuerySchema,
      },
    },
    async (req, reply) => {
      const invoice = await queries.getInvoice({ ...call(req), id: req.params.id });
      const payment = receipts.paymentOf(invoice, req.params.paymentId);
      return replyWithPdf(
        reply,
        receipts.receiptFilename(payment),
        await receipts.renderReceiptPdf(app.db, invoice, payment),
        Boolean(req.query.inline),
      );
    },
  );

  documentPdfRoute(app, {
    path: '/invoices/:id/pdf',
    kind: delivery.INVOICE_DOCUMENT,
    summary: 'PDF de la factura (application/pdf)',
    tags,
    guard: read,
    call,
  });

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
    async (req) => ({
      success: true as const,
      data: { invoice: published(await svc.createInvoice({ ...writeCall(req), input: req.body })) },
    }),
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
          ...writeCall(req),
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
    async (req) => ({
      success: true as const,
      data: {
        invoice: published(
          await payments.payInvoice({ ...writeCall(req), id: req.params.id, input: req.body ?? {} }),
        ),
      },
    }),
  );

  app.post(
    '/invoices/:id/payments/:paymentId/void',
    {
      ...write,
      schema: {
        tags,
        summary: 'Anular un pago registrado por error (el último de la factura)',
        params: IdParamsSchema.extend({ paymentId: z.uuid({ message: 'Identificador inválido' }) }),
        body: VoidPaymentRequestSchema,
        response: { 200: invoiceEnvelope },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        invoice: published(
          await payments.voidPayment({
            ...writeCall(req),
            id: req.params.id,
            paymentId: req.params.paymentId,
            input: req.body,
          }),
        ),
      },
    }),
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
      const invoice = published(await delivery.sendInvoice({ ...writeCall(req), id: req.params.id }));
      app.ecfSender.wake();
      return { success: true as const, data: { invoice } };
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
      const invoice = published(await svc.issueInvoice({ ...writeCall(req), id: req.params.id }));
      // Direct e-CF mode stored a signed e-CF: the sender posts it now rather than on its next pass.
      app.ecfSender.wake();
      return { success: true as const, data: { invoice } };
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
          ...writeCall(req),
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
        ...writeCall(req),
        invoiceId: req.params.id,
        input: req.body,
      });
      const creditNote = published(result);
      app.ecfSender.wake();
      return reply.code(201).send({ success: true as const, data: { creditNote } });
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
        querystring: PdfQuerySchema,
      },
    },
    async (req, reply) => {
      const invoice = await queries.getInvoice({ ...call(req), id: req.params.id });
      const note = invoice.creditNotes.find((n) => n._id === req.params.noteId);
      if (!note) throw notFound('Nota de crédito no encontrada');
      const pdf = await delivery.buildCreditNotePdf({ db: app.db, invoice, note });
      return replyWithPdf(reply, `Nota-de-credito-${note.ncf}.pdf`, pdf, Boolean(req.query.inline));
    },
  );

  app.post(
    '/invoices/:id/debit-notes',
    {
      ...write,
      schema: {
        tags,
        summary: 'Emitir una nota de débito (B03 / E33) sobre una factura emitida',
        params: IdParamsSchema,
        body: CreateDebitNoteRequestSchema,
        response: { 201: successEnvelope(CreateDebitNoteResponseSchema) },
      },
    },
    async (req, reply) => {
      const result = await debitNotes.createDebitNote({
        ...writeCall(req),
        invoiceId: req.params.id,
        input: req.body,
      });
      const debitNote = published(result);
      app.ecfSender.wake();
      return reply.code(201).send({ success: true as const, data: { debitNote } });
    },
  );

  app.get(
    '/invoices/:id/debit-notes/:noteId/pdf',
    {
      ...read,
      schema: {
        tags,
        summary: 'PDF de una nota de débito (application/pdf)',
        params: IdParamsSchema.extend({ noteId: z.uuid({ message: 'Identificador inválido' }) }),
        querystring: PdfQuerySchema,
      },
    },
    async (req, reply) => {
      const invoice = await queries.getInvoice({ ...call(req), id: req.params.id });
      const note = invoice.debitNotes.find((n) => n._id === req.params.noteId);
      if (!note) throw notFound('Nota de débito no encontrada');
      const pdf = await delivery.buildDebitNotePdf({ db: app.db, invoice, note });
      return replyWithPdf(reply, `Nota-de-debito-${note.ncf}.pdf`, pdf, Boolean(req.query.inline));
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
    async (req) => ({
      success: true as const,
      data: { invoice: published(await delivery.remindInvoice({ ...writeCall(req), id: req.params.id })) },
    }),
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
          ...writeCall(req),
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
          ...writeCall(req),
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
        ...writeCall(req),
        id: req.params.id,
      });
      return { success: true as const, message: result.message, data: { deleted: result.deleted } };
    },
  );
};

export default invoicesRoutes;
