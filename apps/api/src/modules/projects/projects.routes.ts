import {
  CreateMeetingRequestSchema,
  CreateMilestoneRequestSchema,
  CreateProjectNoteRequestSchema,
  CreateProjectRequestSchema,
  CreateTimeEntryRequestSchema,
  GetProjectResponseSchema,
  IdParamsSchema,
  ListOptionsResponseSchema,
  ListProjectFilesResponseSchema,
  ListProjectNotesResponseSchema,
  ListProjectsQuerySchema,
  ListProjectsResponseSchema,
  ListTimeEntriesResponseSchema,
  MeetingParamsSchema,
  MessageResponseSchema,
  MilestoneParamsSchema,
  MilestoneResponseSchema,
  PROJECT_CHANGED_EVENT,
  ProjectFileParamsSchema,
  ProjectFileResponseSchema,
  ProjectMeetingResponseSchema,
  ProjectNoteParamsSchema,
  ProjectNoteResponseSchema,
  ProjectOptionsQuerySchema,
  ProjectResponseSchema,
  ProjectStatsResponseSchema,
  ProjectSubListQuerySchema,
  successEnvelope,
  TimeEntryParamsSchema,
  TimeEntryResponseSchema,
  UpdateMeetingRequestSchema,
  UpdateMilestoneRequestSchema,
  UpdateProjectNoteRequestSchema,
  UpdateProjectRequestSchema,
  UpdateTimeEntryRequestSchema,
} from '@agencia/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors.js';
import { pushNotifications } from '../../lib/notify.js';
import { contentDisposition } from '../../lib/storage.js';
import { actorOf } from '../../plugins/auth.js';
import * as service from './projects.service.js';

const ctxOf = (req: FastifyRequest) => ({ actorId: req.actor?.id ?? null, ip: req.ip, requestId: req.id });

/** Pushes what a committed write changed: notifications, `project:changed`, `nav:badges`. */
export function publishProjectEffects(app: FastifyInstance, effects: service.ProjectEffects): void {
  pushNotifications(app, effects.notifications);
  const payload = { projectId: effects.projectId };
  for (const u of effects.users) app.realtime.toUser(u, PROJECT_CHANGED_EVENT, payload);
  for (const u of effects.badgeUsers) app.realtime.toUser(u, 'nav:badges', {});
  if (effects.admins) {
    app.realtime.toRoles(['admin'], PROJECT_CHANGED_EVENT, payload);
    if (effects.badgeUsers.size) app.realtime.toRoles(['admin'], 'nav:badges', {});
  }
}

/**
 * Projects routes (spec doc 2 §7 "Projects") plus what the detail screen needs (team, files,
 * time) and corrections of notes, meetings and time entries (PATCH/DELETE, decision 036).
 */
