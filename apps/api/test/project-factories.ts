import type {
  CreateMeetingRequest,
  CreateProjectNoteRequest,
  CreateProjectRequest,
  CreateTimeEntryRequest,
  ProjectDetail,
  ProjectMeeting,
  ProjectNote,
  TimeEntry,
} from '@agencia/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.js';
import { projects } from '../src/db/schema/index.js';
import { injectAs } from './helpers.js';

async function post<T>(app: FastifyInstance, token: string, url: string, payload: object, key: string) {
  const res = await injectAs(app, token, { method: 'POST', url, payload });
  if (res.statusCode !== 201) throw new Error(`POST ${url} failed: ${res.statusCode} ${res.body}`);
  return res.json().data[key] as T;
}

/** Creates a project through `POST /projects` as an admin `token` (in progress, no budget), with overrides. */
export function createProjectVia(
  app: FastifyInstance,
  token: string,
  overrides: Partial<CreateProjectRequest> & Pick<CreateProjectRequest, 'clientId'>,
) {
  return post<ProjectDetail>(
    app,
    token,
    '/api/projects',
    { title: 'Proyecto de prueba', status: 'in_progress', ...overrides },
    'project',
  );
}

/** Posts a note as `token` (`POST /projects/{id}/notes`); defaults to a public comment. */
export function addNoteVia(
  app: FastifyInstance,
  token: string,
  projectId: string,
  body: Partial<CreateProjectNoteRequest> = {},
) {
  return post<ProjectNote>(
    app,
    token,
    `/api/projects/${projectId}/notes`,
    { content: 'Comentario de prueba', ...body },
    'note',
  );
}

/** Logs time as `token` (`POST /projects/{id}/time-entries`); defaults to 2 billable hours, today. */
export function addTimeEntryVia(
  app: FastifyInstance,
  token: string,
  projectId: string,
  body: Partial<CreateTimeEntryRequest> = {},
) {
  return post<TimeEntry>(
    app,
    token,
    `/api/projects/${projectId}/time-entries`,
    { hours: 2, description: 'Desarrollo', ...body },
    'timeEntry',
  );
}

/** Schedules a meeting as `token` (`POST /projects/{id}/meetings`); defaults to 60 min, no attendees. */
export function addMeetingVia(
  app: FastifyInstance,
  token: string,
  projectId: string,
  body: Partial<CreateMeetingRequest> = {},
) {
  return post<ProjectMeeting>(
    app,
    token,
    `/api/projects/${projectId}/meetings`,
    { title: 'Revisión semanal', date: '2026-12-02T15:00:00-04:00', ...body },
    'meeting',
  );
}

/**
 * Inserts `count` projects of `clientId` straight into the table (pagination tests need many rows
 * fast). All share `createdAt` unless `spreadMs` spaces them, so the `id` tie-breaker is tested.
 * Titles are `${prefix} 001`, `${prefix} 002` …; returns the ids in insertion order.
 */
export async function insertProjectRows(
  db: Db,
  clientId: string,
  count: number,
  opts: { prefix?: string; createdAt?: Date; spreadMs?: number; status?: 'requested' | 'in_progress' } = {},
): Promise<string[]> {
  const base = opts.createdAt ?? new Date('2024-01-01T12:00:00Z');
  const rows = Array.from({ length: count }, (_, i) => ({
    clientId,
    title: `${opts.prefix ?? 'Lote'} ${String(i + 1).padStart(3, '0')}`,
    status: opts.status ?? ('in_progress' as const),
    createdAt: new Date(base.getTime() + i * (opts.spreadMs ?? 0)),
  }));
  const inserted = await db.insert(projects).values(rows).returning({ id: projects.id });
  return inserted.map((r) => r.id);
}
