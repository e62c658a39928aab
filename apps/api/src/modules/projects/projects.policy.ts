import { ACTIVE_PROJECT_STATUSES, EMPLOYEE_EDITABLE_PROJECT_FIELDS, type Role } from '@agencia/shared';
import { and, eq, exists, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { projectMembers, projects } from '../../db/schema/index.js';
import type { Actor } from '../../plugins/auth.js';
import { countActiveProjects, countersServe } from './project-counts.js';

/**
 * Who may do what on projects (decision record 031), one table:
 *
 * | action                 | admin | employee (on the team) | client (own client record) |
 * |------------------------|-------|------------------------|----------------------------|
 * | list / read            | all   | own team's             | own                        |
 * | create / delete        | yes   | no                     | no                         |
 * | update                 | all   | status, progress, desc | no                         |
 * | milestones, meetings   | yes   | yes                    | no                         |
 * | meetings: edit, delete | yes   | yes                    | no                         |
 * | time entries           | any member | self              | no                         |
 * | time: edit, delete     | any entry  | own entries       | no                         |
 * | notes                  | internal + public | internal + public | public only          |
 * | notes: edit            | own notes | own notes           | own notes, public only     |
 * | notes: delete          | any note  | own notes           | own notes                  |
 * | files: upload/download | yes   | yes                    | yes                        |
 * | files: delete          | yes   | own uploads            | own uploads                |
 *
 * A project the caller may not see answers 404 (existence does not leak); so does a note a
 * client may not see (internal) or a row of another project. Edits and deletes: decision 036.
 */
export type ProjectAction =
  | 'create'
  | 'delete'
  | 'update'
  | 'manageMilestones'
  | 'manageMeetings'
  | 'logTime'
  | 'addNote'
  | 'addInternalNote'
  | 'editOwnNote'
  | 'deleteAnyNote'
  | 'editAnyTimeEntry'
  | 'uploadFile';

const MATRIX: Record<ProjectAction, Record<Role, boolean>> = {
  create: { admin: true, employee: false, client: false },
  delete: { admin: true, employee: false, client: false },
  update: { admin: true, employee: true, client: false },
  manageMilestones: { admin: true, employee: true, client: false },
  manageMeetings: { admin: true, employee: true, client: false },
  logTime: { admin: true, employee: true, client: false },
  addNote: { admin: true, employee: true, client: true },
  addInternalNote: { admin: true, employee: true, client: false },
  editOwnNote: { admin: true, employee: true, client: true },
  deleteAnyNote: { admin: true, employee: false, client: false },
  editAnyTimeEntry: { admin: true, employee: false, client: false },
  uploadFile: { admin: true, employee: true, client: true },
};

/** True when the role may perform `action` on a project it can see. */
export function can(role: Role, action: ProjectAction): boolean {
  return MATRIX[action][role];
}

/**
 * Ownership of a note: only its author edits it (admins included: nobody rewrites someone
 * else's words); the author or an admin deletes it. A note whose author was removed
 * (`authorId` null) can only be deleted by an admin.
 */
export function canChangeNote(
  actor: Pick<Actor, 'id' | 'role'>,
  note: { authorId: string | null },
  change: 'edit' | 'delete',
): boolean {
  const own = note.authorId !== null && note.authorId === actor.id;
  if (change === 'edit') return own && can(actor.role, 'editOwnNote');
  return own || can(actor.role, 'deleteAnyNote');
}

/**
 * Ownership of a time entry: staff who may log time change the entries of their own time
 * (`userId`); admins change any entry. Clients never.
 */
export function canChangeTimeEntry(actor: Pick<Actor, 'id' | 'role'>, entry: { userId: string }): boolean {
  if (!can(actor.role, 'logTime')) return false;
  return entry.userId === actor.id || can(actor.role, 'editAnyTimeEntry');
}

/** Fields of `PUT /projects/{id}` the role may send (null = all). */
export function editableFields(role: Role): readonly string[] | null {
  if (role === 'admin') return null;
  if (role === 'employee') return EMPLOYEE_EDITABLE_PROJECT_FIELDS;
  return [];
}

/** SQL condition: the project row is on `actor`'s team (employees). */
export function onTeam(actorId: string): SQL {
  return exists(
    sql`(select 1 from ${projectMembers} where ${projectMembers.projectId} = ${projects.id} and ${projectMembers.userId} = ${actorId})`,
  );
}

/**
 * SQL condition selecting the (not deleted) projects `actor` may see: admins all, employees
 * the ones they are on the team of, clients those of their own client record.
 */
export function visibleProjects(actor: Pick<Actor, 'id' | 'role' | 'clientId'>): SQL {
  const alive = isNull(projects.deletedAt);
  if (actor.role === 'admin') return alive;
  if (actor.role === 'employee') return and(alive, onTeam(actor.id)) as SQL;
  if (!actor.clientId) return sql`false`;
  return and(alive, eq(projects.clientId, actor.clientId)) as SQL;
}

/**
 * Counts the active projects `actor` may see (navigation badge): admins and clients from the
 * counters (decision 122), employees over their team's projects.
 */
export async function countActiveVisible(db: Db | Tx, actor: Pick<Actor, 'id' | 'role' | 'clientId'>) {
  if (countersServe(actor)) return countActiveProjects(db, actor);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(projects)
    .where(and(visibleProjects(actor), inArray(projects.status, [...ACTIVE_PROJECT_STATUSES])));
  return row?.n ?? 0;
}
