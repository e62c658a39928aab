import { PROJECT_CHANGED_EVENT, type Role } from '@agencia/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { projectMembers, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { type Effects, effects, type RealtimeMessage, type StoredNotifications } from '../../lib/effects.js';
import { createNotifications } from '../../lib/notify.js';

/** Everyone who sees a project: its team and its client's portal users (user ids, each once). */
export async function audienceOf(db: Db | Tx, projectId: string, clientId: string): Promise<string[]> {
  const team = await db
    .select({ id: projectMembers.userId })
    .from(projectMembers)
    .where(eq(projectMembers.projectId, projectId));
  const clientUsers = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.role, 'client')));
  return [...new Set([...team.map((r) => r.id), ...clientUsers.map((r) => r.id)])];
}

/** Options of {@link projectChanged} and {@link audienceEffects}. */
export interface ProjectChangeOptions {
  /** The write may have changed active-project counts: also push `nav:badges`. */
  badges?: boolean;
  /** Notifications the write stored (pushed first). */
  notifications?: StoredNotifications;
}

/**
 * Effects of a write to project `projectId` (decision 120): the stored notifications, then
 * `project:changed {projectId}` to `userIds` and to every admin (admins see every project),
 * then with `badges` `nav:badges {}` to the same users and, when there are any, to the admins.
 */
export function projectChanged(
  projectId: string,
  userIds: Iterable<string>,
  { badges = false, notifications = [] }: ProjectChangeOptions = {},
): Effects {
  const audience = [...new Set(userIds)];
  const admins: Role[] = ['admin'];
  const messages: RealtimeMessage[] = [
    { event: PROJECT_CHANGED_EVENT, payload: { projectId }, userIds: audience, roles: admins },
  ];
  if (badges) {
    messages.push({
      event: 'nav:badges',
      payload: {},
      userIds: audience,
      roles: audience.length ? admins : [],
    });
  }
  return effects({ notifications, messages });
}

/**
 * Everyone who sees the project (read inside the write's transaction) and the admins refetch it
 * after commit: {@link projectChanged} over {@link audienceOf}.
 */
export async function audienceEffects(
  tx: Db | Tx,
  project: { id: string; clientId: string },
  options: ProjectChangeOptions = {},
): Promise<Effects> {
  return projectChanged(project.id, await audienceOf(tx, project.id, project.clientId), options);
}

/** Stores "assigned to a project" notifications for `userIds` (not the actor). */
export async function notifyAssigned(
  tx: Tx,
  actor: Actor,
  project: { id: string; title: string },
  userIds: string[],
): Promise<StoredNotifications> {
  if (!userIds.length) return [];
  return createNotifications(tx, {
    userIds,
    exceptUserId: actor.id,
    topic: 'projectAssigned',
    title: 'Nuevo proyecto asignado',
    message: `Te asignaron al proyecto «${project.title}».`,
    link: `/projects/${project.id}`,
  });
}
