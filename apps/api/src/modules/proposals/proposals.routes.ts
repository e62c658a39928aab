import {
  ConvertProposalRequestSchema,
  ConvertProposalResponseSchema,
  CreateDocumentTemplateRequestSchema,
  CreateSignableDocumentRequestSchema,
  type DocumentKind,
  DocumentTemplateResponseSchema,
  GetSignableDocumentResponseSchema,
  IdParamsSchema,
  ListDocumentTemplatesQuerySchema,
  ListDocumentTemplatesResponseSchema,
  ListSignableDocumentsQuerySchema,
  ListSignableDocumentsResponseSchema,
  MessageResponseSchema,
  SendSignableDocumentRequestSchema,
  SendSignableDocumentResponseSchema,
  SignableDocumentResponseSchema,
  successEnvelope,
  UpdateDocumentTemplateRequestSchema,
  UpdateSignableDocumentRequestSchema,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeKit } from '../../lib/route-kit.js';
import { contentDisposition } from '../../lib/storage.js';
import { convertProposal } from './conversion.service.js';
import * as sending from './document-sending.service.js';
import * as templates from './document-templates.service.js';
import { proposalPolicy } from './proposals.policy.js';
import * as svc from './proposals.service.js';
import { requester } from './signing.routes.js';

const PdfQuerySchema = z.object({
  copy: z.enum(['signed', 'current'], { error: 'Copia inválida (signed o current)' }).optional(),
});

/**
 * Proposals and contracts (decision 171): the same routes under `/proposals` and `/contracts`,
 * templates at `/document-templates` (admin writes) and a signed proposal's conversion. The
 * signing routes (countersignature, the portal's signature, seal, verification and the public
 * token routes) are in signing.routes.ts. Roles and permissions: proposals.policy.ts.
 */
const proposalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { signedIn, call, writeCall, published, guard } = routeKit(app, proposalPolicy);
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
          await sending.sendDocument({
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
      data: { templates: await templates.listTemplates({ ...call(req), input: req.query }) },
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
      data: { template: await templates.getTemplate({ ...call(req), id: req.params.id }) },
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
      const template = await templates.createTemplate({ ...writeCall(req), input: req.body });
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
      data: {
        template: await templates.updateTemplate({ ...writeCall(req), id: req.params.id, input: req.body }),
      },
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
      await templates.deleteTemplate({ ...writeCall(req), id: req.params.id });
      return { success: true as const, message: 'Plantilla eliminada' };
    },
  );
};

export default proposalsRoutes;
