import { and, eq, exists, type SQL, sql } from 'drizzle-orm';
import { projectMembers, projects, tasks } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { definePolicy } from '../../lib/policy.js';
import { visibleProjects } from '../projects/projects.policy.js';

/**
 * Who may do what on project tasks (issue 45, decision 164), one table:
 *
 * | action                         | admin | employee (on the team) | client (own projects)   |
 * |--------------------------------|-------|------------------------|-------------------------|
 * | read                           | all   | own team's projects    | `visibleToClient` only  |
 * | create, update, move, delete   | yes   | yes                    | no                      |
 * | request ("Solicitudes del cliente") | no | no                  | when the project allows |
 * | comment                        | yes   | yes                    | yes (never internal)    |
 * | internal comment               | yes   | yes                    | no                      |
 * | upload a file                  | yes   | yes                    | yes                     |
 * | delete a file                  | any   | own uploads            | own uploads             |
 * | internal data (estimates, time logged, internal comments) | yes | yes | no             |
 * | timer                          | on the team | on the team      | no                      |
 * | project task settings          | yes   | no                     | no                      |
 *
 * A task the caller may not see answers 404 like a project it may not see (existence does not
 * leak). Which rows a role sees is the row scope {@link visibleTasks}.
 */
export const taskPolicy = definePolicy({
  create: { admin: true, employee: true, client: false },
  /** Create a client request; the project must allow it (`clientRequestsEnabled`). */
  request: { admin: false, employee: false, client: true },
  update: { admin: true, employee: true, client: false },
  delete: { admin: true, employee: true, client: false },
  comment: { admin: true, employee: true, client: true },
  commentInternal: { admin: true, employee: true, client: false },
  uploadFile: { admin: true, employee: true, client: true },
  /** Delete a task file; own = its uploader. */
  deleteFile: { admin: true, employee: 'own', client: 'own' },
  readInternal: { admin: true, employee: true, client: false },
  timer: { admin: true, employee: true, client: false },
  manageSettings: { admin: true, employee: false, client: false },
  /** "Mis tareas" on the dashboard. */
  myTasks: { admin: true, employee: true, client: false },
  /** A comment of this role notifies the task's assignees (the client's voice reaches the team). */
  commentNotifiesAssignees: { admin: false, employee: false, client: true },
});

/** The actions of {@link taskPolicy}. */
export type TaskAction = keyof typeof taskPolicy.table;

/*
 * Correlated sub-selects name the outer row as "tasks"."…" and their own tables by alias: Drizzle
 * leaves columns unqualified in a single-table select, where `${projectMembers.projectId} =
 * ${tasks.projectId}` would compare the inner table with itself.
 */

/**
 * SQL condition selecting the tasks `actor` may see: tasks of the projects it sees
 * ({@link visibleProjects}); for a client only those `visibleToClient`.
 */
export function visibleTasks(actor: Pick<Actor, 'id' | 'role' | 'clientId'>): SQL {
  if (actor.role === 'admin') return projectAlive();
  if (actor.role === 'employee') return and(projectAlive(), taskOnTeam(actor.id)) as SQL;
  const own = exists(
    sql`(select 1 from ${projects} where "projects"."id" = "tasks"."project_id" and ${visibleProjects(actor)})`,
  );
  return and(own, eq(tasks.visibleToClient, true)) as SQL;
}

/** SQL naming the task's project in the conditions below ("tasks"."project_id" by default). */
const TASK_PROJECT = sql`"tasks"."project_id"`;

/** SQL: the task's project is not deleted. */
function projectAlive(projectId: SQL = TASK_PROJECT): SQL {
  return exists(sql`(select 1 from ${projects} as tp where tp.id = ${projectId} and tp.deleted_at is null)`);
}

/** SQL: `userId` is on the team of the task's project. */
export function taskOnTeam(userId: string, projectId: SQL = TASK_PROJECT): SQL {
  return exists(
    sql`(select 1 from ${projectMembers} as pm where pm.project_id = ${projectId} and pm.user_id = ${userId})`,
  );
}

/**
 * The staff's row scope of {@link visibleTasks} on a task's project id held elsewhere (a person's
 * queue carries it, decision 178): `projectId` names that column. Null for a client, whose scope
 * also needs the task row (`visibleToClient`) — the caller then reads the tasks table itself.
 */
export function staffTaskScope(actor: Pick<Actor, 'id' | 'role'>, projectId: SQL): SQL | null {
  if (actor.role === 'admin') return projectAlive(projectId);
  if (actor.role === 'employee') return and(projectAlive(projectId), taskOnTeam(actor.id, projectId)) as SQL;
  return null;
}
