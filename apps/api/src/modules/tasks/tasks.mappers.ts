import type { Task, TaskComment, TaskFile } from '@agencia/shared';
import type { TaskRow } from './tasks.queries.js';

/** ISO string of a timestamp, or null. */
export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A task row → `Task`. `internal` (staff) adds `estimateMinutes` and `loggedMinutes`; a client's
 * answer has neither key (decision 164: nothing internal reaches a client).
 */
export function toTask(r: TaskRow, internal: boolean): Task {
  const task: Task = {
    _id: r.id,
    project: { _id: r.projectId, title: r.projectTitle },
    title: r.title,
    status: r.status,
    position: r.position,
    priority: r.priority,
    assignees: r.assignees,
    dueDate: r.dueDate,
    startDate: r.startDate,
    milestone: r.milestoneId && r.milestoneTitle ? { _id: r.milestoneId, title: r.milestoneTitle } : null,
    visibleToClient: r.visibleToClient,
    clientRequest: r.clientRequest,
    labels: r.labels,
    recurrence: r.recurrence,
    checklist: { done: r.checklistDone, total: r.checklistTotal },
    commentsCount: r.commentsCount,
    filesCount: r.filesCount,
    completedAt: iso(r.completedAt),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
  if (internal) {
    task.estimateMinutes = r.estimateMinutes;
    task.loggedMinutes = Number(r.loggedMinutes ?? 0);
  }
  return task;
}

/** A comment row with its author (null columns when the author was removed) → `TaskComment`. */
export function toTaskComment(c: {
  id: string;
  content: string;
  isInternal: boolean;
  mentions: string[];
  createdAt: Date;
  authorId: string | null;
  firstName: string | null;
  lastName: string | null;
  avatar: string | null;
  role: 'admin' | 'employee' | 'client' | null;
}): TaskComment {
  return {
    _id: c.id,
    content: c.content,
    isInternal: c.isInternal,
    author:
      c.authorId && c.firstName !== null
        ? { _id: c.authorId, firstName: c.firstName, lastName: c.lastName ?? '', avatar: c.avatar, role: c.role }
        : null,
    mentions: c.mentions,
    createdAt: c.createdAt.toISOString(),
  };
}

/** A file row with its uploader → `TaskFile`. */
export function toTaskFile(f: {
  id: string;
  filename: string;
  contentType: string;
  sizeBytes: number;
  createdAt: Date;
  uploaderId: string | null;
  firstName: string | null;
  lastName: string | null;
}): TaskFile {
  return {
    _id: f.id,
    filename: f.filename,
    contentType: f.contentType,
    size: f.sizeBytes,
    uploadedBy:
      f.uploaderId && f.firstName !== null
        ? { _id: f.uploaderId, firstName: f.firstName, lastName: f.lastName ?? '' }
        : null,
    createdAt: f.createdAt.toISOString(),
  };
}
