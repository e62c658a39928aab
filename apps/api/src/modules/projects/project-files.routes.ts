import {
  IdParamsSchema,
  ListProjectFilesResponseSchema,
  MessageResponseSchema,
  ProjectFileParamsSchema,
  ProjectFileResponseSchema,
  ProjectSubListQuerySchema,
  successEnvelope,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publish } from '../../lib/effects.js';
import { badRequest } from '../../lib/errors.js';
import { routeKit } from '../../lib/route-kit.js';
import { contentDisposition } from '../../lib/storage.js';
import {
  deleteProjectFile,
  listProjectFiles,
  PROJECT_FILE_MAX_BYTES,
  readProjectFile,
  uploadProjectFile,
} from './project-files.service.js';
import { projectPolicy } from './projects.policy.js';

/** Files of a project: paged list, upload (multipart), download, delete. */
const projectFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const {
    guard,
    guardByRole,
    call,
    writeCall,
    read,
    write: writeArgs,
    published,
  } = routeKit(app, projectPolicy);
  const auth = guard('projects.read');
  // Clients never hold `projects.write` (role ceiling): on the routes they share (notes, files)
  // they need `projects.read` and the service decides (decision 070).
  const write = guardByRole({ admin: 'projects.write', employee: 'projects.write', client: 'projects.read' });

  app.get(
    '/projects/:id/files',
    {
      ...auth,
      schema: {
        tags: ['projects'],
        summary: 'Archivos del proyecto (paginados)',
        params: IdParamsSchema,
        querystring: ProjectSubListQuerySchema,
        response: { 200: successEnvelope(ListProjectFilesResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await listProjectFiles(read(req)),
    }),
  );

  app.post(
    '/projects/:id/files',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Subir archivo (multipart, campo "file", máx. 10 MB)',
        params: IdParamsSchema,
        response: { 201: successEnvelope(ProjectFileResponseSchema) },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw badRequest('Envía el archivo como multipart/form-data (campo "file")');
      const part = await req.file({ limits: { fileSize: PROJECT_FILE_MAX_BYTES + 1 } });
      if (!part) throw badRequest('Falta el archivo', [{ field: 'file', message: 'Falta el archivo' }]);
      const data = await part.toBuffer();
      const { value: file, effects } = await uploadProjectFile({
        ...writeCall(req),
        id: req.params.id,
        input: { filename: part.filename, data },
      });
      publish(app, effects);
      reply.code(201);
      return { success: true as const, data: { file } };
    },
  );

  app.get(
    '/projects/:id/files/:fileId',
    {
      ...auth,
      schema: {
        tags: ['projects'],
        summary: 'Descargar archivo del proyecto',
        params: ProjectFileParamsSchema,
      },
    },
    async (req, reply) => {
      const file = await readProjectFile({
        ...call(req),
        id: req.params.id,
        fileId: req.params.fileId,
      });
      reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', contentDisposition(file.filename))
        .header('Content-Length', String(file.data.length))
        .header('X-Content-Type-Options', 'nosniff');
      return reply.send(file.data);
    },
  );

  app.delete(
    '/projects/:id/files/:fileId',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Eliminar archivo del proyecto',
        params: ProjectFileParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      published(await deleteProjectFile(writeArgs(req)));
      return { success: true as const, message: 'Archivo eliminado' };
    },
  );
};

export default projectFilesRoutes;
