import {
  CALENDAR_TASKS_MAX,
  CalendarTasksQuerySchema,
  CalendarTasksResponseSchema,
  CreateTaskCommentRequestSchema,
  CreateTaskRequestSchema,
  GetTaskResponseSchema,
  GetTimerResponseSchema,
  IdParamsSchema,
  ListProjectTasksQuerySchema,
  ListProjectTasksResponseSchema,
  ListTasksQuerySchema,
  ListTasksResponseSchema,
  MessageResponseSchema,
  MoveTaskRequestSchema,
  MyTasksDashboardQuerySchema,
  MyTasksDashboardResponseSchema,
  ProjectTaskSettingsResponseSchema,
  StartTimerRequestSchema,
  StartTimerResponseSchema,
  StopTimerRequestSchema,
  StopTimerResponseSchema,
  successEnvelope,
  TaskCommentResponseSchema,
  TaskFileResponseSchema,
  TaskParamsSchema,
  TaskResponseSchema,
  TaskSubParamsSchema,
  ToggleChecklistItemRequestSchema,
  UpdateProjectTaskSettingsRequestSchema,
  UpdateTaskRequestSchema,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publish } from '../../lib/effects.js';
import { badRequest } from '../../lib/errors.js';
import { cachedAnswer, routeKit } from '../../lib/route-kit.js';
import { contentDisposition } from '../../lib/storage.js';
import {
  addTaskComment,
  deleteTaskFile,
  readTaskFile,
  TASK_FILE_MAX_BYTES,
  uploadTaskFile,
} from './task-comments.service.js';
import {
  calendarTasks,
  getTask,
  listProjectTasks,
  listTasks,
  myTasksDashboard,
} from './task-reads.service.js';
import { getTimer, startTimer, stopTimer } from './task-timers.service.js';
import { taskPolicy } from './tasks.policy.js';
import {
  createTask,
  deleteTask,
  getTaskSettings,
  moveTask,
  toggleChecklistItem,
  updateTask,
  updateTaskSettings,
} from './tasks.service.js';

/**
 * Project tasks (issue 45, decision 164): boards, "Mis tareas", the drawer's detail and its
 * writes, comments, files, timers, task settings, the dashboard's "my tasks" and the calendar's
 * task layer. Reads need `projects.read`; staff writes `projects.write`; the routes clients share
 * (comments, files, requests) need `projects.read` and the service decides (decision 070).
 */
