import type {
  CreateProjectNoteRequestSchema,
  ProjectNote,
  UpdateProjectNoteRequestSchema,
} from '@agencia/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { projectMembers, projectNotes, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import type { Written } from '../../lib/effects.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { createNotifications } from '../../lib/notify.js';
import { pagedSelect } from '../../lib/paging.js';
import { deleteRowOr404, withProjectWrite } from './project-writes.js';
import { type NoteRow, toNote } from './projects.mappers.js';
import { ownsNote, projectPolicy } from './projects.policy.js';
import {
  countOf,
  type Input,
  loadVisible,
  type RowDeleteArgs,
  type RowWriteArgs,
  type SubListArgs,
  type WriteArgs,
} from './projects.queries.js';

/** Columns of a note joined with its author (left join: a removed author reads as nulls). */
const noteColumns = {
  id: projectNotes.id,
  content: projectNotes.content,
  isInternal: projectNotes.isInternal,
  createdAt: projectNotes.createdAt,
  editedAt: projectNotes.editedAt,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
};

/** Notes of project `id` the caller may read: clients never internal ones (decision 032). */
function notesVisibleTo(actor: Pick<Actor, 'role'>, id: string) {
  return and(
    eq(projectNotes.projectId, id),
    projectPolicy.can(actor.role, 'readInternal') ? undefined : eq(projectNotes.isInternal, false),
  );
}

/** How many notes of project `id` the caller may read (the detail's `notesTotal`). */
export async function countNotes({
  db,
  actor,
  id,
}: {
  db: Db | Tx;
  actor: Pick<Actor, 'role'>;
  id: string;
}): Promise<number> {
  const [row] = await db.select({ n: countOf }).from(projectNotes).where(notesVisibleTo(actor, id));
  return row?.n ?? 0;
}

/**
 * `GET /projects/{id}/notes`: one page of the notes, newest first (ties on id). Clients never get
 * internal notes (decision 032), nor count them. 404 when the caller may not see the project.
 */
export async function listProjectNotes({ db, actor, id, input }: SubListArgs) {
  await loadVisible(db, actor, id);
  const cond = notesVisibleTo(actor, id);
  const { rows, pagination } = await pagedSelect(db, input, {
    table: projectNotes,
    where: cond,
    rows: ({ limit, offset }) =>
      db
        .select({ ...noteColumns, authorId: users.id })
        .from(projectNotes)
        .leftJoin(users, eq(users.id, projectNotes.authorId))
        .where(cond)
        .orderBy(desc(projectNotes.createdAt), desc(projectNotes.id))
        .limit(limit)
        .offset(offset),
  });
  return { notes: rows.map(toNote), pagination };
}

/**
 * `POST /projects/{id}/notes {content, isInternal}`. Clients may only post public comments
 * (403 for isInternal true). Internal notes make an internal activity entry.
 */
export async function addNote({
  input,
  ...args
}: WriteArgs<Input<typeof CreateProjectNoteRequestSchema>> & { id: string }): Promise<Written<ProjectNote>> {
  const { actor } = args;
  return withProjectWrite({
    ...args,
    allow: { action: 'addNote' },
    prepare: () => assertMayMarkInternal(actor, input.isInternal),
    write: async (tx, project) => {
      const [row] = await tx
        .insert(projectNotes)
        .values({
          projectId: project.id,
          authorId: actor.id,
          content: input.content,
          isInternal: input.isInternal,
        })
        .returning();
      let notifications: Awaited<ReturnType<typeof createNotifications>> = [];
      if (projectPolicy.can(actor.role, 'commentNotifiesTeam')) {
        // A client's comment is a client message for the team (spec doc 2 §9 topics).
        const team = await tx
          .select({ id: projectMembers.userId })
          .from(projectMembers)
          .where(eq(projectMembers.projectId, project.id));
        notifications = await createNotifications(tx, {
          userIds: team.map((t) => t.id),
          exceptUserId: actor.id,
          topic: 'clientMessages',
          title: 'Nuevo comentario del cliente',
          message: `${actor.firstName} ${actor.lastName} comentó en «${project.title}».`,
          link: `/projects/${project.id}`,
          email: false,
        });
      }
      const note = toNote({
        ...row!,
        authorId: actor.id,
        firstName: actor.firstName,
        lastName: actor.lastName,
        role: actor.role,
      });
      return {
        value: note,
        // Internal notes make an internal activity entry (decision 032).
        activity: {
          type: 'note.added',
          entityType: 'note',
          entityId: row!.id,
          title: input.isInternal
            ? `Nota interna en ${project.title}`
            : `${actor.firstName} comentó en ${project.title}`,
          isInternal: input.isInternal,
        },
        audit: {
          action: 'project.note.created',
          target: { type: 'note', id: row!.id },
          metadata: { isInternal: input.isInternal },
        },
        notifications,
      };
    },
  });
}

