import {
  type CreateTaskCommentRequestSchema,
  TASK_MENTION_PATTERN,
  type TaskComment,
  type TaskFile,
} from '@agencia/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { files, projectMembers, taskAssignees, taskComments, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import type { AuditContext } from '../../lib/audit.js';
import { audit } from '../../lib/audit.js';
import type { StoredNotifications, Written } from '../../lib/effects.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { createNotifications } from '../../lib/notify.js';
import { deleteFile, readFile, saveFile } from '../../lib/storage.js';
import { taskChanged } from './tasks.effects.js';
import { toTaskComment, toTaskFile } from './tasks.mappers.js';
import { taskPolicy } from './tasks.policy.js';
import { loadVisibleTask, TASK_FILE_OWNER } from './tasks.queries.js';

/** Largest task file: 10 MB, as project files (the existing upload rules). */
export const TASK_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** The user ids mentioned in `content` (`@[Nombre](uuid)`), each once. */
export function mentionedIds(content: string): string[] {
  return [...new Set([...content.matchAll(TASK_MENTION_PATTERN)].map((m) => m[2]!.toLowerCase()))];
}

/**
 * `POST /tasks/{id}/comments`: anyone who sees the task comments; `isInternal` is staff only (403
 * for a client). Mentioned people who may read the comment (admins and the project's team; the
 * client's users only on a public comment of a task visible to them) are kept in `mentions` and
 * notified; a client's comment also tells the assignees.
 */
export async function addTaskComment({
  db,
  actor,
  ctx,
  id,
  input,
}: {
  db: Db;
  actor: Actor;
  ctx: AuditContext;
  id: string;
  input: z.output<typeof CreateTaskCommentRequestSchema>;
}): Promise<Written<TaskComment>> {
  const { task, project } = await loadVisibleTask(db, actor, id);
  if (!taskPolicy.can(actor.role, 'comment')) throw forbidden();
  if (input.isInternal && !taskPolicy.can(actor.role, 'commentInternal')) {
    throw forbidden('Solo el equipo puede escribir comentarios internos.');
  }
  return db.transaction(async (tx) => {
    const candidates = mentionedIds(input.content);
    let mentions: string[] = [];
    if (candidates.length) {
      const clientMayRead = task.visibleToClient && !input.isInternal;
      const rows = await tx
        .select({ id: users.id, role: users.role, clientId: users.clientId, onTeam: projectMembers.userId })
        .from(users)
        .leftJoin(
          projectMembers,
          and(eq(projectMembers.userId, users.id), eq(projectMembers.projectId, project.id)),
        )
        .where(and(inArray(users.id, candidates), eq(users.status, 'active')));
      mentions = rows
        .filter(
          (r) =>
            r.role === 'admin' ||
            (r.role === 'employee' && r.onTeam) ||
            (r.role === 'client' && clientMayRead && r.clientId === project.clientId),
        )
        .map((r) => r.id);
    }
    const [row] = await tx
      .insert(taskComments)
      .values({
        taskId: id,
        authorId: actor.id,
        content: input.content,
        isInternal: input.isInternal,
        mentions,
      })
      .returning();
    const link = `/projects/${project.id}/tasks?task=${id}`;
    const notifications: StoredNotifications = mentions.length
      ? await createNotifications(tx, {
          userIds: mentions,
          exceptUserId: actor.id,
          topic: 'tasks',
          title: 'Te mencionaron en una tarea',
          message: `${actor.firstName} ${actor.lastName} te mencionó en «${task.title}».`,
          link,
        })
      : [];
    if (taskPolicy.can(actor.role, 'commentNotifiesAssignees')) {
      const assignees = await tx
        .select({ id: taskAssignees.userId })
        .from(taskAssignees)
        .where(eq(taskAssignees.taskId, id));
      const already = new Set(notifications.map((n) => n.userId));
      const rest = assignees.map((a) => a.id).filter((u) => !already.has(u));
      if (rest.length) {
        notifications.push(
          ...(await createNotifications(tx, {
            userIds: rest,
            topic: 'clientMessages',
            title: 'Comentario del cliente en una tarea',
            message: `${actor.firstName} ${actor.lastName} comentó «${task.title}».`,
            link,
          })),
        );
      }
    }
    await audit(
      tx,
      ctx,
      'task.comment.created',
      { type: 'task', id },
      { projectId: project.id, taskTitle: task.title, isInternal: input.isInternal },
    );
    const [me] = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, actor.id));
    const comment = toTaskComment({
      ...row!,
      authorId: actor.id,
      firstName: actor.firstName,
      lastName: actor.lastName,
      avatar: me?.avatar ?? null,
      role: actor.role,
    });
    const fx = await taskChanged(tx, {
      project,
      taskId: id,
      kind: 'commented',
      clientSees: task.visibleToClient && !input.isInternal,
      notifications,
    });
    return { value: comment, effects: fx };
  });
}

