import type { ProjectDetail, ProjectSummary } from '@agencia/shared';
import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect } from 'vitest';
import { injectAs, startDemoApp } from '../../../test/helpers.js';
import { projectMembers, projects } from '../../db/schema/index.js';

/*
 * What the projects route tests share (projects.routes.test.ts, project-subresources.routes.test.ts):
 * one app on the demo seed, the four demo users signed in, and small request helpers. A test file
 * calls `useProjectsApp()` once at its top level; `app`, `tokens` and `ids` are filled before its
 * first test.
 */

/** The app of the current test file (set by `useProjectsApp()`). */
export let app: FastifyInstance;
/** Access tokens of the demo admin, employee and the two demo clients. */
export const tokens = { admin: '', employee: '', client: '', client2: '' };
/** Their user ids, and the two clients' client-record ids. */
export const ids = { admin: '', employee: '', client: '', client2: '', clientRecord: '', client2Record: '' };

/** A small text file for the file-upload tests. */
export const TXT = Buffer.from('Acta de reunión\nTodo en orden.\n', 'utf8');

/** A multipart body with one `file` part. */
export function multipart(filename: string, data: Buffer, contentType = 'application/octet-stream') {
  const boundary = '----agenciaTestBoundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** `GET /projects{query}` as `token`: the page's projects (asserts 200). */
export async function list(token: string, query = '') {
  const res = await injectAs(app, token, { method: 'GET', url: `/api/projects${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.projects as ProjectSummary[];
}

/** `GET /projects/{id}` as `token`: the response and, on 200, the project. */
export async function detail(token: string, id: string) {
  const res = await injectAs(app, token, { method: 'GET', url: `/api/projects/${id}` });
  return { res, project: res.statusCode === 200 ? (res.json().data.project as ProjectDetail) : null };
}

/** An open project of `clientId` the demo employee is (or, by default, is NOT) on. */
export async function projectOf(clientId: string, opts: { withEmployee?: boolean } = {}) {
  const rows = await app.db
    .select({ id: projects.id, title: projects.title })
    .from(projects)
    // Open projects only (a closed one refuses employees' edits), in a fixed order: the row order
    // of an unordered select follows whichever index the planner picks.
    .where(and(eq(projects.clientId, clientId), notInArray(projects.status, ['completed', 'cancelled'])))
    .orderBy(asc(projects.title));
  for (const r of rows) {
    const [m] = await app.db
      .select()
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, r.id), eq(projectMembers.userId, ids.employee)));
    if (Boolean(m) === Boolean(opts.withEmployee)) return r;
  }
  throw new Error('no such seeded project');
}

/** Starts the app and signs the demo users in before the file's first test. */
export function useProjectsApp() {
  beforeAll(async () => {
    const demo = await startDemoApp();
    app = demo.app;
    for (const role of ['admin', 'employee', 'client', 'client2'] as const) {
      tokens[role] = demo[role].token;
      ids[role] = demo[role].user._id;
    }
    ids.clientRecord = demo.client.user.clientId!;
    ids.client2Record = demo.client2.user.clientId!;
  });
}
