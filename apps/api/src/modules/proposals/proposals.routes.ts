import {
  ConvertProposalRequestSchema,
  ConvertProposalResponseSchema,
  CountersignDocumentRequestSchema,
  CreateDocumentTemplateRequestSchema,
  CreateSignableDocumentRequestSchema,
  DeclineDocumentRequestSchema,
  type DocumentKind,
  DocumentTemplateResponseSchema,
  GetSignableDocumentResponseSchema,
  IdParamsSchema,
  ListDocumentTemplatesQuerySchema,
  ListDocumentTemplatesResponseSchema,
  ListSignableDocumentsQuerySchema,
  ListSignableDocumentsResponseSchema,
  MessageResponseSchema,
  OtpResponseSchema,
  PublicSignableDocumentResponseSchema,
  PublicSignResultResponseSchema,
  SendSignableDocumentRequestSchema,
  SendSignableDocumentResponseSchema,
  SignableDocumentResponseSchema,
  SignDocumentRequestSchema,
  SignTokenParamsSchema,
  successEnvelope,
  UpdateDocumentTemplateRequestSchema,
  UpdateSignableDocumentRequestSchema,
  VerifyDocumentResponseSchema,
} from '@agencia/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.js';
import { badRequest } from '../../lib/errors.js';
import { routeKit } from '../../lib/route-kit.js';
import { contentDisposition } from '../../lib/storage.js';
import { convertProposal } from './conversion.service.js';
import { proposalPolicy } from './proposals.policy.js';
import { present } from './proposals.render.js';
import * as svc from './proposals.service.js';
import * as seal from './sealing.service.js';
import * as sign from './signing.service.js';
import * as portal from './signing-portal.service.js';

/** Public routes are unauthenticated: a low limit per IP (the share links' 60/min for reads). */
const READ_LIMIT = { max: 60, timeWindow: '1 minute' };
/** Codes, signatures and declines: few per IP (a code has 5 tries; 1 in a million guesses). */
const WRITE_LIMIT = { max: 10, timeWindow: '1 minute' };
/** Public answers are never indexed nor cached by shared caches. */
const privateHeaders = { 'X-Robots-Tag': 'noindex, nofollow', 'Cache-Control': 'private, no-store' };

const PdfQuerySchema = z.object({
  copy: z.enum(['signed', 'current'], { error: 'Copia inválida (signed o current)' }).optional(),
});

const requester = (req: FastifyRequest): sign.Requester => ({
  ip: req.ip ?? null,
  userAgent: (req.headers['user-agent'] ?? '').slice(0, 500) || null,
});

/**
 * Proposals and contracts (decision 171): the same routes under `/proposals` and `/contracts`,
 * templates at `/document-templates` (admin writes), the public signing routes under
 * `/public/proposals/{token}` and `/public/contracts/{token}` (rate limited), and the public
 * verification `POST /public/verify`. Roles and permissions: proposals.policy.ts.
 */
const proposalsRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, opts) => {
  const { config } = opts;
  const {
    signedIn,
    call,
    writeCall,
    published,
    guard,
    roleGuard,
    ctx: kitCtx,
  } = routeKit(app, proposalPolicy);
  const staffWrite = guard('proposals.write', 'write');

  for (const kind of ['proposal', 'contract'] as const satisfies readonly DocumentKind[]) {
    const base = kind === 'proposal' ? '/proposals' : '/contracts';
    const tags = [kind === 'proposal' ? 'proposals' : 'contracts'];
    const label = kind === 'proposal' ? 'propuesta' : 'contrato';

    app.get(
      base,
      {
        ...signedIn,
        schema: {
          tags,
          summary: `Listar (${label})`,
          querystring: ListSignableDocumentsQuerySchema,
          response: { 200: successEnvelope(ListSignableDocumentsResponseSchema) },
        },
      },
      async (req) => ({
        success: true as const,
        data: await svc.listDocuments({ ...call(req), kind, input: req.query }),
      }),
    );
    app.post(
      base,
      {
        ...staffWrite,
        schema: {
          tags,
          summary: `Crear (${label})`,
          body: CreateSignableDocumentRequestSchema,
          response: { 201: successEnvelope(SignableDocumentResponseSchema) },
        },
      },
      async (req, reply) => {
        const document = published(await svc.createDocument({ ...writeCall(req), kind, input: req.body }));
        reply.code(201);
        return { success: true as const, data: { document } };
      },
    );
    app.get(
      `${base}/:id`,
      {
        ...signedIn,
        schema: {
          tags,
          summary: `Detalle y trazabilidad (${label})`,
          params: IdParamsSchema,
          response: { 200: successEnvelope(GetSignableDocumentResponseSchema) },
        },
      },
      async (req) => ({
        success: true as const,
        data: published(
          await svc.getDocument({ ...call(req), kind, id: req.params.id, requester: requester(req) }),
        ),
      }),
    );
    app.put(
      `${base}/:id`,
      {
        ...staffWrite,
        schema: {
          tags,
          summary: `Editar (${label}; 409 una vez firmado)`,
          params: IdParamsSchema,
          body: UpdateSignableDocumentRequestSchema,
          response: { 200: successEnvelope(SignableDocumentResponseSchema) },
        },
      },
      async (req) => ({
        success: true as const,
        data: {
          document: published(
            await svc.updateDocument({ ...writeCall(req), kind, id: req.params.id, input: req.body }),
          ),
        },
      }),
    );
    app.delete(
      `${base}/:id`,
      {
        ...guard('proposals.write', 'delete'),
        schema: {
          tags,
          summary: `Eliminar un borrador (${label}; 409 una vez enviado)`,
          params: IdParamsSchema,
          response: { 200: MessageResponseSchema },
        },
      },
      async (req) => {
        published(await svc.deleteDocument({ ...writeCall(req), kind, id: req.params.id }));
        return { success: true as const, message: 'Borrador eliminado' };
      },
    );
    app.post(
      `${base}/:id/send`,
      {
        ...staffWrite,
        schema: {
          tags,
          summary: `Enviar el enlace de firma (${label})`,
          params: IdParamsSchema,
          body: SendSignableDocumentRequestSchema.default({ expiresInDays: 7, email: null, message: null }),
          response: { 200: successEnvelope(SendSignableDocumentResponseSchema) },
        },
      },
      async (req) => ({
        success: true as const,
        data: published(
          await svc.sendDocument({
            ...writeCall(req),
            kind,
            id: req.params.id,
            input: req.body,
            publicUrl: app.publicUrl,
          }),
        ),
      }),
    );
    app.post(
      `${base}/:id/versions`,
      {
        ...staffWrite,
        schema: {
          tags,
          summary: `Nueva versión (${label})`,
          params: IdParamsSchema,
          response: { 201: successEnvelope(SignableDocumentResponseSchema) },
        },
      },
      async (req, reply) => {
        const document = published(await svc.newVersion({ ...writeCall(req), kind, id: req.params.id }));
        reply.code(201);
        return { success: true as const, data: { document } };
      },
    );
    app.get(
      `${base}/:id/pdf`,
      {
        ...signedIn,
        schema: {
          tags,
          summary: `PDF (${label}): vista previa exacta, copia firmada o sellada`,
          params: IdParamsSchema,
          querystring: PdfQuerySchema,
        },
      },
      async (req, reply) => {
        const pdf = await svc.documentPdf({ ...call(req), kind, id: req.params.id, copy: req.query.copy });
        return reply
          .type('application/pdf')
          .header('Content-Disposition', contentDisposition(pdf.filename, true))
          .send(pdf.body);
      },
    );
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
    '/proposals/:id/convert',
    {
      ...guard('proposals.write', 'convert'),
      schema: {
        tags: ['proposals'],
        summary: 'Convertir una propuesta firmada (proyecto, iguala o factura)',
        params: IdParamsSchema,
        body: ConvertProposalRequestSchema,
        response: { 200: successEnvelope(ConvertProposalResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: published(await convertProposal({ ...writeCall(req), id: req.params.id, input: req.body })),
    }),
  );

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

  // Templates (Configuración → Plantillas).
  const ttags = ['document-templates'];
  app.get(
    '/document-templates',
    {
      ...guard('proposals.read', 'read'),
      schema: {
        tags: ttags,
        summary: 'Plantillas',
        querystring: ListDocumentTemplatesQuerySchema,
        response: { 200: successEnvelope(ListDocumentTemplatesResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { templates: await svc.listTemplates({ ...call(req), input: req.query }) },
    }),
  );
  app.get(
    '/document-templates/:id',
    {
      ...guard('proposals.read', 'read'),
      schema: {
        tags: ttags,
        summary: 'Plantilla',
        params: IdParamsSchema,
        response: { 200: successEnvelope(DocumentTemplateResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { template: await svc.getTemplate({ ...call(req), id: req.params.id }) },
    }),
  );
  app.post(
    '/document-templates',
    {
      ...guard('proposals.write', 'manageTemplates'),
      schema: {
        tags: ttags,
        summary: 'Crear plantilla',
        body: CreateDocumentTemplateRequestSchema,
        response: { 201: successEnvelope(DocumentTemplateResponseSchema) },
      },
    },
    async (req, reply) => {
      const template = await svc.createTemplate({ ...writeCall(req), input: req.body });
      reply.code(201);
      return { success: true as const, data: { template } };
    },
  );
  app.put(
    '/document-templates/:id',
    {
      ...guard('proposals.write', 'manageTemplates'),
      schema: {
        tags: ttags,
        summary: 'Editar plantilla',
        params: IdParamsSchema,
        body: UpdateDocumentTemplateRequestSchema,
        response: { 200: successEnvelope(DocumentTemplateResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { template: await svc.updateTemplate({ ...writeCall(req), id: req.params.id, input: req.body }) },
    }),
  );
  app.delete(
    '/document-templates/:id',
    {
      ...guard('proposals.write', 'manageTemplates'),
      schema: {
        tags: ttags,
        summary: 'Eliminar plantilla',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      await svc.deleteTemplate({ ...writeCall(req), id: req.params.id });
      return { success: true as const, message: 'Plantilla eliminada' };
    },
  );
};

export default proposalsRoutes;
