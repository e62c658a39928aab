import { EMPLOYEE_EDITABLE_PROJECT_FIELDS, type Role } from '@agencia/shared';
import { and, eq, exists, isNull, type SQL, sql } from 'drizzle-orm';
import { projectMembers, projects } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { definePolicy } from '../../lib/policy.js';

/**
 * Who may do what on projects (decision records 031 and 121), one table:
 *
 * | action                 | admin | employee (on the team) | client (own client record) |
 * |------------------------|-------|------------------------|----------------------------|
 * | list / read            | all   | own team's             | own                        |
 * | create / delete        | yes   | no                     | no                         |
 * | update                 | all   | status, progress, desc | no                         |
 * | change a closed project| yes   | no                     | no                         |
 * | milestones, meetings   | yes   | yes                    | no                         |
 * | meetings: edit, delete | yes   | yes                    | no                         |
 * | time entries           | any member | self              | no                         |
 * | time: edit, delete     | any entry  | own entries       | no                         |
 * | notes                  | internal + public | internal + public | public only          |
 * | notes: edit            | own notes | own notes           | own notes, public only     |
 * | notes: delete          | any note  | own notes           | own notes                  |
 * | files: upload/download | yes   | yes                    | yes                        |
 * | files: delete          | yes   | own uploads            | own uploads                |
 * | internal data (notes, non-billable time, cost, invoice links) | yes | yes | no        |
 * | all projects of a chosen client in a picker (with `clients.read`) | yes | yes | no    |
 *
 * A project the caller may not see answers 404 (existence does not leak); so does a note a
 * client may not see (internal) or a row of another project. Edits and deletes: decision 036.
 *
 * "Own" (`'own'` cells, pass `owns`): `logTime` the time logged is the actor's own;
 * `changeTimeEntry` the entry is the actor's time ({@link ownsTimeEntry}); `editNote` /
 * `deleteNote` the actor wrote the note ({@link ownsNote}); `deleteFile` the actor uploaded it
 * ({@link ownsFile}). Which projects a role sees is the row scope {@link visibleProjects}.
 */
export const projectPolicy = definePolicy({
  create: { admin: true, employee: false, client: false },
  delete: { admin: true, employee: false, client: false },
  /** `PUT /projects/{id}` at all (employees only {@link editableFields}). */
  update: { admin: true, employee: true, client: false },
  /** Every field of `PUT /projects/{id}` (others: {@link editableFields}). */
  updateAnyField: { admin: true, employee: false, client: false },
  /** Any change to a completed or cancelled project (reopening it). */
  changeClosed: { admin: true, employee: false, client: false },
  manageMilestones: { admin: true, employee: true, client: false },
  manageMeetings: { admin: true, employee: true, client: false },
  /** Log time; own = for oneself (admins for any team member). */
  logTime: { admin: true, employee: 'own', client: false },
  /** Edit or delete a time entry; own = the entry is the actor's time. */
  changeTimeEntry: { admin: true, employee: 'own', client: false },
  addNote: { admin: true, employee: true, client: true },
  addInternalNote: { admin: true, employee: true, client: false },
  /** Edit a note; own = its author (admins included: nobody rewrites someone else's words). */
  editNote: { admin: 'own', employee: 'own', client: 'own' },
  /** Delete a note; own = its author. */
  deleteNote: { admin: true, employee: 'own', client: 'own' },
  /** A comment by this role is a client message: the team is notified (spec doc 2 §9). */
  commentNotifiesTeam: { admin: false, employee: false, client: true },
  uploadFile: { admin: true, employee: true, client: true },
  /**
   * Read a project's budget and spend when its admin hid them from the client
   * (`budgetVisibleToClient` false, decision 145): staff always, a client never.
   */
  readHiddenBudget: { admin: true, employee: true, client: false },
  /** Delete a project file; own = its uploader. */
  deleteFile: { admin: true, employee: 'own', client: 'own' },
  /**
   * See internal data (decision 032): internal notes, non-billable time, the internal cost and
   * the invoice a time entry went to (decision 115).
   */
  readInternal: { admin: true, employee: true, client: false },
  /**
   * `GET /projects/options?clientId`: every project of the chosen client, with `clients.read`
   * (decision 072), not only the visible ones.
   */
  pickAnyOfClient: { admin: true, employee: true, client: false },
});

/** The actions of {@link projectPolicy}. */
export type ProjectAction = keyof typeof projectPolicy.table;

type Who = Pick<Actor, 'id' | 'role'>;

/**
 * Ownership of a note: the actor wrote it. A note whose author was removed (`authorId` null) is
 * nobody's, so only a role allowed on any note (admins) deletes it, and nobody edits it.
 */
export const ownsNote = (actor: Who, note: { authorId: string | null }): boolean =>
  note.authorId !== null && note.authorId === actor.id;

/** Ownership of a time entry: it is the actor's own time (`userId`). */
export const ownsTimeEntry = (actor: Who, entry: { userId: string }): boolean => entry.userId === actor.id;

/** Ownership of a project file: the actor uploaded it (`uploadedBy`). */
export const ownsFile = (actor: Who, file: { uploadedBy: string | null }): boolean =>
  file.uploadedBy !== null && file.uploadedBy === actor.id;

/** Fields of `PUT /projects/{id}` the role may send (null = all). */
export function editableFields(role: Role): readonly string[] | null {
  if (projectPolicy.can(role, 'updateAnyField')) return null;
  if (projectPolicy.can(role, 'update')) return EMPLOYEE_EDITABLE_PROJECT_FIELDS;
  return [];
}

/** SQL condition: the project row is on `actor`'s team (employees). */
export function onTeam(actorId: string): SQL {
  return exists(
    sql`(select 1 from ${projectMembers} where ${projectMembers.projectId} = ${projects.id} and ${projectMembers.userId} = ${actorId})`,
  );
}

/**
 * How each role's project figures may be counted (decision 122): `all` — every counter row;
 * `ownClient` — the rows of the actor's client record; `team` — not from the per-client counters
 * (an employee sees the projects of its team, which the counters cannot express).
 */
export const PROJECT_COUNT_SCOPE: Readonly<Record<Role, 'all' | 'ownClient' | 'team'>> = {
  admin: 'all',
  employee: 'team',
  client: 'ownClient',
};

/** How each role's visible projects are scoped (the "list / read" row of the table). */
const SCOPES: Record<Role, (actor: Pick<Actor, 'id' | 'clientId'>) => SQL | undefined> = {
  admin: () => undefined,
  employee: (actor) => onTeam(actor.id),
  client: (actor) => (actor.clientId ? eq(projects.clientId, actor.clientId) : sql`false`),
};

/**
 * SQL condition selecting the (not deleted) projects `actor` may see: admins all, employees
 * the ones they are on the team of, clients those of their own client record.
 */
export function visibleProjects(actor: Pick<Actor, 'id' | 'role' | 'clientId'>): SQL {
  const alive = isNull(projects.deletedAt);
  const scope = SCOPES[actor.role](actor);
  return scope ? (and(alive, scope) as SQL) : alive;
}
