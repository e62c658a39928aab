import { TASKS_CHANGED_EVENT, type TasksChangedPayload } from '@agencia/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { projectMembers, users } from '../../db/schema/index.js';
import { type Effects, effects, type StoredNotifications } from '../../lib/effects.js';

/**
 * Effects of a task write (decision 120): the stored notifications, then `tasks:changed` to the
 * project's team and every admin and — only when the task is (or was) visible to the client — to
 * the client's portal users, so other open boards and drawers refetch. Read inside the write's
 * transaction.
 */
export async function taskChanged(
  db: Db | Tx,
  args: {
    project: { id: string; clientId: string };
    taskId: string;
    kind: TasksChangedPayload['kind'];
    clientSees: boolean;
    notifications?: StoredNotifications;
  },
): Promise<Effects> {
  const team = await db
    .select({ id: projectMembers.userId })
    .from(projectMembers)
    .where(eq(projectMembers.projectId, args.project.id));
  const clientUsers = args.clientSees
    ? await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.clientId, args.project.clientId), eq(users.role, 'client')))
    : [];
  const payload: TasksChangedPayload = { projectId: args.project.id, taskId: args.taskId, kind: args.kind };
  return effects({
    notifications: args.notifications ?? [],
    messages: [
      {
        event: TASKS_CHANGED_EVENT,
        payload,
        userIds: [...team, ...clientUsers].map((r) => r.id),
        roles: ['admin'],
      },
    ],
  });
}