/** `POST /tasks/{id}/files`: stores a file on a visible task (type sniffed, 10 MB, upload quota). */
export async function uploadTaskFile({
  db,
  actor,
  ctx,
  id,
  input,
}: {
  db: Db;
  actor: Actor;
  ctx: AuditContext;
  id: string;
  input: { filename: string; data: Buffer };
}): Promise<Written<TaskFile>> {
  const { task, project } = await loadVisibleTask(db, actor, id);
  if (!taskPolicy.can(actor.role, 'uploadFile')) throw forbidden();
  return db.transaction(async (tx) => {
    const saved = await saveFile(tx, {
      ownerType: TASK_FILE_OWNER,
      ownerId: id,
      filename: input.filename,
      data: input.data,
      uploadedBy: actor.id,
      maxBytes: TASK_FILE_MAX_BYTES,
      userUpload: true,
    });
    await audit(
      tx,
      ctx,
      'task.file.uploaded',
      { type: 'file', id: saved.id },
      { projectId: project.id, taskTitle: task.title, filename: saved.filename },
    );
    const fx = await taskChanged(tx, {
      project,
      taskId: id,
      kind: 'files',
      clientSees: task.visibleToClient,
    });
    return {
      value: toTaskFile({
        ...saved,
        uploaderId: actor.id,
        firstName: actor.firstName,
        lastName: actor.lastName,
      }),
      effects: fx,
    };
  });
}

/** A task file with its bytes when the caller sees the task and the file is the task's (404 otherwise). */
export async function readTaskFile({
  db,
  actor,
  id,
  subId,
}: {
  db: Db;
  actor: Actor;
  id: string;
  subId: string;
}) {
  await loadVisibleTask(db, actor, id);
  const file = await readFile(db, subId);
  if (file?.ownerType !== TASK_FILE_OWNER || file.ownerId !== id) throw notFound('Archivo no encontrado');
  return file;
}

/** `DELETE /tasks/{id}/files/{subId}`: admins any file, others their own uploads. */
export async function deleteTaskFile({
  db,
  actor,
  ctx,
  id,
  subId,
}: {
  db: Db;
  actor: Actor;
  ctx: AuditContext;
  id: string;
  subId: string;
}): Promise<Written<void>> {
  const { task, project } = await loadVisibleTask(db, actor, id);
  const [file] = await db
    .select({ id: files.id, uploadedBy: files.uploadedBy, filename: files.filename })
    .from(files)
    .where(and(eq(files.id, subId), eq(files.ownerType, TASK_FILE_OWNER), eq(files.ownerId, id)))
    .limit(1);
  if (!file) throw notFound('Archivo no encontrado');
  const owns = file.uploadedBy !== null && file.uploadedBy === actor.id;
  if (!taskPolicy.can(actor.role, 'deleteFile', owns))
    throw forbidden('Solo puedes eliminar los archivos que subiste.');
  return db.transaction(async (tx) => {
    await deleteFile(tx, subId);
    await audit(
      tx,
      ctx,
      'task.file.deleted',
      { type: 'file', id: subId },
      { projectId: project.id, taskTitle: task.title, filename: file.filename },
    );
    const fx = await taskChanged(tx, {
      project,
      taskId: id,
      kind: 'files',
      clientSees: task.visibleToClient,
    });
    return { value: undefined, effects: fx };
  });
}