const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  const {
    guard,
    guardByRole,
    roleGuard,
    read,
    write: writeArgs,
    call,
    writeCall,
    published,
  } = routeKit(app, taskPolicy);
  const auth = guard('projects.read');
  const shared = guardByRole({
    admin: 'projects.write',
    employee: 'projects.write',
    client: 'projects.read',
  });
  const staff = guard('projects.write', 'update');
  const tags = ['tasks'];

  app.get(
    '/tasks',
    {
      ...auth,
      ...cachedAnswer,
      schema: {
        tags,
        summary:
          'Tareas de mis proyectos (paginadas; filtros responsable, estado, vencimiento, proyecto, texto)',
        querystring: ListTasksQuerySchema,
        response: { 200: successEnvelope(ListTasksResponseSchema) },
      },
    },
    async (req) => ({ success: true as const, data: await listTasks({ ...call(req), input: req.query }) }),
  );

  app.get(
    '/projects/:id/tasks',
    {
      ...auth,
      ...cachedAnswer,
      schema: {
        tags,
        summary: 'Tablero de tareas del proyecto',
        params: IdParamsSchema,
        querystring: ListProjectTasksQuerySchema,
        response: { 200: successEnvelope(ListProjectTasksResponseSchema) },
      },
    },
    async (req) => ({ success: true as const, data: await listProjectTasks(read(req)) }),
  );

  app.post(
    '/projects/:id/tasks',
    {
      ...shared,
      schema: {
        tags,
        summary: 'Crear tarea (equipo) o solicitud del cliente (si el proyecto lo permite)',
        params: IdParamsSchema,
        body: CreateTaskRequestSchema,
        response: { 201: successEnvelope(TaskResponseSchema) },
      },
    },
    async (req, reply) => {
      const data = published(await createTask(writeArgs(req)));
      reply.code(201);
      return { success: true as const, data };
    },
  );

  app.get(
    '/projects/:id/task-settings',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Configuración de tareas del proyecto',
        params: IdParamsSchema,
        response: { 200: successEnvelope(ProjectTaskSettingsResponseSchema) },
      },
    },
    async (req) => ({ success: true as const, data: { settings: await getTaskSettings(read(req)) } }),
  );

  app.put(
    '/projects/:id/task-settings',
    {
      ...guard('projects.write', 'manageSettings'),
      schema: {
        tags,
        summary: 'Cambiar la configuración de tareas del proyecto (administrador)',
        params: IdParamsSchema,
        body: UpdateProjectTaskSettingsRequestSchema,
        response: { 200: successEnvelope(ProjectTaskSettingsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { settings: published(await updateTaskSettings(writeArgs(req))) },
    }),
  );

  app.get(
    '/tasks/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Detalle de la tarea',
        params: TaskParamsSchema,
        response: { 200: successEnvelope(GetTaskResponseSchema) },
      },
    },
    async (req) => ({ success: true as const, data: { task: await getTask(read(req)) } }),
  );

  app.put(
    '/tasks/:id',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Editar tarea',
        params: TaskParamsSchema,
        body: UpdateTaskRequestSchema,
        response: { 200: successEnvelope(TaskResponseSchema) },
      },
    },
    async (req) => ({ success: true as const, data: published(await updateTask(writeArgs(req))) }),
  );

  app.delete(
    '/tasks/:id',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Eliminar tarea',
        params: TaskParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      published(await deleteTask({ ...writeCall(req), id: req.params.id }));
      return { success: true as const, message: 'Tarea eliminada' };
    },
  );

  app.post(
    '/tasks/:id/move',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Mover tarea (columna y posición)',
        params: TaskParamsSchema,
        body: MoveTaskRequestSchema,
        response: { 200: successEnvelope(TaskResponseSchema) },
      },
    },
    async (req) => ({ success: true as const, data: published(await moveTask(writeArgs(req))) }),
  );

  app.put(
    '/tasks/:id/checklist/:subId',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Marcar o desmarcar un elemento de la lista',
        params: TaskSubParamsSchema,
        body: ToggleChecklistItemRequestSchema,
        response: { 200: successEnvelope(TaskResponseSchema) },
      },
    },
    async (req) => ({ success: true as const, data: published(await toggleChecklistItem(writeArgs(req))) }),
  );

  app.post(
    '/tasks/:id/comments',
    {
      ...shared,
      schema: {
        tags,
        summary: 'Comentar una tarea (menciones con @)',
        params: TaskParamsSchema,
        body: CreateTaskCommentRequestSchema,
        response: { 201: successEnvelope(TaskCommentResponseSchema) },
      },
    },
    async (req, reply) => {
      const comment = published(await addTaskComment(writeArgs(req)));
      reply.code(201);
      return { success: true as const, data: { comment } };
    },
  );

  app.post(
    '/tasks/:id/files',
    {
      ...shared,
      schema: {
        tags,
        summary: 'Subir archivo a la tarea (multipart, campo "file", máx. 10 MB)',
        params: TaskParamsSchema,
        response: { 201: successEnvelope(TaskFileResponseSchema) },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw badRequest('Envía el archivo como multipart/form-data (campo "file")');
      const part = await req.file({ limits: { fileSize: TASK_FILE_MAX_BYTES + 1 } });
      if (!part) throw badRequest('Falta el archivo', [{ field: 'file', message: 'Falta el archivo' }]);
      const data = await part.toBuffer();
      const { value: file, effects } = await uploadTaskFile({
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
    '/tasks/:id/files/:subId',
    {
      ...auth,
      schema: { tags, summary: 'Descargar archivo de la tarea', params: TaskSubParamsSchema },
    },
    async (req, reply) => {
      const file = await readTaskFile({ ...call(req), id: req.params.id, subId: req.params.subId });
      reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', contentDisposition(file.filename))
        .header('Content-Length', String(file.data.length))
        .header('X-Content-Type-Options', 'nosniff');
      return reply.send(file.data);
    },
  );

  app.delete(
    '/tasks/:id/files/:subId',
    {
      ...shared,
      schema: {
        tags,
        summary: 'Eliminar archivo de la tarea',
        params: TaskSubParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      published(await deleteTaskFile({ ...writeCall(req), id: req.params.id, subId: req.params.subId }));
      return { success: true as const, message: 'Archivo eliminado' };
    },
  );

  /* ── timers ── */

  app.get(
    '/timer',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Mi temporizador en marcha (o null)',
        response: { 200: successEnvelope(GetTimerResponseSchema) },
      },
    },
    async (req) => ({ success: true as const, data: { timer: await getTimer(call(req)) } }),
  );

  app.post(
    '/tasks/:id/timer/start',
    {
      ...guard('projects.write', 'timer'),
      schema: {
        tags,
        summary: 'Iniciar el temporizador en una tarea (detiene el anterior)',
        params: TaskParamsSchema,
        body: StartTimerRequestSchema.optional(),
        response: { 200: successEnvelope(StartTimerResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: published(await startTimer({ ...writeCall(req), id: req.params.id, input: req.body ?? {} })),
    }),
  );

  app.post(
    '/timer/stop',
    {
      ...guard('projects.write', 'timer'),
      schema: {
        tags,
        summary: 'Detener mi temporizador (registra las horas en el proyecto)',
        body: StopTimerRequestSchema.optional(),
        response: { 200: successEnvelope(StopTimerResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: published(await stopTimer({ ...writeCall(req), input: req.body ?? {} })),
    }),
  );

  /* ── dashboard and calendar ── */

  app.get(
    '/dashboard/my-tasks',
    {
      ...roleGuard('myTasks'),
      ...cachedAnswer,
      schema: {
        tags,
        summary: 'Mis tareas para hoy y vencidas',
        querystring: MyTasksDashboardQuerySchema,
        response: { 200: successEnvelope(MyTasksDashboardResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await myTasksDashboard({ ...call(req), input: req.query }),
    }),
  );

  app.get(
    '/calendar/tasks',
    {
      ...guard(['calendar.read', 'projects.read']),
      schema: {
        tags,
        summary: 'Fechas de entrega de tareas (capa del calendario)',
        querystring: CalendarTasksQuerySchema,
        response: { 200: successEnvelope(CalendarTasksResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await calendarTasks({ ...call(req), input: req.query, max: CALENDAR_TASKS_MAX }),
    }),
  );
};

export default tasksRoutes;
