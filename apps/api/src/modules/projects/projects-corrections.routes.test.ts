import type { AddressInfo } from 'node:net';
import {
  PROJECT_CHANGED_EVENT,
  type ProjectDetail,
  type ProjectMeeting,
  type ProjectNote,
} from '@agencia/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, injectAs, login, withoutPermission } from '../../../test/helpers.js';
import {
  addMeetingVia,
  addNoteVia,
  addTimeEntryVia,
  createProjectVia,
} from '../../../test/project-factories.js';
import {
  activities,
  auditLog,
  projectMeetings,
  projectNotes,
  projectTimeEntries,
} from '../../db/schema/index.js';

/**
 * Corrections of a project's notes, time entries and meetings (decision record 036):
 * PATCH/DELETE /projects/{id}/notes/{noteId}, /time-entries/{entryId}, /meetings/{meetingId}.
 */

let app: FastifyInstance;
const tokens = { admin: '', employee: '', sofia: '', client: '', client2: '' };
const ids = {
  admin: '',
  employee: '',
  sofia: '',
  client: '',
  client2: '',
  clientRecord: '',
  client2Record: '',
};
/** A project of the client's record with Carlos (employee) and Sofía on the team. */
let projectId = '';
/** A project of the other client, same team. */
let otherProjectId = '';
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await createTestApp();
  const [a, e, s, c, c2] = await Promise.all([
    login(app, DEMO.admin),
    login(app, DEMO.employee),
    login(app, 'sofia.batista@demo.do'),
    login(app, DEMO.client),
    login(app, DEMO.client2),
  ]);
  Object.assign(tokens, {
    admin: a.token,
    employee: e.token,
    sofia: s.token,
    client: c.token,
    client2: c2.token,
  });
  Object.assign(ids, {
    admin: a.user._id,
    employee: e.user._id,
    sofia: s.user._id,
    client: c.user._id,
    client2: c2.user._id,
    clientRecord: c.user.clientId!,
    client2Record: c2.user.clientId!,
  });
  const team = [
    { userId: ids.employee, role: 'Líder' },
    { userId: ids.sofia, role: 'Diseño' },
  ];
  projectId = (await createProjectVia(app, tokens.admin, { clientId: ids.clientRecord, team }))._id;
  otherProjectId = (
    await createProjectVia(app, tokens.admin, { title: 'Otro proyecto', clientId: ids.client2Record, team })
  )._id;
});
afterAll(() => {
  for (const s of sockets) s.disconnect();
});

