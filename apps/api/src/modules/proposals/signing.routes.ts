import {
  CountersignDocumentRequestSchema,
  DeclineDocumentRequestSchema,
  type DocumentKind,
  IdParamsSchema,
  MessageResponseSchema,
  OtpResponseSchema,
  PublicSignableDocumentResponseSchema,
  PublicSignResultResponseSchema,
  SignableDocumentResponseSchema,
  SignDocumentRequestSchema,
  SignTokenParamsSchema,
  successEnvelope,
  VerifyDocumentResponseSchema,
} from '@agencia/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.js';
import { badRequest } from '../../lib/errors.js';
import { routeKit } from '../../lib/route-kit.js';
import { contentDisposition } from '../../lib/storage.js';
import { proposalPolicy } from './proposals.policy.js';
import { present } from './proposals.render.js';
import * as seal from './sealing.service.js';
import * as sign from './signing.service.js';
import * as portal from './signing-portal.service.js';

/** Public routes are unauthenticated: a low limit per IP (the share links' 60/min for reads). */
const READ_LIMIT = { max: 60, timeWindow: '1 minute' };
/** Codes, signatures and declines: few per IP (a code has 5 tries; 1 in a million guesses). */
const WRITE_LIMIT = { max: 10, timeWindow: '1 minute' };
/** Public answers are never indexed nor cached by shared caches. */
const privateHeaders = { 'X-Robots-Tag': 'noindex, nofollow', 'Cache-Control': 'private, no-store' };

/** Who is calling, as the signing trail records it: address and browser. */
export const requester = (req: FastifyRequest): sign.Requester => ({
  ip: req.ip ?? null,
  userAgent: (req.headers['user-agent'] ?? '').slice(0, 500) || null,
});

/**
 * Signing routes of proposals and contracts (decisions 171, 174), split from proposals.routes.ts:
 * the agency's countersignature, the client's signature and decline in the portal, the seal, the
 * stored copy's verification; the public signing routes under `/public/proposals/{token}` and
 * `/public/contracts/{token}` (rate limited) and the public verification `POST /public/verify`.
 * Roles and permissions: proposals.policy.ts.
 */
const signingRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, opts) => {
  const { config } = opts;
  const { signedIn, call, writeCall, published, roleGuard, ctx: kitCtx } = routeKit(app, proposalPolicy);

  for (const kind of ['proposal', 'contract'] as const satisfies readonly DocumentKind[]) {
    const base = kind === 'proposal' ? '/proposals' : '/contracts';
    const tags = [kind === 'proposal' ? 'proposals' : 'contracts'];
    const label = kind === 'proposal' ? 'propuesta' : 'contrato';

    app.post(
      `${base}/:id/countersign/otp`,
      {
        ...roleGuard('countersign'),
        config: { rateLimit: WRITE_LIMIT },
        schema: {
          tags,
          summary: `Código para la firma de la agencia (${label})`,
          params: IdParamsSchema,
          response: { 200: successEnvelope(OtpResponseSchema) },
        },
      },
      async (req) => ({
        success: true as const,
        data: await portal.requestCountersignOtp({
          ...call(req),
          kind,
          id: req.params.id,
          secret: config.jwtSecret,
          requester: requester(req),
        }),
      }),
    );
    app.post(
      `${base}/:id/countersign`,
      {
        ...roleGuard('countersign'),
        config: { rateLimit: WRITE_LIMIT },
        schema: {
          tags,
          summary: `Firma de la agencia (${label})`,
          params: IdParamsSchema,
          body: CountersignDocumentRequestSchema,
          response: { 200: successEnvelope(SignableDocumentResponseSchema) },
        },
      },
      async (req) => {
        const row = published(
          await portal.countersign({
            ...writeCall(req),
            config,
            kind,
            id: req.params.id,
            input: req.body,
            requester: requester(req),
          }),
        );
        return { success: true as const, data: { document: await present(app.db, row) } };
      },
    );
    // The recipient inside the portal (decision 174): a client signs or declines its own sent
    // document with the same steps and service as the link; staff are refused (403) by the policy.
    app.post(
      `${base}/:id/otp`,
      {
        ...roleGuard('sign'),
        config: { rateLimit: WRITE_LIMIT },
        schema: {
          tags,
          summary: `Enviar el código de firma al destinatario, en el portal (${label})`,
          params: IdParamsSchema,
          response: { 200: successEnvelope(OtpResponseSchema) },
        },
      },
      async (req) => ({
        success: true as const,
        data: await portal.requestPortalOtp({
          ...call(req),
          kind,
          id: req.params.id,
          secret: config.jwtSecret,
          requester: requester(req),
        }),
      }),
    );
    app.post(
      `${base}/:id/sign`,
      {
        ...roleGuard('sign'),
        config: { rateLimit: WRITE_LIMIT },
        schema: {
          tags,
          summary: `Firmar como destinatario, en el portal (${label})`,
          params: IdParamsSchema,
          body: SignDocumentRequestSchema,
          response: { 200: successEnvelope(PublicSignResultResponseSchema) },
        },
      },
      async (req) => {
        const result = published(
          await portal.signInPortal({
            ...writeCall(req),
            config,
            kind,
            id: req.params.id,
            input: req.body,
            requester: requester(req),
          }),
        );
        return { success: true as const, data: { result } };
      },
    );
    app.post(
      `${base}/:id/decline`,
      {
        ...roleGuard('sign'),
        config: { rateLimit: WRITE_LIMIT },
        schema: {
          tags,
          summary: `Rechazar como destinatario, en el portal (${label})`,
          params: IdParamsSchema,
          body: DeclineDocumentRequestSchema,
          response: { 200: successEnvelope(PublicSignResultResponseSchema) },
        },
      },
      async (req) => {
        const result = published(
          await portal.declineInPortal({
            ...writeCall(req),
            kind,
            id: req.params.id,
            reason: req.body.reason,
            requester: requester(req),
          }),
        );
        return { success: true as const, data: { result } };
      },
    );
    app.post(
      `${base}/:id/seal`,
      {
        ...roleGuard('countersign'),
        schema: {
          tags,
          summary: `Reintentar el sello (${label})`,
          params: IdParamsSchema,
          response: { 200: MessageResponseSchema },
        },
      },
      async (req) => {
        published({
          value: null,
          effects: await seal.retrySeal({ ...call(req), config, kind, id: req.params.id }),
        });
        return { success: true as const, message: 'Documento sellado' };
      },
    );
    app.get(
      `${base}/:id/verify`,
      {
        ...signedIn,
        schema: {
          tags,
          summary: `Verificar la copia guardada (${label})`,
          params: IdParamsSchema,
          response: { 200: successEnvelope(VerifyDocumentResponseSchema) },
        },
      },
      async (req) => ({
        success: true as const,
        data: await seal.verifyStored({ ...call(req), kind, id: req.params.id }),
      }),
    );

    // Public signing routes (no sign-in; the token is the credential).
    const pub = `/public${base}/:token`;
    app.get(
      pub,
      {
        config: { rateLimit: READ_LIMIT },
        schema: {
          tags,
          summary: `Documento para firmar (${label}, sin sesión)`,
          params: SignTokenParamsSchema,
          response: { 200: successEnvelope(PublicSignableDocumentResponseSchema) },
        },
      },
      async (req, reply) => {
        reply.headers(privateHeaders);
        const document = published(
          await sign.viewByToken({ db: app.db, kind, token: req.params.token, requester: requester(req) }),
        );
        return { success: true as const, data: { document } };
      },
    );
    app.get(
      `${pub}/pdf`,
      {
        config: { rateLimit: READ_LIMIT },
        schema: {
          tags,
          summary: `PDF exacto a firmar (${label}, sin sesión)`,
          params: SignTokenParamsSchema,
        },
      },
      async (req, reply) => {
        const pdf = await sign.pdfByToken({ db: app.db, kind, token: req.params.token });
        return reply
          .headers(privateHeaders)
          .type('application/pdf')
          .header('Content-Disposition', contentDisposition(pdf.filename, true))
          .send(pdf.body);
      },
    );
    app.post(
      `${pub}/otp`,
      {
        config: { rateLimit: WRITE_LIMIT },
        schema: {
          tags,
          summary: `Enviar el código de firma (${label})`,
          params: SignTokenParamsSchema,
          response: { 200: successEnvelope(OtpResponseSchema) },
        },
      },
      async (req, reply) => {
        reply.headers(privateHeaders);
        return {
          success: true as const,
          data: await sign.requestRecipientOtp({
            db: app.db,
            kind,
            token: req.params.token,
            secret: config.jwtSecret,
            requester: requester(req),
          }),
        };
      },
    );
    app.post(
      `${pub}/sign`,
      {
        config: { rateLimit: WRITE_LIMIT },
        schema: {
          tags,
          summary: `Firmar (${label})`,
          params: SignTokenParamsSchema,
          body: SignDocumentRequestSchema,
          response: { 200: successEnvelope(PublicSignResultResponseSchema) },
        },
      },
      async (req, reply) => {
        reply.headers(privateHeaders);
        const result = published(
          await sign.signByToken({
            db: app.db,
            config,
            kind,
            token: req.params.token,
            input: req.body,
            requester: requester(req),
            ctx: kitCtx(req),
          }),
        );
        return { success: true as const, data: { result } };
      },
    );
    app.post(
      `${pub}/decline`,
      {
        config: { rateLimit: WRITE_LIMIT },
        schema: {
          tags,
          summary: `Rechazar (${label})`,
          params: SignTokenParamsSchema,
          body: DeclineDocumentRequestSchema,
          response: { 200: successEnvelope(PublicSignResultResponseSchema) },
        },
      },
      async (req, reply) => {
        reply.headers(privateHeaders);
        const result = published(
          await sign.declineByToken({
            db: app.db,
            kind,
            token: req.params.token,
            reason: req.body.reason,
            requester: requester(req),
            ctx: kitCtx(req),
          }),
        );
        return { success: true as const, data: { result } };
      },
    );
  }

  app.post(
    '/public/verify',
    {
      config: { rateLimit: WRITE_LIMIT },
      schema: {
        tags: ['contracts'],
        summary: 'Verificar un PDF firmado (multipart, campo "file")',
        response: { 200: successEnvelope(VerifyDocumentResponseSchema) },
      },
    },
    async (req, reply) => {
      reply.headers(privateHeaders);
      if (!req.isMultipart()) throw badRequest('Envía el PDF como multipart/form-data (campo "file")');
      const part = await req.file({ limits: { fileSize: 30 * 1024 * 1024 } });
      if (!part) throw badRequest('Falta el archivo', [{ field: 'file', message: 'Falta el archivo' }]);
      const pdf = await part.toBuffer();
      return { success: true as const, data: await seal.verifyUpload({ db: app.db, pdf }) };
    },
  );
};

export default signingRoutes;
