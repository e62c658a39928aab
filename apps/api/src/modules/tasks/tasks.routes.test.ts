import type { Task, TaskDetail } from '@agencia/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectAs, startDemoApp } from '../../../test/helpers.js';
import {
  notifications,
  projectMembers,
  projectTimeEntries,
  taskAssignees,
  tasks,
  taskTimeEntries,
  taskTimers,
  users,
} from '../../db/schema/index.js';
import { TASK_LIST_TOTAL_CAP } from './task-reads.service.js';

/*
 * Project tasks (issue 45) through the real app, on PGlite and (TEST_DATABASE_URL) PostgreSQL:
 * rules per role, client visibility, validation in Spanish, moves under concurrency, recurrence
 * created once, timers and the time entry they write, the dashboard and the calendar layer.
 */

let app: FastifyInstance;
const tokens = { admin: '', employee: '', client: '', client2: '' };
const ids = { admin: '', employee: '', clientRecord: '', client2Record: '', client: '' };
let employeeEmail = '';
/** P: the demo client's project with the employee on the team; Q: another client's, without him. */
let P = '';
let Q = '';

async function call(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return injectAs(app, token, { method, url: `/api${url}`, ...(payload !== undefined ? { payload } : {}) });
}

async function newProject(clientId: string, team: string[]) {
  const res = await call(tokens.admin, 'POST', '/projects', {
    title: `Proyecto de tareas ${Math.random().toString(36).slice(2, 8)}`,
    clientId,
    status: 'in_progress',
    team: team.map((userId) => ({ userId, role: 'Desarrollador' })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.project._id as string;
}

async function newTask(token: string, projectId: string, body: Record<string, unknown> = {}) {
  const res = await call(token, 'POST', `/projects/${projectId}/tasks`, {
    title: 'Tarea de prueba',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.task as TaskDetail;
}

async function board(token: string, projectId: string, query = '') {
  const res = await call(token, 'GET', `/projects/${projectId}/tasks${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    tasks: Task[];
    columns: Array<{ key: string; total: number }>;
    permissions: Record<string, boolean>;
  };
}

beforeAll(async () => {
  const demo = await startDemoApp();
  app = demo.app;
  tokens.admin = demo.admin.token;
  tokens.employee = demo.employee.token;
  tokens.client = demo.client.token;
  tokens.client2 = demo.client2.token;
  ids.admin = demo.admin.user._id;
  ids.employee = demo.employee.user._id;
  employeeEmail = demo.employee.user.email;
  ids.client = demo.client.user._id;
  ids.clientRecord = demo.client.user.clientId!;
  ids.client2Record = demo.client2.user.clientId!;
  P = await newProject(ids.clientRecord, [ids.employee]);
  Q = await newProject(ids.client2Record, []);
});

describe('demo data', () => {
  it('every active project of the seed has a board', async () => {
    const res = await app.db.execute(sql`
      select p.id, (select count(*)::int from tasks t where t.project_id = p.id) as n
      from projects p where p.status in ('approved', 'in_progress', 'in_review') and p.id not in (${sql.raw(`'${P}', '${Q}'`)})`);
    const rows = (res as unknown as { rows: Array<{ n: number }> }).rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(Number(r.n)).toBeGreaterThanOrEqual(8);
  });
});

describe('rules per role', () => {
  it('employees work on their projects only; other projects answer 404', async () => {
    const t = await newTask(tokens.employee, P, { assigneeIds: [ids.employee] });
    expect(t.project._id).toBe(P);
    expect((await call(tokens.employee, 'GET', `/projects/${Q}/tasks`)).statusCode).toBe(404);
    expect((await call(tokens.employee, 'POST', `/projects/${Q}/tasks`, { title: 'No' })).statusCode).toBe(
      404,
    );
    const q = await newTask(tokens.admin, Q);
    expect((await call(tokens.employee, 'GET', `/tasks/${q._id}`)).statusCode).toBe(404);
    expect((await call(tokens.employee, 'PUT', `/tasks/${q._id}`, { title: 'Otro' })).statusCode).toBe(404);
    const mine = await call(tokens.employee, 'GET', '/tasks?assigneeId=me');
    expect(mine.statusCode).toBe(200);
    const list = mine.json().data.tasks as Task[];
    expect(list.some((x) => x._id === t._id)).toBe(true);
    expect(list.every((x) => x.project._id !== Q)).toBe(true);
    // The page's total counts with the same scope as its rows.
    const other = await call(tokens.employee, 'GET', `/tasks?projectId=${Q}`);
    expect(other.json().data.tasks).toEqual([]);
    expect(other.json().data.pagination.total).toBe(0);
    const dash = await call(tokens.employee, 'GET', '/tasks?limit=1');
    const visible = await app.db.execute(
      sql`select count(*)::int as n from tasks t join project_members pm on pm.project_id = t.project_id where pm.user_id = ${ids.employee}`,
    );
    const n = Number((visible as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
    expect(dash.json().data.pagination.total).toBe(Math.min(n, TASK_LIST_TOTAL_CAP));
  });

  it('assignees must be staff of the project (400 in Spanish)', async () => {
    const res = await call(tokens.admin, 'POST', `/projects/${P}/tasks`, {
      title: 'X',
      assigneeIds: [ids.client],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Los responsables deben ser del equipo del proyecto');
  });

  it('validation errors are Spanish 400s', async () => {
    const empty = await call(tokens.admin, 'POST', `/projects/${P}/tasks`, { title: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('El título es requerido');
    const rec = await call(tokens.admin, 'POST', `/projects/${P}/tasks`, {
      title: 'Semanal',
      recurrence: 'weekly',
    });
    expect(rec.statusCode).toBe(400);
    expect(JSON.stringify(rec.json())).toContain('Una tarea recurrente necesita fecha de entrega');
    const status = await call(tokens.admin, 'GET', '/tasks?status=hecho');
    expect(status.statusCode).toBe(400);
    expect(JSON.stringify(status.json())).toContain('Estado de tarea inválido');
    const both = await call(tokens.admin, 'POST', `/tasks/${crypto.randomUUID()}/move`, {
      status: 'todo',
      beforeId: crypto.randomUUID(),
      afterId: crypto.randomUUID(),
    });
    expect(both.statusCode).toBe(400);
    expect(JSON.stringify(both.json())).toContain('Indica solo una tarea vecina');
  });

  it('other clients never see the project or its tasks', async () => {
    const t = await newTask(tokens.admin, P, { visibleToClient: true });
    expect((await call(tokens.client2, 'GET', `/projects/${P}/tasks`)).statusCode).toBe(404);
    expect((await call(tokens.client2, 'GET', `/tasks/${t._id}`)).statusCode).toBe(404);
    const all = await call(tokens.client2, 'GET', '/tasks');
    expect((all.json().data.tasks as Task[]).some((x) => x.project._id === P)).toBe(false);
  });
});

describe('client visibility', () => {
  it('a client sees only visible tasks and nothing internal', async () => {
    const hidden = await newTask(tokens.admin, P, { title: 'Interna', estimateMinutes: 90 });
    const shown = await newTask(tokens.admin, P, {
      title: 'Visible al cliente',
      estimateMinutes: 120,
      visibleToClient: true,
    });
    const internal = await call(tokens.employee, 'POST', `/tasks/${shown._id}/comments`, {
      content: 'Costo real: 40 horas',
      isInternal: true,
    });
    expect(internal.statusCode).toBe(201);
    const b = await board(tokens.client, P);
    expect(b.tasks.some((t) => t._id === hidden._id)).toBe(false);
    const card = b.tasks.find((t) => t._id === shown._id)!;
    expect(card).toBeDefined();
    expect('estimateMinutes' in card).toBe(false);
    expect('loggedMinutes' in card).toBe(false);
    expect(card.commentsCount).toBe(0);
    expect((await call(tokens.client, 'GET', `/tasks/${hidden._id}`)).statusCode).toBe(404);
    const res = await call(tokens.client, 'GET', `/tasks/${shown._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Costo real');
    expect(res.body).not.toContain('estimateMinutes');
    expect(res.body).not.toContain('timeEntries');
    const staff = await call(tokens.employee, 'GET', `/tasks/${shown._id}`);
    expect(staff.json().data.task.estimateMinutes).toBe(120);
    expect(staff.json().data.task.comments).toHaveLength(1);
  });

  it("a client's task JSON carries only the allowed fields: no estimate, time, cost, rate or staff e-mail", async () => {
    // Distinctive rates on the assignee, so any leak of them shows in the raw body.
    await app.db
      .update(users)
      .set({ hourlyRateCents: 9_876_543, costRateCents: 8_765_432 })
      .where(eq(users.id, ids.employee));
    const shown = await newTask(tokens.admin, P, {
      title: 'Campos del cliente',
      visibleToClient: true,
      assigneeIds: [ids.employee],
      estimateMinutes: 240,
      dueDate: '2031-03-14',
      items: [{ text: 'Revisar textos' }],
    });
    expect(
      (await call(tokens.employee, 'POST', `/tasks/${shown._id}/comments`, { content: 'Listo el borrador' }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await call(tokens.employee, 'POST', `/tasks/${shown._id}/comments`, {
          content: 'Nota interna de costos',
          isInternal: true,
        })
      ).statusCode,
    ).toBe(201);
    const TASK_KEYS = [
      '_id',
      'assignees',
      'checklist',
      'clientRequest',
      'commentsCount',
      'completedAt',
      'createdAt',
      'dueDate',
      'filesCount',
      'labels',
      'milestone',
      'position',
      'priority',
      'project',
      'recurrence',
      'startDate',
      'status',
      'title',
      'updatedAt',
      'visibleToClient',
    ];
    const PERSON_KEYS = ['_id', 'avatar', 'firstName', 'lastName'];
    const keys = (o: object) => Object.keys(o).sort();
    const leaks = (body: string) => {
      expect(body).not.toContain(employeeEmail);
      expect(body).not.toContain('9876543');
      expect(body).not.toContain('8765432');
      expect(body).not.toMatch(/rate|cost|email|estimate|loggedMinutes|timeEntries|isInternal":true/i);
    };

    const boardRes = await call(tokens.client, 'GET', `/projects/${P}/tasks`);
    leaks(boardRes.body);
    const card = (boardRes.json().data.tasks as Task[]).find((t) => t._id === shown._id)!;
    expect(keys(card)).toEqual(TASK_KEYS);
    expect(card.assignees).toHaveLength(1);
    expect(keys(card.assignees[0]!)).toEqual(PERSON_KEYS);
    expect(card.commentsCount).toBe(1);

    const listRes = await call(tokens.client, 'GET', `/tasks?projectId=${P}&limit=100`);
    expect(listRes.statusCode).toBe(200);
    leaks(listRes.body);
    const listed = (listRes.json().data.tasks as Task[]).find((t) => t._id === shown._id)!;
    expect(keys(listed)).toEqual(TASK_KEYS);

    const detailRes = await call(tokens.client, 'GET', `/tasks/${shown._id}`);
    expect(detailRes.statusCode).toBe(200);
    leaks(detailRes.body);
    const detail = detailRes.json().data.task as TaskDetail;
    expect(keys(detail)).toEqual(
      [
        ...TASK_KEYS,
        'canComment',
        'canEdit',
        'comments',
        'createdBy',
        'description',
        'files',
        'items',
        'recurrenceNextId',
      ].sort(),
    );
    expect(keys(detail.assignees[0]!)).toEqual(PERSON_KEYS);
    expect(detail.comments.map((c) => c.content)).toEqual(['Listo el borrador']);
    expect(keys(detail.comments[0]!.author!)).toEqual([...PERSON_KEYS, 'role'].sort());
    expect(keys(detail.createdBy!)).toEqual(['_id', 'firstName', 'lastName']);

    const cal = await call(tokens.client, 'GET', '/calendar/tasks?start_date=2031-03-01&end_date=2031-03-31');
    expect(cal.statusCode, cal.body).toBe(200);
    leaks(cal.body);
    const entry = cal.json().data.tasks.find((t: { _id: string }) => t._id === shown._id);
    expect(keys(entry)).toEqual(['_id', 'assignedToMe', 'dueDate', 'priority', 'project', 'status', 'title']);
  });

  it('a client comments on a visible task, never internally; cannot edit or move', async () => {
    const shown = await newTask(tokens.admin, P, { visibleToClient: true, assigneeIds: [ids.employee] });
    const ok = await call(tokens.client, 'POST', `/tasks/${shown._id}/comments`, {
      content: '¿Cuándo estará?',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const no = await call(tokens.client, 'POST', `/tasks/${shown._id}/comments`, {
      content: 'Oculto',
      isInternal: true,
    });
    expect(no.statusCode).toBe(403);
    expect((await call(tokens.client, 'PUT', `/tasks/${shown._id}`, { title: 'Cambio' })).statusCode).toBe(
      403,
    );
    expect(
      (await call(tokens.client, 'POST', `/tasks/${shown._id}/move`, { status: 'done' })).statusCode,
    ).toBe(403);
    expect((await call(tokens.client, 'DELETE', `/tasks/${shown._id}`)).statusCode).toBe(403);
    const told = await app.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, ids.employee),
          eq(notifications.title, 'Comentario del cliente en una tarea'),
        ),
      );
    expect(told.length).toBeGreaterThan(0);
  });

  it('client requests only where the project allows them', async () => {
    const off = await call(tokens.client, 'POST', `/projects/${P}/tasks`, { title: 'Cambiar el logo' });
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe('Este proyecto no admite solicitudes del cliente.');
    expect(
      (await call(tokens.employee, 'PUT', `/projects/${P}/task-settings`, { clientRequestsEnabled: true }))
        .statusCode,
    ).toBe(403);
    const on = await call(tokens.admin, 'PUT', `/projects/${P}/task-settings`, {
      clientRequestsEnabled: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect((await board(tokens.client, P)).permissions.canRequest).toBe(true);
    const res = await call(tokens.client, 'POST', `/projects/${P}/tasks`, {
      title: 'Cambiar el logo',
      description: 'Usar el nuevo <script>alert(1)</script> logo',
      estimateMinutes: 999,
      visibleToClient: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    const t = res.json().data.task;
    expect(t.clientRequest).toBe(true);
    expect(t.visibleToClient).toBe(true);
    expect(t.description).toBe('Usar el nuevo alert(1) logo');
    expect('estimateMinutes' in t).toBe(false);
    const b = await board(tokens.admin, P);
    expect(b.columns.find((c) => c.key === 'client_requests')!.total).toBeGreaterThan(0);
    const team = await app.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, ids.employee), eq(notifications.title, 'Nueva solicitud del cliente')),
      );
    expect(team.length).toBe(1);
    // Staff accept it by moving it onto the board.
    const moved = await call(tokens.employee, 'POST', `/tasks/${t._id}/move`, { status: 'in_progress' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.task.clientRequest).toBe(false);
  });
});

describe('notifications', () => {
  it('assigning and mentioning notify the person', async () => {
    const t = await newTask(tokens.admin, P, { title: 'Diseñar portada', assigneeIds: [ids.employee] });
    const assigned = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ids.employee), eq(notifications.title, 'Nueva tarea asignada')));
    expect(assigned.some((n) => n.message.includes('Diseñar portada'))).toBe(true);
    const c = await call(tokens.employee, 'POST', `/tasks/${t._id}/comments`, {
      content: `Listo, revisa @[Admin](${ids.admin}) y @[Cliente](${ids.client})`,
    });
    expect(c.statusCode).toBe(201);
    // The client may not read this task (not visible): the mention is dropped.
    expect(c.json().data.comment.mentions).toEqual([ids.admin]);
    const mentioned = await app.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, ids.admin), eq(notifications.title, 'Te mencionaron en una tarea')),
      );
    expect(mentioned.length).toBe(1);
  });
});

describe('moves', () => {
  it('places a card before or after a neighbour, across columns', async () => {
    const p = await newProject(ids.clientRecord, [ids.employee]);
    const a = await newTask(tokens.admin, p, { title: 'A' });
    const b = await newTask(tokens.admin, p, { title: 'B' });
    const c = await newTask(tokens.admin, p, { title: 'C' });
    const order = async (status = 'todo') =>
      (await board(tokens.admin, p)).tasks.filter((t) => t.status === status).map((t) => t.title);
    expect(await order()).toEqual(['A', 'B', 'C']);
    expect(
      (await call(tokens.employee, 'POST', `/tasks/${c._id}/move`, { status: 'todo', beforeId: a._id }))
        .statusCode,
    ).toBe(200);
    expect(await order()).toEqual(['C', 'A', 'B']);
    expect(
      (await call(tokens.employee, 'POST', `/tasks/${c._id}/move`, { status: 'todo', afterId: a._id }))
        .statusCode,
    ).toBe(200);
    expect(await order()).toEqual(['A', 'C', 'B']);
    expect(
      (await call(tokens.employee, 'POST', `/tasks/${a._id}/move`, { status: 'in_review' })).statusCode,
    ).toBe(200);
    expect(await order()).toEqual(['C', 'B']);
    expect(await order('in_review')).toEqual(['A']);
    const bad = await call(tokens.employee, 'POST', `/tasks/${b._id}/move`, {
      status: 'done',
      beforeId: c._id,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('La tarea vecina no está en esa columna');
    // Splitting the same gap many times renumbers the column instead of running out of precision.
    for (let i = 0; i < 60; i++) {
      const [x, y] = i % 2 ? [b, c] : [c, b];
      const res = await call(tokens.employee, 'POST', `/tasks/${x._id}/move`, {
        status: 'todo',
        beforeId: y._id,
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await order()).length).toBe(2);
  });

  it('parallel moves never lose or duplicate a card and keep a total order', async () => {
    const p = await newProject(ids.clientRecord, [ids.employee]);
    const cards: TaskDetail[] = [];
    for (let i = 0; i < 8; i++) cards.push(await newTask(tokens.admin, p, { title: `Tarjeta ${i}` }));
    const statuses = ['todo', 'in_progress', 'in_review', 'done'] as const;
    // Round 1: scatter across columns; round 2: all to one column, each before the first card.
    await Promise.all(
      cards.map((c, i) =>
        call(i % 2 ? tokens.admin : tokens.employee, 'POST', `/tasks/${c._id}/move`, {
          status: statuses[i % 4],
        }),
      ),
    );
    const anchor = cards[0]!;
    await call(tokens.admin, 'POST', `/tasks/${anchor._id}/move`, { status: 'in_progress' });
    const results = await Promise.all(
      cards.slice(1).map((c, i) =>
        call(i % 2 ? tokens.admin : tokens.employee, 'POST', `/tasks/${c._id}/move`, {
          status: 'in_progress',
          ...(i % 3 === 0 ? { afterId: anchor._id } : { beforeId: anchor._id }),
        }),
      ),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const rows = await app.db
      .select({ id: tasks.id, status: tasks.status, position: tasks.position })
      .from(tasks)
      .where(eq(tasks.projectId, p));
    expect(rows).toHaveLength(8);
    expect(new Set(rows.map((r) => r.id)).size).toBe(8);
    expect(rows.every((r) => r.status === 'in_progress')).toBe(true);
    // Distinct positions: every card has its own place.
    expect(new Set(rows.map((r) => r.position)).size).toBe(8);
    const b = await board(tokens.admin, p);
    expect(b.tasks).toHaveLength(8);
    expect(b.columns.find((c) => c.key === 'in_progress')!.total).toBe(8);
  });
});

describe('recurrence', () => {
  it('two people marking it done at once create the next task exactly once', async () => {
    const t = await newTask(tokens.admin, P, {
      title: 'Informe semanal',
      dueDate: '2026-01-05',
      recurrence: 'weekly',
      assigneeIds: [ids.employee],
      items: [{ text: 'Métricas', done: true }],
    });
    const [r1, r2, r3] = await Promise.all([
      call(tokens.admin, 'PUT', `/tasks/${t._id}`, { status: 'done' }),
      call(tokens.employee, 'PUT', `/tasks/${t._id}`, { status: 'done' }),
      call(tokens.employee, 'POST', `/tasks/${t._id}/move`, { status: 'done' }),
    ]);
    for (const r of [r1, r2, r3]) expect(r!.statusCode, r!.body).toBe(200);
    const next = await app.db.select().from(tasks).where(eq(tasks.recurrenceSourceId, t._id));
    expect(next).toHaveLength(1);
    expect(next[0]!.dueDate).toBe('2026-01-12');
    expect(next[0]!.status).toBe('todo');
    expect(next[0]!.checklist.map((i) => i.done)).toEqual([false]);
    // Reopened and done again: still one.
    await call(tokens.admin, 'PUT', `/tasks/${t._id}`, { status: 'todo' });
    await call(tokens.admin, 'PUT', `/tasks/${t._id}`, { status: 'done' });
    expect(await app.db.select().from(tasks).where(eq(tasks.recurrenceSourceId, t._id))).toHaveLength(1);
    const detail = (await call(tokens.admin, 'GET', `/tasks/${t._id}`)).json().data.task as TaskDetail;
    expect(detail.recurrenceNextId).toBe(next[0]!.id);
  });

  it('monthly recurrence keeps the month end', async () => {
    const t = await newTask(tokens.admin, P, {
      title: 'Cierre',
      dueDate: '2026-01-31',
      recurrence: 'monthly',
    });
    await call(tokens.admin, 'POST', `/tasks/${t._id}/move`, { status: 'done' });
    const [next] = await app.db.select().from(tasks).where(eq(tasks.recurrenceSourceId, t._id));
    expect(next!.dueDate).toBe('2026-02-28');
  });
});

describe('milestones and progress', () => {
  it('offers the milestone when its last task is done; progress can follow the tasks', async () => {
    const p = await newProject(ids.clientRecord, [ids.employee]);
    const m = await call(tokens.admin, 'POST', `/projects/${p}/milestones`, { title: 'Entrega 1' });
    expect(m.statusCode, m.body).toBe(201);
    const milestoneId = m.json().data.milestone._id as string;
    const a = await newTask(tokens.admin, p, { milestoneId });
    const b = await newTask(tokens.admin, p, { milestoneId });
    expect(
      (await call(tokens.admin, 'PUT', `/projects/${p}/task-settings`, { progressFromTasks: true }))
        .statusCode,
    ).toBe(200);
    const first = await call(tokens.employee, 'POST', `/tasks/${a._id}/move`, { status: 'done' });
    expect(first.json().data.milestoneReady).toBeNull();
    const project = await call(tokens.admin, 'GET', `/projects/${p}`);
    expect(project.json().data.project.progressPercentage).toBe(50);
    const second = await call(tokens.employee, 'PUT', `/tasks/${b._id}`, { status: 'done' });
    expect(second.json().data.milestoneReady).toEqual({ _id: milestoneId, title: 'Entrega 1' });
    expect((await call(tokens.admin, 'GET', `/projects/${p}`)).json().data.project.progressPercentage).toBe(
      100,
    );
  });
});

describe('timers', () => {
  it('one per person; stopping writes a billable time entry named after the task', async () => {
    const t1 = await newTask(tokens.admin, P, { title: 'Maquetar inicio' });
    const t2 = await newTask(tokens.admin, P, { title: 'Revisar formularios' });
    expect((await call(tokens.client, 'POST', `/tasks/${t1._id}/timer/start`, {})).statusCode).toBe(403);
    // The admin is not on P's team: time is logged by the team only.
    expect((await call(tokens.admin, 'POST', `/tasks/${t1._id}/timer/start`, {})).statusCode).toBe(403);
    const start = await call(tokens.employee, 'POST', `/tasks/${t1._id}/timer/start`, {});
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().data.timer.task._id).toBe(t1._id);
    // Survives: kept on the server, another "device" (a fresh request) sees it.
    const got = await call(tokens.employee, 'GET', '/timer');
    expect(got.json().data.timer.task.title).toBe('Maquetar inicio');
    await app.db
      .update(taskTimers)
      .set({ startedAt: sql`now() - interval '100 minutes'` })
      .where(eq(taskTimers.userId, ids.employee));
    // Starting another stops the first and writes its time.
    const second = await call(tokens.employee, 'POST', `/tasks/${t2._id}/timer/start`, {});
    expect(second.statusCode, second.body).toBe(200);
    const stopped = second.json().data.stopped;
    expect(stopped.task._id).toBe(t1._id);
    expect(stopped.timeEntry.hours).toBe(1.5);
    expect(stopped.timeEntry.billable).toBe(true);
    expect(stopped.timeEntry.description).toBe('Tarea: Maquetar inicio');
    const timers = await app.db.select().from(taskTimers).where(eq(taskTimers.userId, ids.employee));
    expect(timers).toHaveLength(1);
    expect(timers[0]!.taskId).toBe(t2._id);
    const [entry] = await app.db
      .select()
      .from(projectTimeEntries)
      .innerJoin(taskTimeEntries, eq(taskTimeEntries.timeEntryId, projectTimeEntries.id))
      .where(eq(taskTimeEntries.taskId, t1._id));
    expect(entry!.project_time_entries.projectId).toBe(P);
    expect(entry!.project_time_entries.minutes).toBe(90);
    expect(entry!.project_time_entries.userId).toBe(ids.employee);
    const detail = (await call(tokens.employee, 'GET', `/tasks/${t1._id}`)).json().data.task as TaskDetail;
    expect(detail.loggedMinutes).toBe(90);
    expect(detail.timeEntries).toHaveLength(1);
    // Non-billable by the project's setting.
    await call(tokens.admin, 'PUT', `/projects/${P}/task-settings`, { timerBillable: false });
    await app.db
      .update(taskTimers)
      .set({ startedAt: sql`now() - interval '40 minutes'` })
      .where(eq(taskTimers.userId, ids.employee));
    const stop = await call(tokens.employee, 'POST', '/timer/stop', {});
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json().data.stopped.timeEntry.billable).toBe(false);
    expect(stop.json().data.stopped.timeEntry.hours).toBe(0.5);
    expect((await call(tokens.employee, 'GET', '/timer')).json().data.timer).toBeNull();
    expect((await call(tokens.employee, 'POST', '/timer/stop', {})).json().data.stopped).toBeNull();
    await call(tokens.admin, 'PUT', `/projects/${P}/task-settings`, { timerBillable: true });
  });

  it('a timer left over 12 hours asks before it is saved', async () => {
    const t = await newTask(tokens.admin, P, { title: 'Soporte nocturno' });
    await call(tokens.employee, 'POST', `/tasks/${t._id}/timer/start`, {});
    await app.db
      .update(taskTimers)
      .set({ startedAt: sql`now() - interval '13 hours'` })
      .where(eq(taskTimers.userId, ids.employee));
    expect((await call(tokens.employee, 'GET', '/timer')).json().data.timer.needsConfirmation).toBe(true);
    const ask = await call(tokens.employee, 'POST', '/timer/stop', {});
    expect(ask.statusCode).toBe(409);
    expect(ask.json().code).toBe('TIMER_CONFIRMATION_REQUIRED');
    expect(ask.json().message).toContain('más de 12 horas');
    // Nothing was saved, the timer still runs.
    expect((await call(tokens.employee, 'GET', '/timer')).json().data.timer).not.toBeNull();
    const bad = await call(tokens.employee, 'POST', '/timer/stop', { endedAt: '2000-01-01T00:00:00Z' });
    expect(bad.statusCode).toBe(400);
    const endedAt = new Date(Date.now() - 11 * 3_600_000).toISOString();
    const fixed = await call(tokens.employee, 'POST', '/timer/stop', { endedAt });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data.stopped.timeEntry.hours).toBe(2);
    // Confirmed as it is.
    await call(tokens.employee, 'POST', `/tasks/${t._id}/timer/start`, {});
    await app.db
      .update(taskTimers)
      .set({ startedAt: sql`now() - interval '13 hours'` })
      .where(eq(taskTimers.userId, ids.employee));
    const confirmed = await call(tokens.employee, 'POST', '/timer/stop', { confirmLong: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.stopped.timeEntry.hours).toBe(13);
  });
});

describe('paging', () => {
  it(`counts a task list up to ${TASK_LIST_TOTAL_CAP} and says when there are more`, async () => {
    const project = await newProject(ids.clientRecord, [ids.admin]);
    await app.db.execute(sql`
      insert into tasks (project_id, title, status, position)
      select ${project}, 'Tarea masiva ' || g, 'todo', g from generate_series(1, ${TASK_LIST_TOTAL_CAP + 5}) g`);
    const over = await call(tokens.admin, 'GET', `/tasks?projectId=${project}&limit=20`);
    expect(over.statusCode, over.body).toBe(200);
    expect(over.json().data.tasks).toHaveLength(20);
    expect(over.json().data.pagination).toMatchObject({ total: TASK_LIST_TOTAL_CAP, totalCapped: true });
    // Under the cap the total is exact and not flagged, with the page and its total in one answer.
    const under = await call(
      tokens.admin,
      'GET',
      `/tasks?projectId=${project}&q=${encodeURIComponent('masiva 10')}&limit=5`,
    );
    expect(under.json().data.pagination.total).toBe(17); // 10, 100–109, 1000–1005
    expect(under.json().data.pagination.totalCapped).toBeUndefined();
    expect(under.json().data.tasks).toHaveLength(5);
  });
});

describe("each person's queue (decision 178)", () => {
  const queueRow = async (taskId: string, userId: string) =>
    (
      await app.db
        .select({ open: taskAssignees.open, dueDate: taskAssignees.dueDate })
        .from(taskAssignees)
        .where(and(eq(taskAssignees.taskId, taskId), eq(taskAssignees.userId, userId)))
    )[0];
  const mine = async (query: string) => {
    const res = await call(tokens.employee, 'GET', `/tasks?assigneeId=me&limit=100&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { tasks: Task[]; pagination: { total: number } };
  };

  it('follows the task: due date, done and reopened, new assignees; "Mis tareas" reads it in due order', async () => {
    const project = await newProject(ids.clientRecord, [ids.employee, ids.admin]);
    const early = await newTask(tokens.admin, project, {
      title: 'Cola temprana',
      dueDate: '2030-01-10',
      assigneeIds: [ids.employee],
    });
    const late = await newTask(tokens.admin, project, {
      title: 'Cola tardía',
      dueDate: '2030-02-10',
      assigneeIds: [ids.employee],
    });
    expect(await queueRow(early._id, ids.employee)).toEqual({ open: true, dueDate: '2030-01-10' });
    const inProject = (list: Task[]) => list.filter((t) => t.project._id === project).map((t) => t._id);
    expect(inProject((await mine('open=true')).tasks)).toEqual([early._id, late._id]);

    // A later due date moves it after the other.
    expect(
      (await call(tokens.admin, 'PUT', `/tasks/${early._id}`, { dueDate: '2030-03-01' })).statusCode,
    ).toBe(200);
    expect(await queueRow(early._id, ids.employee)).toEqual({ open: true, dueDate: '2030-03-01' });
    expect(inProject((await mine('open=true')).tasks)).toEqual([late._id, early._id]);

    // Done leaves the open queue (still in the full list); back to work returns it.
    const done = await call(tokens.admin, 'POST', `/tasks/${late._id}/move`, { status: 'done' });
    expect(done.statusCode, done.body).toBe(200);
    expect((await queueRow(late._id, ids.employee))?.open).toBe(false);
    expect(inProject((await mine('open=true')).tasks)).toEqual([early._id]);
    expect(inProject((await mine('')).tasks)).toContain(late._id);
    await call(tokens.admin, 'POST', `/tasks/${late._id}/move`, { status: 'todo' });
    expect((await queueRow(late._id, ids.employee))?.open).toBe(true);

    // Someone added later gets the task's current values.
    expect(
      (await call(tokens.admin, 'PUT', `/tasks/${early._id}`, { assigneeIds: [ids.employee, ids.admin] }))
        .statusCode,
    ).toBe(200);
    expect(await queueRow(early._id, ids.admin)).toEqual({ open: true, dueDate: '2030-03-01' });

    // Off the team, the project's tasks leave the employee's queue (the scope is checked there too).
    await app.db
      .delete(projectMembers)
      .where(and(eq(projectMembers.projectId, project), eq(projectMembers.userId, ids.employee)));
    expect(inProject((await mine('open=true')).tasks)).toEqual([]);
    expect(inProject((await mine('')).tasks)).toEqual([]);
  });

  it("the queue's totals are the exact counts of the caller's visible open tasks", async () => {
    const exact = await app.db.execute(sql`
      select count(*)::int as n
        from tasks t join task_assignees ta on ta.task_id = t.id and ta.user_id = ${ids.employee}
        join projects p on p.id = t.project_id and p.deleted_at is null
        join project_members pm on pm.project_id = t.project_id and pm.user_id = ${ids.employee}
       where t.status <> 'done'`);
    const n = Number((exact as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
    const page = await mine('open=true');
    expect(page.pagination.total).toBe(Math.min(n, TASK_LIST_TOTAL_CAP));
    expect(page.tasks).toHaveLength(Math.min(n, 100));
    // Another person's queue through assigneeId (staff reading a colleague's tasks) is theirs.
    const admins = await call(tokens.admin, 'GET', `/tasks?assigneeId=${ids.admin}&open=true&limit=100`);
    expect(admins.statusCode).toBe(200);
    for (const task of admins.json().data.tasks as Task[])
      expect(task.assignees.map((a) => a._id)).toContain(ids.admin);
  });
});

describe('dashboard and calendar', () => {
  it('my tasks due today and overdue; the calendar layer shows due dates', async () => {
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Santo_Domingo' });
    const late = await newTask(tokens.admin, P, {
      title: 'Atrasada',
      dueDate: '2025-01-10',
      assigneeIds: [ids.employee],
    });
    const now = await newTask(tokens.admin, P, {
      title: 'Para hoy',
      dueDate: today,
      assigneeIds: [ids.employee],
    });
    const res = await call(tokens.employee, 'GET', '/dashboard/my-tasks?limit=50');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data.overdue as Task[]).some((t) => t._id === late._id)).toBe(true);
    expect((res.json().data.today as Task[]).some((t) => t._id === now._id)).toBe(true);
    expect((await call(tokens.client, 'GET', '/dashboard/my-tasks')).statusCode).toBe(403);
    // The totals count every open task of the caller due today / before today.
    const exact = await app.db.execute(sql`
      select count(*) filter (where t.due_date < ${today})::int as overdue,
             count(*) filter (where t.due_date = ${today})::int as today
        from tasks t join task_assignees ta on ta.task_id = t.id
        join projects p on p.id = t.project_id and p.deleted_at is null
        join project_members pm on pm.project_id = t.project_id and pm.user_id = ta.user_id
       where ta.user_id = ${ids.employee} and t.status <> 'done'`);
    const totals = (exact as unknown as { rows: Array<{ overdue: number; today: number }> }).rows[0]!;
    expect(totals.overdue).toBeGreaterThan(0);
    expect(res.json().data.overdueTotal).toBe(totals.overdue);
    expect(res.json().data.todayTotal).toBe(totals.today);
    const overdue = await call(tokens.employee, 'GET', '/tasks?assigneeId=me&due=overdue');
    expect((overdue.json().data.tasks as Task[]).map((t) => t._id)).toContain(late._id);
    const cal = await call(tokens.employee, 'GET', `/calendar/tasks?start_date=${today}&end_date=${today}`);
    expect(cal.statusCode, cal.body).toBe(200);
    expect(cal.json().data.tasks.find((t: { _id: string }) => t._id === now._id).assignedToMe).toBe(true);
    const wide = await call(
      tokens.employee,
      'GET',
      '/calendar/tasks?start_date=2026-01-01&end_date=2026-12-31',
    );
    expect(wide.statusCode).toBe(400);
  });
});