async function detail(token: string, id = projectId) {
  const res = await injectAs(app, token, { method: 'GET', url: `/api/projects/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, project: res.json().data.project as ProjectDetail };
}

/** The project's meetings as `token` sees them (`GET /projects/{id}/meetings`, one page of 100). */
async function meetingsOf(token: string, id = projectId) {
  const res = await injectAs(app, token, { method: 'GET', url: `/api/projects/${id}/meetings?limit=100` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.meetings as ProjectMeeting[];
}

/** The project's notes as `token` sees them (`GET /projects/{id}/notes`, one page of 100). */
async function notesOf(token: string, id = projectId) {
  const res = await injectAs(app, token, { method: 'GET', url: `/api/projects/${id}/notes?limit=100` });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, notes: res.json().data.notes as ProjectNote[] };
}

const patch = (token: string, url: string, payload: object) =>
  injectAs(app, token, { method: 'PATCH', url: `/api/projects/${url}`, payload });
const del = (token: string, url: string) =>
  injectAs(app, token, { method: 'DELETE', url: `/api/projects/${url}` });

describe('PATCH /projects/{id}/notes/{noteId}', () => {
  it('the author edits their own note: content changes, editedAt is stamped, activity and audit are written', async () => {
    const note = await addNoteVia(app, tokens.employee, projectId, { content: 'Entrega el viernes' });
    expect(note.editedAt).toBeNull();
    const res = await patch(tokens.employee, `${projectId}/notes/${note._id}`, {
      content: 'Entrega el lunes',
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json().data.note;
    expect(edited).toMatchObject({ _id: note._id, content: 'Entrega el lunes', isInternal: false });
    expect(Date.parse(edited.editedAt)).toBeGreaterThanOrEqual(Date.parse(note.createdAt));

    const [row] = await app.db.select().from(projectNotes).where(eq(projectNotes.id, note._id));
    expect(row!.content).toBe('Entrega el lunes');
    expect(row!.editedAt).toBeInstanceOf(Date);
    const seen = (await notesOf(tokens.client)).notes.find((n) => n._id === note._id);
    expect(seen).toMatchObject({ content: 'Entrega el lunes', editedAt: edited.editedAt });

    const acts = await app.db.select().from(activities).where(eq(activities.entityId, note._id));
    expect(acts.map((a) => a.type).sort()).toEqual(['note.added', 'note.updated']);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'project.note.updated'), eq(auditLog.targetId, note._id)));
    expect(entry).toMatchObject({ actorId: ids.employee, metadata: { fields: ['content'], projectId } });
  });

  it('another user gets 403 — a team mate, the client, and an admin (only the author rewrites a note)', async () => {
    const note = await addNoteVia(app, tokens.employee, projectId, { content: 'Texto original' });
    for (const token of [tokens.sofia, tokens.client, tokens.admin]) {
      const res = await patch(token, `${projectId}/notes/${note._id}`, { content: 'Cambiado' });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe('Solo el autor puede editar este comentario.');
    }
    const [row] = await app.db.select().from(projectNotes).where(eq(projectNotes.id, note._id));
    expect(row).toMatchObject({ content: 'Texto original', editedAt: null });
  });

  it('a client cannot make its note internal (403, unchanged); staff authors may', async () => {
    const mine = await addNoteVia(app, tokens.client, projectId, { content: '¿Hay avances?' });
    const res = await patch(tokens.client, `${projectId}/notes/${mine._id}`, { isInternal: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Los clientes no pueden crear notas internas.');
    const [row] = await app.db.select().from(projectNotes).where(eq(projectNotes.id, mine._id));
    expect(row).toMatchObject({ isInternal: false, editedAt: null });

    const staff = await addNoteVia(app, tokens.sofia, projectId, { content: 'Paleta de colores lista' });
    const toInternal = await patch(tokens.sofia, `${projectId}/notes/${staff._id}`, { isInternal: true });
    expect(toInternal.statusCode, toInternal.body).toBe(200);
    expect(toInternal.json().data.note.isInternal).toBe(true);
    const { body, notes } = await notesOf(tokens.client);
    expect(notes.some((n) => n._id === staff._id)).toBe(false);
    expect(body).not.toContain('Paleta de colores lista');
    const [act] = await app.db
      .select()
      .from(activities)
      .where(and(eq(activities.entityId, staff._id), eq(activities.type, 'note.updated')));
    expect(act!.isInternal).toBe(true);
  });

  it('a client editing an internal note it cannot see gets 404, not 403', async () => {
    const internal = await addNoteVia(app, tokens.employee, projectId, {
      content: 'Margen bajo',
      isInternal: true,
    });
    const res = await patch(tokens.client, `${projectId}/notes/${internal._id}`, { content: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Comentario no encontrado');
    expect((await del(tokens.client, `${projectId}/notes/${internal._id}`)).statusCode).toBe(404);
  });

  it('404 for a note of another project and for an unknown note; another client’s project 404', async () => {
    const note = await addNoteVia(app, tokens.employee, projectId);
    const wrong = await patch(tokens.employee, `${otherProjectId}/notes/${note._id}`, { content: 'x' });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe('Comentario no encontrado');
    expect((await del(tokens.admin, `${otherProjectId}/notes/${note._id}`)).statusCode).toBe(404);
    const unknown = await patch(tokens.employee, `${projectId}/notes/00000000-0000-4000-8000-000000000000`, {
      content: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    const foreign = await patch(tokens.client2, `${projectId}/notes/${note._id}`, { content: 'x' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Proyecto no encontrado');
    const [row] = await app.db.select().from(projectNotes).where(eq(projectNotes.id, note._id));
    expect(row!.projectId).toBe(projectId);
  });

  it('400 with a Spanish message for bad input', async () => {
    const note = await addNoteVia(app, tokens.employee, projectId);
    const blank = await patch(tokens.employee, `${projectId}/notes/${note._id}`, { content: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      message: 'El comentario es requerido',
      errors: [{ field: 'content', message: 'El comentario es requerido' }],
    });
    const empty = await patch(tokens.employee, `${projectId}/notes/${note._id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Indica al menos un dato para actualizar');
    const tooLong = await patch(tokens.employee, `${projectId}/notes/${note._id}`, {
      content: 'a'.repeat(5001),
    });
    expect(tooLong.json().message).toBe('Máximo 5000 caracteres');
    const badId = await patch(tokens.employee, `${projectId}/notes/nope`, { content: 'x' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('Identificador inválido');
    const [row] = await app.db.select().from(projectNotes).where(eq(projectNotes.id, note._id));
    expect(row!.editedAt).toBeNull();
  });

  it('an edit that changes nothing does not mark the note edited', async () => {
    const note = await addNoteVia(app, tokens.employee, projectId, { content: 'Sin cambios' });
    const res = await patch(tokens.employee, `${projectId}/notes/${note._id}`, {
      content: '  Sin cambios ',
      isInternal: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.note.editedAt).toBeNull();
  });
});

describe('DELETE /projects/{id}/notes/{noteId}', () => {
  it('an admin deletes anyone’s note; it is gone from the notes list and the database', async () => {
    const note = await addNoteVia(app, tokens.client, projectId, { content: 'Comentario a borrar' });
    expect((await notesOf(tokens.admin)).notes.some((n) => n._id === note._id)).toBe(true);
    const res = await del(tokens.admin, `${projectId}/notes/${note._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Comentario eliminado' });
    for (const token of [tokens.admin, tokens.client]) {
      const { body, notes } = await notesOf(token);
      expect(notes.some((n) => n._id === note._id)).toBe(false);
      expect(body).not.toContain('Comentario a borrar');
    }
    expect(await app.db.select().from(projectNotes).where(eq(projectNotes.id, note._id))).toHaveLength(0);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'project.note.deleted'), eq(auditLog.targetId, note._id)));
    expect(entry).toMatchObject({ actorId: ids.admin, metadata: { authorId: ids.client } });
    expect((await del(tokens.admin, `${projectId}/notes/${note._id}`)).statusCode).toBe(404);
  });

  it('concurrent deletes and an edit of one note: one delete wins, the rest 404, never a 500; one audit entry', async () => {
    const note = await addNoteVia(app, tokens.client, projectId, { content: 'Doble clic' });
    const answers = await Promise.all([
      del(tokens.admin, `${projectId}/notes/${note._id}`),
      del(tokens.client, `${projectId}/notes/${note._id}`),
      injectAs(app, tokens.client, {
        method: 'PATCH',
        url: `/api/projects/${projectId}/notes/${note._id}`,
        payload: { content: 'Editado a la vez' },
      }),
    ]);
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.slice(0, 2).sort()).toEqual([200, 404]);
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'project.note.deleted'), eq(auditLog.targetId, note._id)));
    expect(audits).toHaveLength(1);
  });

  it('a non-admin cannot delete someone else’s note (403); the author can', async () => {
    const note = await addNoteVia(app, tokens.client, projectId, { content: 'Mío' });
    const byEmployee = await del(tokens.employee, `${projectId}/notes/${note._id}`);
    expect(byEmployee.statusCode).toBe(403);
    expect(byEmployee.json().message).toBe(
      'Solo el autor o un administrador puede eliminar este comentario.',
    );
    expect(await app.db.select().from(projectNotes).where(eq(projectNotes.id, note._id))).toHaveLength(1);
    expect((await del(tokens.client, `${projectId}/notes/${note._id}`)).statusCode).toBe(200);
    expect(await app.db.select().from(projectNotes).where(eq(projectNotes.id, note._id))).toHaveLength(0);
  });
});

describe('PATCH/DELETE /projects/{id}/time-entries/{entryId}', () => {
  it('editing hours changes the project totals; deleting removes them', async () => {
    const before = (await detail(tokens.employee)).project.timeSummary;
    const entry = await addTimeEntryVia(app, tokens.employee, projectId, {
      hours: 2,
      description: 'Maquetación',
    });
    const afterAdd = (await detail(tokens.employee)).project.timeSummary;
    expect(afterAdd.totalHours).toBe(before.totalHours + 2);

    const res = await patch(tokens.employee, `${projectId}/time-entries/${entry._id}`, {
      hours: 3.5,
      description: 'Maquetación y pruebas',
      date: '2026-01-15',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.timeEntry).toMatchObject({
      _id: entry._id,
      hours: 3.5,
      description: 'Maquetación y pruebas',
      date: '2026-01-15',
      user: { _id: ids.employee },
    });
    const [row] = await app.db.select().from(projectTimeEntries).where(eq(projectTimeEntries.id, entry._id));
    expect(row).toMatchObject({ minutes: 210, date: '2026-01-15', userId: ids.employee });

    const afterEdit = (await detail(tokens.employee)).project;
    expect(afterEdit.timeSummary.totalHours).toBe(before.totalHours + 3.5);
    expect(afterEdit.timeSummary.billableHours).toBe(before.billableHours + 3.5);
    expect(afterEdit.timeSummary.entries).toBe(before.entries + 1);
    // The demo employee has no cost rate: the hours are counted apart, not costed (decision 163).
    expect(afterEdit.timeSummary.unratedHours).toBe(afterAdd.unratedHours! + 1.5);
    expect(afterEdit.timeSummary.internalCost).toBe(afterAdd.internalCost);
    const mine = afterEdit.timeSummary.byMember.find((m) => m._id === ids.employee);
    const mineBefore = before.byMember.find((m) => m._id === ids.employee)?.hours ?? 0;
    expect(mine!.hours).toBe(mineBefore + 3.5);
    // the client sees the billable total move too
    expect((await detail(tokens.client)).project.timeSummary.billableHours).toBe(before.billableHours + 3.5);

    const removed = await del(tokens.employee, `${projectId}/time-entries/${entry._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe('Registro de tiempo eliminado');
    const afterDelete = (await detail(tokens.employee)).project.timeSummary;
    expect(afterDelete.totalHours).toBe(before.totalHours);
    expect(afterDelete.entries).toBe(before.entries);
    const acts = await app.db.select().from(activities).where(eq(activities.entityId, entry._id));
    expect(acts.map((a) => a.type).sort()).toEqual(['time.deleted', 'time.logged', 'time.updated']);
  });

  it('an employee cannot edit or delete another employee’s entry (403); an admin can', async () => {
    const sofias = await addTimeEntryVia(app, tokens.sofia, projectId, { hours: 1, description: 'Bocetos' });
    const edit = await patch(tokens.employee, `${projectId}/time-entries/${sofias._id}`, { hours: 8 });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe('Solo puedes modificar tu propio tiempo registrado.');
    expect((await del(tokens.employee, `${projectId}/time-entries/${sofias._id}`)).statusCode).toBe(403);
    const [row] = await app.db.select().from(projectTimeEntries).where(eq(projectTimeEntries.id, sofias._id));
    expect(row!.minutes).toBe(60);

    const byAdmin = await patch(tokens.admin, `${projectId}/time-entries/${sofias._id}`, { hours: 1.5 });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().data.timeEntry).toMatchObject({ hours: 1.5, user: { _id: ids.sofia } });
  });

  it('clients get 403; another project’s entry 404; bad input 400 in Spanish', async () => {
    const entry = await addTimeEntryVia(app, tokens.employee, projectId, { hours: 1 });
    expect(
      (await patch(tokens.client, `${projectId}/time-entries/${entry._id}`, { hours: 2 })).statusCode,
    ).toBe(403);
    expect((await del(tokens.client, `${projectId}/time-entries/${entry._id}`)).statusCode).toBe(403);
    expect(
      (await patch(tokens.admin, `${otherProjectId}/time-entries/${entry._id}`, { hours: 2 })).statusCode,
    ).toBe(404);

    const steps = await patch(tokens.employee, `${projectId}/time-entries/${entry._id}`, { hours: 0.75 });
    expect(steps.statusCode).toBe(400);
    expect(steps.json().message).toBe('Las horas van en pasos de 0.5');
    const tooMany = await patch(tokens.employee, `${projectId}/time-entries/${entry._id}`, { hours: 25 });
    expect(tooMany.json().message).toBe('Máximo 24 horas por registro');
    const future = await patch(tokens.employee, `${projectId}/time-entries/${entry._id}`, {
      date: '2999-01-01',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({
      message: 'No se puede registrar tiempo en fechas futuras',
      errors: [{ field: 'date' }],
    });
    const blank = await patch(tokens.employee, `${projectId}/time-entries/${entry._id}`, {
      description: ' ',
    });
    expect(blank.json().message).toBe('La descripción es requerida');
    const [row] = await app.db.select().from(projectTimeEntries).where(eq(projectTimeEntries.id, entry._id));
    expect(row!.minutes).toBe(60);
  });
});

describe('PATCH/DELETE /projects/{id}/meetings/{meetingId}', () => {
  it('staff edit and delete a meeting; clients get 403 and keep reading it', async () => {
    const meeting = await addMeetingVia(app, tokens.employee, projectId, { title: 'Kickoff', duration: 30 });
    const res = await patch(tokens.sofia, `${projectId}/meetings/${meeting._id}`, {
      title: 'Kickoff con el cliente',
      date: '2026-12-03T10:00:00-04:00',
      duration: 90,
      notes: 'Traer propuesta',
      attendees: [ids.employee, ids.client],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.meeting).toMatchObject({
      title: 'Kickoff con el cliente',
      date: '2026-12-03T14:00:00.000Z',
      duration: 90,
      notes: 'Traer propuesta',
    });
    expect(
      res
        .json()
        .data.meeting.attendees.map((a: { _id: string }) => a._id)
        .sort(),
    ).toEqual([ids.employee, ids.client].sort());

    const asClient = await patch(tokens.client, `${projectId}/meetings/${meeting._id}`, { title: 'Mío' });
    expect(asClient.statusCode).toBe(403);
    expect((await del(tokens.client, `${projectId}/meetings/${meeting._id}`)).statusCode).toBe(403);
    const seen = (await meetingsOf(tokens.client)).find((m) => m._id === meeting._id);
    expect(seen).toMatchObject({ title: 'Kickoff con el cliente', duration: 90 });

    const removed = await del(tokens.employee, `${projectId}/meetings/${meeting._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe('Reunión eliminada');
    expect((await meetingsOf(tokens.admin)).some((m) => m._id === meeting._id)).toBe(false);
    expect(
      await app.db.select().from(projectMeetings).where(eq(projectMeetings.id, meeting._id)),
    ).toHaveLength(0);
    const acts = await app.db.select().from(activities).where(eq(activities.entityId, meeting._id));
    expect(acts.map((a) => a.type).sort()).toEqual([
      'meeting.deleted',
      'meeting.scheduled',
      'meeting.updated',
    ]);
  });

  it('same rules as create: Spanish 400s, outsider attendees refused, another project 404', async () => {
    const meeting = await addMeetingVia(app, tokens.employee, projectId);
    const short = await patch(tokens.employee, `${projectId}/meetings/${meeting._id}`, { duration: 3 });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Mínimo 5 minutos');
    const badDate = await patch(tokens.employee, `${projectId}/meetings/${meeting._id}`, { date: 'mañana' });
    expect(badDate.json().message).toBe('Fecha y hora inválidas');
    const noTitle = await patch(tokens.employee, `${projectId}/meetings/${meeting._id}`, { title: '' });
    expect(noTitle.json().message).toBe('El título es requerido');
    const outsider = await patch(tokens.employee, `${projectId}/meetings/${meeting._id}`, {
      attendees: [ids.client2],
    });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().message).toBe('Los asistentes deben ser del equipo o del cliente del proyecto');
    const wrong = await patch(tokens.admin, `${otherProjectId}/meetings/${meeting._id}`, { title: 'x' });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe('Reunión no encontrada');
    const [row] = await app.db.select().from(projectMeetings).where(eq(projectMeetings.id, meeting._id));
    expect(row).toMatchObject({ title: 'Revisión semanal', durationMinutes: 60 });
  });
});

describe('permissions (decision 070) and realtime', () => {
  it('staff without projects.write get 403 on their own note and time entry', async () => {
    const note = await addNoteVia(app, tokens.employee, projectId, { content: 'Antes' });
    const entry = await addTimeEntryVia(app, tokens.employee, projectId, { hours: 1 });
    await withoutPermission(app, tokens.admin, DEMO.employee, 'projects.write', async () => {
      expect(
        (await patch(tokens.employee, `${projectId}/notes/${note._id}`, { content: 'Después' })).statusCode,
      ).toBe(403);
      expect((await del(tokens.employee, `${projectId}/notes/${note._id}`)).statusCode).toBe(403);
      expect(
        (await patch(tokens.employee, `${projectId}/time-entries/${entry._id}`, { hours: 2 })).statusCode,
      ).toBe(403);
    });
    const res = await patch(tokens.employee, `${projectId}/notes/${note._id}`, { content: 'Después' });
    expect(res.statusCode).toBe(200);
  });

  it('an edit pushes project:changed to the project’s client users', async () => {
    // Created before the socket connects, so the only event it can receive is the edit's.
    const note = await addNoteVia(app, tokens.employee, projectId, { content: 'Para tiempo real' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const socket = connect(url, {
      path: '/socket.io',
      auth: { token: tokens.client },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const received = new Promise((resolve) => socket.once(PROJECT_CHANGED_EVENT, resolve));
    const res = await patch(tokens.employee, `${projectId}/notes/${note._id}`, { content: 'Editado' });
    expect(res.statusCode).toBe(200);
    await expect(received).resolves.toEqual({ projectId });
  });
});
