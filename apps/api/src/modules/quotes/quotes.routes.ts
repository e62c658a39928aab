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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeKit } from '../../lib/route-kit.js';
import { documentPdfRoute } from '../billing-documents/document-pdf-route.js';
import * as answers from './quote-answers.service.js';
import { quotePolicy } from './quotes.policy.js';
import * as queries from './quotes.queries.js';
import * as svc from './quotes.service.js';

const one = successEnvelope(GetQuoteResponseSchema);

/**
 * Quotes (cotizaciones, issue 16, decision 114). Policy in quotes.policy.ts: admins create,
 * edit drafts and send; employees read; the quote's client reads, accepts or rejects it.
 */
const quotesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { call, writeCall, guard, published } = routeKit(app, quotePolicy);
  const read = guard('invoices.read', 'read');
  const write = guard('invoices.write', 'write');
  const respond = guard('invoices.read', 'respond');
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
      data: await queries.listQuotes({ ...call(req), query: req.query }),
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
      const quote = await svc.createQuote({ ...writeCall(req), input: req.body });
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
      data: { quote: await queries.getQuote({ ...call(req), id: req.params.id }) },
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
          ...writeCall(req),
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
    async (req) => ({
      success: true as const,
      data: { quote: published(await svc.sendQuote({ ...writeCall(req), id: req.params.id })) },
    }),
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
      const result = await answers.acceptQuote({ ...writeCall(req), id: req.params.id, input: req.body });
      return reply.code(result.created ? 201 : 200).send({ success: true as const, data: published(result) });
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
    async (req) => ({
      success: true as const,
      data: {
        quote: published(
          await answers.rejectQuote({ ...writeCall(req), id: req.params.id, input: req.body }),
        ),
      },
    }),
  );

  documentPdfRoute(app, {
    path: '/quotes/:id/pdf',
    kind: svc.QUOTE_DOCUMENT,
    summary: 'PDF de la cotización (application/pdf)',
    tags,
    guard: read,
    call,
  });
};

export default quotesRoutes;