const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Permissions (decision 070) next to the policy table of projects.policy.ts: reads need
  // `projects.read`; writes need `projects.write` of staff. Clients never hold `projects.write`
  // (role ceiling), so on the routes they share (notes, files) — and on those where the policy
  // answers them 403, or 404 for another client's project — they need `projects.read` and the
  // service decides as before.
  const auth = { onRequest: [app.authenticate, app.requirePermission('projects.read')] };
  const write = {
    onRequest: [
      app.authenticate,
      app.requirePermissionByRole({
        admin: 'projects.write',
        employee: 'projects.write',
        client: 'projects.read',
      }),
    ],
  };
  const adminOnly = { onRequest: [app.authenticate, app.requirePermission('projects.write', 'admin')] };

  app.get(
    '/projects',
    {
      ...auth,
      schema: {
        tags: ['projects'],
        summary: 'Lista de proyectos visibles',
        querystring: ListProjectsQuerySchema,
        response: { 200: successEnvelope(ListProjectsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await service.listProjects({ db: app.db, actor: actorOf(req), input: req.query }),
    }),
  );

  app.get(
    '/projects/stats',
    {
      ...auth,
      schema: {
        tags: ['projects'],
        summary: 'Estadísticas de proyectos',
        response: { 200: successEnvelope(ProjectStatsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { stats: await service.getProjectStats({ db: app.db, actor: actorOf(req) }) },
    }),
  );

  app.get(
    '/projects/options',
    {
      ...auth,
      schema: {
        tags: ['projects'],
        summary: 'Buscar proyectos visibles para un selector (id y título)',
        querystring: ProjectOptionsQuerySchema,
        response: { 200: successEnvelope(ListOptionsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        options: await service.listProjectOptions({ db: app.db, actor: actorOf(req), input: req.query }),
      },
    }),
  );

  app.get(
    '/projects/:id',
    {
      ...auth,
      schema: {
        tags: ['projects'],
        summary: 'Detalle de un proyecto',
        params: IdParamsSchema,
        response: { 200: successEnvelope(GetProjectResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { project: await service.getProject({ db: app.db, actor: actorOf(req), id: req.params.id }) },
    }),
  );

  app.get(
    '/projects/:id/notes',
    {
      ...auth,
      schema: {
        tags: ['projects'],
        summary: 'Comentarios del proyecto (paginados; un cliente no recibe notas internas)',
        params: IdParamsSchema,
        querystring: ProjectSubListQuerySchema,
        response: { 200: successEnvelope(ListProjectNotesResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await service.listProjectNotes({
        db: app.db,
        actor: actorOf(req),
        id: req.params.id,
        input: req.query,
      }),
    }),
  );

  app.get(
    '/projects/:id/time-entries',
    {
      ...auth,
      schema: {
        tags: ['projects'],
        summary: 'Registro de tiempo del proyecto (paginado; un cliente solo ve tiempo facturable)',
        params: IdParamsSchema,
        querystring: ProjectSubListQuerySchema,
        response: { 200: successEnvelope(ListTimeEntriesResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await service.listProjectTimeEntries({
        db: app.db,
        actor: actorOf(req),
        id: req.params.id,
        input: req.query,
      }),
    }),
  );

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
      data: await service.listProjectFiles({
        db: app.db,
        actor: actorOf(req),
        id: req.params.id,
        input: req.query,
      }),
    }),
  );

  app.post(
    '/projects',
    {
      ...adminOnly,
      schema: {
        tags: ['projects'],
        summary: 'Crear proyecto (admin)',
        body: CreateProjectRequestSchema,
        response: { 201: successEnvelope(ProjectResponseSchema) },
      },
    },
    async (req, reply) => {
      const { project, effects } = await service.createProject({
        db: app.db,
        actor: actorOf(req),
        ctx: ctxOf(req),
        input: req.body,
      });
      publishProjectEffects(app, effects);
      reply.code(201);
      return { success: true as const, data: { project } };
    },
  );

  app.put(
    '/projects/:id',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Actualizar proyecto',
        params: IdParamsSchema,
        body: UpdateProjectRequestSchema,
        response: { 200: successEnvelope(ProjectResponseSchema) },
      },
    },
    async (req) => {
      const { project, effects } = await service.updateProject({
        db: app.db,
        actor: actorOf(req),
        ctx: ctxOf(req),
        id: req.params.id,
        input: req.body,
      });
      publishProjectEffects(app, effects);
      return { success: true as const, data: { project } };
    },
  );

  app.delete(
    '/projects/:id',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Eliminar proyecto (admin, borrado lógico)',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      const { effects } = await service.deleteProject({
        db: app.db,
        actor: actorOf(req),
        ctx: ctxOf(req),
        id: req.params.id,
      });
      publishProjectEffects(app, effects);
      return { success: true as const, message: 'Proyecto eliminado' };
    },
  );

  app.post(
    '/projects/:id/milestones',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Agregar hito',
        params: IdParamsSchema,
        body: CreateMilestoneRequestSchema,
        response: { 201: successEnvelope(MilestoneResponseSchema) },
      },
    },
    async (req, reply) => {
      const { milestone, effects } = await service.addMilestone({
        db: app.db,
        actor: actorOf(req),
        ctx: ctxOf(req),
        id: req.params.id,
        input: req.body,
      });
      publishProjectEffects(app, effects);
      reply.code(201);
      return { success: true as const, data: { milestone } };
    },
  );

  app.put(
    '/projects/:id/milestones/:milestoneId',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Actualizar hito',
        params: MilestoneParamsSchema,
        body: UpdateMilestoneRequestSchema,
        response: { 200: successEnvelope(MilestoneResponseSchema) },
      },
    },
    async (req) => {
      const { milestone, effects } = await service.updateMilestone({
        db: app.db,
        actor: actorOf(req),
        ctx: ctxOf(req),
        id: req.params.id,
        milestoneId: req.params.milestoneId,
        input: req.body,
      });
      publishProjectEffects(app, effects);
      return { success: true as const, data: { milestone } };
    },
  );

  app.post(
    '/projects/:id/notes',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Agregar nota o comentario',
        params: IdParamsSchema,
        body: CreateProjectNoteRequestSchema,
        response: { 201: successEnvelope(ProjectNoteResponseSchema) },
      },
    },
    async (req, reply) => {
      const { note, effects } = await service.addNote({
        db: app.db,
        actor: actorOf(req),
        ctx: ctxOf(req),
        id: req.params.id,
        input: req.body,
      });
      publishProjectEffects(app, effects);
      reply.code(201);
      return { success: true as const, data: { note } };
    },
  );

  app.post(
    '/projects/:id/meetings',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Agendar reunión',
        params: IdParamsSchema,
        body: CreateMeetingRequestSchema,
        response: { 201: successEnvelope(ProjectMeetingResponseSchema) },
      },
    },
    async (req, reply) => {
      const { meeting, effects } = await service.addMeeting({
        db: app.db,
        actor: actorOf(req),
        ctx: ctxOf(req),
        id: req.params.id,
        input: req.body,
      });
      publishProjectEffects(app, effects);
      reply.code(201);
      return { success: true as const, data: { meeting } };
    },
  );

  app.post(
    '/projects/:id/time-entries',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Registrar tiempo',
        params: IdParamsSchema,
        body: CreateTimeEntryRequestSchema,
        response: { 201: successEnvelope(TimeEntryResponseSchema) },
      },
    },
    async (req, reply) => {
      const { timeEntry, effects } = await service.addTimeEntry({
        db: app.db,
        actor: actorOf(req),
        ctx: ctxOf(req),
        id: req.params.id,
        input: req.body,
      });
      publishProjectEffects(app, effects);
      reply.code(201);
      return { success: true as const, data: { timeEntry } };
    },
  );

  // Corrections (decision 036): same `write` hook as the create routes; ownership in the service.
  app.patch(
    '/projects/:id/notes/:noteId',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Editar nota o comentario (autor)',
        params: ProjectNoteParamsSchema,
        body: UpdateProjectNoteRequestSchema,
        response: { 200: successEnvelope(ProjectNoteResponseSchema) },
      },
    },
    async (req) => {
      const { note, effects } = await service.updateNote({
        db: app.db,
        actor: actorOf(req),
        ctx: ctxOf(req),
        id: req.params.id,
        noteId: req.params.noteId,
        input: req.body,
      });
      publishProjectEffects(app, effects);
      return { success: true as const, data: { note } };
    },
  );

  app.delete(
    '/projects/:id/notes/:noteId',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Eliminar nota o comentario (autor o admin)',
        params: ProjectNoteParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      const { effects } = await service.deleteNote({
        db: app.db,
        actor: actorOf(req),
        ctx: ctxOf(req),
        id: req.params.id,
        noteId: req.params.noteId,
      });
      publishProjectEffects(app, effects);
      return { success: true as const, message: 'Comentario eliminado' };
    },
  );

  app.patch(
    '/projects/:id/meetings/:meetingId',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Editar reunión',
        params: MeetingParamsSchema,
        body: UpdateMeetingRequestSchema,
        response: { 200: successEnvelope(ProjectMeetingResponseSchema) },
      },
    },
    async (req) => {
      const { meeting, effects } = await service.updateMeeting({
        db: app.db,
        actor: actorOf(req),
        ctx: ctxOf(req),
        id: req.params.id,
        meetingId: req.params.meetingId,
        input: req.body,
      });
      publishProjectEffects(app, effects);
      return { success: true as const, data: { meeting } };
    },
  );

  app.delete(
    '/projects/:id/meetings/:meetingId',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Eliminar reunión',
        params: MeetingParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      const { effects } = await service.deleteMeeting({
        db: app.db,
        actor: actorOf(req),
        ctx: ctxOf(req),
        id: req.params.id,
        meetingId: req.params.meetingId,
      });
      publishProjectEffects(app, effects);
      return { success: true as const, message: 'Reunión eliminada' };
    },
  );

  app.patch(
    '/projects/:id/time-entries/:entryId',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Corregir registro de tiempo (quien lo registró o admin)',
        params: TimeEntryParamsSchema,
        body: UpdateTimeEntryRequestSchema,
        response: { 200: successEnvelope(TimeEntryResponseSchema) },
      },
    },
    async (req) => {
      const { timeEntry, effects } = await service.updateTimeEntry({
        db: app.db,
        actor: actorOf(req),
        ctx: ctxOf(req),
        id: req.params.id,
        entryId: req.params.entryId,
        input: req.body,
      });
      publishProjectEffects(app, effects);
      return { success: true as const, data: { timeEntry } };
    },
  );

  app.delete(
    '/projects/:id/time-entries/:entryId',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Eliminar registro de tiempo (quien lo registró o admin)',
        params: TimeEntryParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      const { effects } = await service.deleteTimeEntry({
        db: app.db,
        actor: actorOf(req),
        ctx: ctxOf(req),
        id: req.params.id,
        entryId: req.params.entryId,
      });
      publishProjectEffects(app, effects);
      return { success: true as const, message: 'Registro de tiempo eliminado' };
    },
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
      const part = await req.file({ limits: { fileSize: service.PROJECT_FILE_MAX_BYTES + 1 } });
      if (!part) throw badRequest('Falta el archivo', [{ field: 'file', message: 'Falta el archivo' }]);
      const data = await part.toBuffer();
      const { file, effects } = await service.uploadProjectFile({
        db: app.db,
        actor: actorOf(req),
        ctx: ctxOf(req),
        id: req.params.id,
        input: { filename: part.filename, data },
      });
      publishProjectEffects(app, effects);
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
      const file = await service.readProjectFile({
        db: app.db,
        actor: actorOf(req),
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
      const { effects } = await service.deleteProjectFile({
        db: app.db,
        actor: actorOf(req),
        ctx: ctxOf(req),
        id: req.params.id,
        fileId: req.params.fileId,
      });
      publishProjectEffects(app, effects);
      return { success: true as const, message: 'Archivo eliminado' };
    },
  );
};

export default projectsRoutes;
