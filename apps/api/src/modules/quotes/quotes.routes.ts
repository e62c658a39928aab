import {
  AcceptQuoteBodySchema,
  AcceptQuoteResponseSchema,
  CreateQuoteBodySchema,
  GetQuoteResponseSchema,
  IdParamsSchema,
  ListQuotesQuerySchema,
  ListQuotesResponseSchema,
  RejectQuoteBodySchema,
  successEnvelope,
  UpdateQuoteBodySchema,
} from '@agencia/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publish } from '../../lib/effects.js';
import { actorOf } from '../../plugins/auth.js';
import { replyWithDocumentPdf } from '../invoices/billing-documents.js';
import * as answers from './quote-answers.service.js';
import { quotePolicy } from './quotes.policy.js';
import * as queries from './quotes.queries.js';
import * as svc from './quotes.service.js';

const ctx = (req: FastifyRequest) => ({ actorId: req.actor?.id ?? null, ip: req.ip, requestId: req.id });
const one = successEnvelope(GetQuoteResponseSchema);

/**
 * Quotes (cotizaciones, issue 16, decision 114). Policy in quotes.policy.ts: admins create,
 * edit drafts and send; employees read; the quote's client reads, accepts or rejects it.
 */
const quotesRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Who writes, on which database, with which audit context: the options every writing service takes. */
  const writer = (req: FastifyRequest) => ({ db: app.db, actor: actorOf(req), ctx: ctx(req) });
  const read = {
    onRequest: [app.authenticate, app.requirePermission('invoices.read', ...quotePolicy.roles('read'))],
  };
  const write = {
    onRequest: [app.authenticate, app.requirePermission('invoices.write', ...quotePolicy.roles('write'))],
  };
  const respond = {
    onRequest: [app.authenticate, app.requirePermission('invoices.read', ...quotePolicy.roles('respond'))],
  };
  const tags = ['quotes'];

  app.get(
    '/quotes',
    {
      ...read,
      schema: {
        tags,
        summary: 'Listar cotizaciones',
        querystring: ListQuotesQuerySchema,
        response: { 200: successEnvelope(ListQuotesResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await queries.listQuotes(app.db, actorOf(req), req.query),
    }),
  );

  app.post(
    '/quotes',
    {
      ...write,
      schema: {
        tags,
        summary: 'Crear una cotización (borrador)',
        body: CreateQuoteBodySchema,
        response: { 201: one },
      },
    },
    async (req, reply) => {
      const quote = await svc.createQuote({
        ...writer(req),
        input: req.body,
      });
      return reply.code(201).send({ success: true as const, data: { quote } });
    },
  );

  app.get(
    '/quotes/:id',
    {
      ...read,
      schema: { tags, summary: 'Detalle de una cotización', params: IdParamsSchema, response: { 200: one } },
    },
    async (req) => ({
      success: true as const,
      data: { quote: await queries.getQuote(app.db, actorOf(req), req.params.id) },
    }),
  );

  app.put(
    '/quotes/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Editar una cotización en borrador',
        params: IdParamsSchema,
        body: UpdateQuoteBodySchema,
        response: { 200: one },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        quote: await svc.updateQuote({
          ...writer(req),
          id: req.params.id,
          input: req.body,
        }),
      },
    }),
  );

  app.post(
    '/quotes/:id/send',
    {
      ...write,
      schema: {
        tags,
        summary: 'Enviar la cotización al cliente (correo con PDF y notificación)',
        params: IdParamsSchema,
        response: { 200: one },
      },
    },
    async (req) => {
      const result = await svc.sendQuote({
        ...writer(req),
        id: req.params.id,
      });
      publish(app, result.effects);
      return { success: true as const, data: { quote: result.value } };
    },
  );

  app.post(
    '/quotes/:id/accept',
    {
      ...respond,
      schema: {
        tags,
        summary: 'Aceptar la cotización (cliente): crea la factura en borrador',
        params: IdParamsSchema,
        body: AcceptQuoteBodySchema,
        response: {
          200: successEnvelope(AcceptQuoteResponseSchema),
          201: successEnvelope(AcceptQuoteResponseSchema),
        },
      },
    },
    async (req, reply) => {
      const result = await answers.acceptQuote({
        ...writer(req),
        id: req.params.id,
        input: req.body,
      });
      publish(app, result.effects);
      return reply.code(result.created ? 201 : 200).send({ success: true as const, data: result.value });
    },
  );

  app.post(
    '/quotes/:id/reject',
    {
      ...respond,
      schema: {
        tags,
        summary: 'Rechazar la cotización (cliente), con motivo',
        params: IdParamsSchema,
        body: RejectQuoteBodySchema,
        response: { 200: one },
      },
    },
    async (req) => {
      const result = await answers.rejectQuote({
        ...writer(req),
        id: req.params.id,
        input: req.body,
      });
      publish(app, result.effects);
      return { success: true as const, data: { quote: result.value } };
    },
  );

  app.get(
    '/quotes/:id/pdf',
    {
      ...read,
      schema: {
        tags,
        summary: 'PDF de la cotización (application/pdf)',
        params: IdParamsSchema,
        querystring: z.object({ inline: z.enum(['1', 'true']).optional() }),
      },
    },
    async (req, reply) =>
      replyWithDocumentPdf(
        reply,
        app.db,
        actorOf(req),
        svc.QUOTE_DOCUMENT,
        req.params.id,
        Boolean(req.query.inline),
      ),
  );
};

export default quotesRoutes;
