import { randomUUID } from 'node:crypto';
import {
  ACCESS_REQUEST_MAX_FILE_BYTES,
  ACCESS_REQUEST_UPLOADS,
  AccessRequestSubmittedSchema,
  type AccessRequestUploadField,
  accessRequestReference,
  CreateAccessRequestSchema,
  CreateQuoteRequestSchema,
  HONEYPOT_FIELD,
  PUBLIC_FORM_RATE_LIMIT,
  PublicSubmissionResponseSchema,
  successEnvelope,
} from '@agencia/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publish } from '../../lib/effects.js';
import { badRequest } from '../../lib/errors.js';
import { fieldText } from '../../lib/multipart.js';
import { routeKit } from '../../lib/route-kit.js';
import { createAccessRequest, createQuoteRequest, type UploadedFile } from './public-requests.service.js';
import { requestPolicy } from './requests.policy.js';

/** JSON bodies of the public forms stay small: 64 KB. */
const JSON_BODY_LIMIT = 64 * 1024;
const UPLOAD_FIELDS = new Set<string>(ACCESS_REQUEST_UPLOADS.map((u) => u.field));

const rateLimit = { max: PUBLIC_FORM_RATE_LIMIT.max, timeWindow: PUBLIC_FORM_RATE_LIMIT.windowMs };
const received = { success: true as const, data: { received: true as const } };

const submitted = (reference: string) => ({
  success: true as const,
  data: { received: true as const, reference },
});

function isHoneypotHit(body: unknown): boolean {
  const value = (body as Record<string, unknown> | null)?.[HONEYPOT_FIELD];
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * Reads `multipart/form-data`: the part `data` holds the JSON fields, file parts named after
 * ACCESS_REQUEST_UPLOADS hold the optional documents (≤ 5 MB each, at most one per name).
 */
async function readMultipart(req: FastifyRequest): Promise<{ body: unknown; uploads: UploadedFile[] }> {
  let body: unknown;
  const uploads: UploadedFile[] = [];
  const parts = req.parts({
    limits: {
      fileSize: ACCESS_REQUEST_MAX_FILE_BYTES,
      files: UPLOAD_FIELDS.size,
      fields: 5,
      fieldSize: JSON_BODY_LIMIT,
    },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      if (!UPLOAD_FIELDS.has(part.fieldname) || uploads.some((u) => u.field === part.fieldname)) {
        await part.toBuffer().catch(() => undefined);
        throw badRequest('Archivo no esperado', [{ field: part.fieldname, message: 'Archivo no esperado' }]);
      }
      const data = await part.toBuffer();
      if (data.length > 0)
        uploads.push({ field: part.fieldname as AccessRequestUploadField, filename: part.filename, data });
    } else if (part.fieldname === 'data') {
      const text = fieldText(part);
      try {
        body = JSON.parse(text);
      } catch {
        throw badRequest('El campo «data» no es JSON válido', [{ field: 'data', message: 'JSON inválido' }]);
      }
    }
  }
  return { body, uploads };
}

/**
 * Public lead endpoints (no authentication): `POST /public/quote-requests` (JSON) and
 * `POST /public/access-requests` (JSON, or multipart with the optional documents). Both are
 * rate-limited per IP (PUBLIC_FORM_RATE_LIMIT), size-limited, validated with the shared schemas,
 * and silently drop submissions whose honeypot field is filled.
 */
const publicRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { anonymous } = routeKit(app, requestPolicy);
  app.post(
    '/public/quote-requests',
    {
      bodyLimit: JSON_BODY_LIMIT,
      config: { rateLimit },
      schema: {
        tags: ['public'],
        summary: 'Enviar una solicitud de cotización',
        security: [],
        body: CreateQuoteRequestSchema,
        response: { 201: successEnvelope(PublicSubmissionResponseSchema) },
      },
    },
    async (req, reply) => {
      if (!isHoneypotHit(req.body))
        publish(app, (await createQuoteRequest({ ...anonymous(req), input: req.body })).effects);
      else req.log.info('quote request dropped by honeypot');
      return reply.code(201).send(received);
    },
  );

  app.post(
    '/public/access-requests',
    {
      bodyLimit: JSON_BODY_LIMIT,
      config: { rateLimit },
      schema: {
        tags: ['public'],
        summary: 'Enviar una solicitud de acceso (JSON o multipart con documentos)',
        description:
          'multipart/form-data: parte `data` con el JSON de la solicitud y archivos opcionales cedulaDocument, rncDocument, businessLicense, powerOfAttorney, profileImage (PDF/JPEG/PNG/WebP, 5 MB cada uno).',
        security: [],
        response: { 201: successEnvelope(AccessRequestSubmittedSchema) },
      },
    },
    async (req, reply) => {
      const { body, uploads } = req.isMultipart()
        ? await readMultipart(req)
        : { body: req.body, uploads: [] as UploadedFile[] };
      if (isHoneypotHit(body)) {
        req.log.info('access request dropped by honeypot');
        // A bot gets the same shape as a person: a reference that points nowhere.
        return reply.code(201).send(submitted(accessRequestReference(randomUUID())));
      }
      const parsed = CreateAccessRequestSchema.safeParse(body ?? {});
      if (!parsed.success) {
        const errors = parsed.error.issues.map((issue) => ({
          field: issue.path.map(String).join('.') || 'body',
          message: issue.message,
        }));
        throw badRequest(errors[0]?.message ?? 'Datos inválidos', errors);
      }
      const created = await createAccessRequest({ ...anonymous(req), input: parsed.data, uploads });
      publish(app, created.effects);
      return reply.code(201).send(submitted(created.value.reference));
    },
  );
};

export default publicRequestsRoutes;
