import {
  ErrorCodes,
  IdParamsSchema,
  MAX_IMAGE_BYTES,
  successEnvelope,
  UPLOAD_TYPES,
  UploadResponseSchema,
} from '@agencia/shared';
import type { MultipartFile } from '@fastify/multipart';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { files } from '../../db/schema/index.js';
import { actorOf } from '../../lib/actor.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { fieldText } from '../../lib/multipart.js';
import { routeKit } from '../../lib/route-kit.js';
import { readFile } from '../../lib/storage.js';
import { uploadPolicy } from './uploads.policy.js';
import { storeImage, type UploadType } from './uploads.service.js';

/** Owner types whose files are public by URL (shown in <img> tags without a bearer header). */
const PUBLIC_OWNER_TYPES = ['user_avatar', 'company_logo'];

const tooLarge = () => new AppError(413, ErrorCodes.PAYLOAD_TOO_LARGE, 'La imagen no puede superar los 2 MB');

/**
 * Image uploads (decision 065): `POST /upload` (multipart `file` + `type` avatar | logo).
 * The type is sniffed from the bytes (PNG, JPEG, WebP only → else 415), at most 2 MB (→ 413),
 * then re-encoded with sharp — avatars as a 256 px square WebP, logos fitted into 512 px — which
 * also drops metadata (EXIF, GPS). `GET /files/{id}` serves avatars and logos.
 */
const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { writeCall, signedIn } = routeKit(app, uploadPolicy);
  app.post(
    '/upload',
    {
      ...signedIn,
      schema: {
        tags: ['uploads'],
        summary: 'Subir una imagen (avatar o logo)',
        consumes: ['multipart/form-data'],
        response: { 201: successEnvelope(UploadResponseSchema) },
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      if (!req.isMultipart()) {
        throw new AppError(
          415,
          ErrorCodes.UNSUPPORTED_MEDIA_TYPE,
          'Envía el archivo como multipart/form-data',
        );
      }
      let type: string | null = null;
      let file: { data: Buffer; filename: string } | null = null;
      for await (const part of req.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } })) {
        if (part.type === 'file') {
          const f = part as MultipartFile;
          if (f.fieldname !== 'file') {
            await f.toBuffer().catch(() => undefined);
            continue;
          }
          let data: Buffer;
          try {
            data = await f.toBuffer();
          } catch (err) {
            if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
            throw err;
          }
          if (f.file.truncated) throw tooLarge();
          file = { data, filename: f.filename };
        } else if (part.fieldname === 'type') {
          type = fieldText(part);
        }
      }
      type ??= 'avatar';
      if (!UPLOAD_TYPES.includes(type as (typeof UPLOAD_TYPES)[number])) {
        throw badRequest('Tipo de subida inválido', [{ field: 'type', message: 'Tipo de subida inválido' }]);
      }
      if (!file)
        throw badRequest('El archivo es requerido', [{ field: 'file', message: 'El archivo es requerido' }]);
      const stored = await storeImage({
        ...writeCall(req),
        actor,
        type: type as UploadType,
        file,
      });
      reply.code(201);
      return { success: true as const, data: { _id: stored.id, url: `/api/files/${stored.id}` } };
    },
  );

  app.get(
    '/files/:id',
    {
      schema: { tags: ['uploads'], summary: 'Avatar o logo almacenado', params: IdParamsSchema },
    },
    async (req, reply) => {
      const [meta] = await app.db
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.id, req.params.id), inArray(files.ownerType, PUBLIC_OWNER_TYPES)))
        .limit(1);
      const file = meta ? await readFile(app.db, meta.id) : null;
      if (!file) throw notFound('Archivo no encontrado');
      reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(file.sizeBytes))
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'");
      return reply.send(file.data);
    },
  );
};

export default uploadsRoutes;