/** Clients may not make a note internal (403). */
function assertMayMarkInternal(actor: Actor, isInternal: boolean | undefined) {
  if (isInternal && !projectPolicy.can(actor.role, 'addInternalNote')) {
    throw forbidden('Los clientes no pueden crear notas internas.');
  }
}

/* ───────────── corrections: edit and delete notes (decision 036) ───────────── */

/**
 * A note of project `id` as `actor` may see it (clients never see internal notes), with its
 * author; 404 when it does not exist, belongs to another project or is hidden from the caller.
 */
async function loadNote(db: Db | Tx, actor: Actor, id: string, noteId: string): Promise<NoteRow> {
  const [row] = await db
    .select({ ...noteColumns, authorId: projectNotes.authorId })
    .from(projectNotes)
    .leftJoin(users, eq(users.id, projectNotes.authorId))
    .where(and(eq(projectNotes.id, noteId), notesVisibleTo(actor, id)))
    .limit(1);
  if (!row) throw notFound('Comentario no encontrado');
  return row;
}

/**
 * `PATCH /projects/{id}/notes/{noteId}`: the author corrects the content and, when staff, the
 * internal flag; stamps `editedAt`. 404 for a note the caller cannot see or of another project;
 * 403 for someone else's note, or a client asking for `isInternal: true`. An edit that changes
 * nothing answers the note as it is and writes nothing.
 */
export async function updateNote({
  noteId,
  input,
  ...args
}: RowWriteArgs<Input<typeof UpdateProjectNoteRequestSchema>, 'noteId'>): Promise<Written<ProjectNote>> {
  const { db, actor } = args;
  return withProjectWrite({
    ...args,
    prepare: async (project) => {
      const current = await loadNote(db, actor, project.id, noteId);
      if (!projectPolicy.can(actor.role, 'editNote', ownsNote(actor, current)))
        throw forbidden('Solo el autor puede editar este comentario.');
      assertMayMarkInternal(actor, input.isInternal);
      const content = input.content ?? current.content;
      const isInternal = input.isInternal ?? current.isInternal;
      const fields = [
        ...(content !== current.content ? ['content'] : []),
        ...(isInternal !== current.isInternal ? ['isInternal'] : []),
      ];
      return { current, content, isInternal, fields };
    },
    unchanged: ({ current, fields }) => (fields.length ? undefined : toNote(current)),
    write: async (tx, project, { current, content, isInternal, fields }) => {
      const [row] = await tx
        .update(projectNotes)
        .set({ content, isInternal, editedAt: new Date() })
        .where(eq(projectNotes.id, noteId))
        .returning();
      if (!row) throw notFound('Comentario no encontrado'); // deleted meanwhile
      const note = toNote({
        ...current,
        content: row.content,
        isInternal: row.isInternal,
        editedAt: row.editedAt,
      });
      return {
        value: note,
        // An internal note (also one turned internal now) makes an internal entry (decision 032).
        activity: {
          type: 'note.updated',
          entityType: 'note',
          entityId: noteId,
          title: isInternal
            ? `Nota interna editada en ${project.title}`
            : `${actor.firstName} editó un comentario en ${project.title}`,
          isInternal,
          metadata: { fields },
        },
        audit: {
          action: 'project.note.updated',
          target: { type: 'note', id: noteId },
          metadata: { fields, isInternal },
        },
      };
    },
  });
}

/**
 * `DELETE /projects/{id}/notes/{noteId}`: the author or an admin removes the note (a hard
 * delete: the text is gone, the audit log keeps who deleted which note). 404 as for edits;
 * 403 for someone else's note (non-admin).
 */
export async function deleteNote({ noteId, ...args }: RowDeleteArgs<'noteId'>): Promise<Written<void>> {
  const { db, actor } = args;
  return withProjectWrite({
    ...args,
    prepare: async (project) => {
      const current = await loadNote(db, actor, project.id, noteId);
      if (!projectPolicy.can(actor.role, 'deleteNote', ownsNote(actor, current))) {
        throw forbidden('Solo el autor o un administrador puede eliminar este comentario.');
      }
      return current;
    },
    write: async (tx, project, current) => {
      await deleteRowOr404(tx, projectNotes, noteId, 'Comentario no encontrado');
      return {
        value: undefined,
        activity: {
          type: 'note.deleted',
          entityType: 'note',
          entityId: noteId,
          title: current.isInternal
            ? `Nota interna eliminada en ${project.title}`
            : `${actor.firstName} eliminó un comentario en ${project.title}`,
          isInternal: current.isInternal,
        },
        audit: {
          action: 'project.note.deleted',
          target: { type: 'note', id: noteId },
          metadata: { isInternal: current.isInternal, authorId: current.authorId },
        },
      };
    },
  });
}
