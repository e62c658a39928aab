import {
  fromCents,
  type Milestone,
  type ProjectFile,
  type ProjectMeeting,
  type ProjectNote,
  type ProjectSummary,
  type Role,
  type TimeEntry,
} from '@agencia/shared';
import type { projectMeetings, projectMilestones } from '../../db/schema/index.js';
import { projectPolicy } from './projects.policy.js';
import type { SummaryRow } from './projects.queries.js';

/* Row → API shape of the projects module. Money in major units, durations in hours, dates ISO. */

/** Minutes → hours (fractional). */
export const hoursOf = (minutes: number) => minutes / 60;

/** A timestamp as ISO 8601, or null. */
export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A summary row (project joined with its client) → `ProjectSummary`, as `role` may read it: a
 * client does not receive `approvedBudget` and `spent` of a project whose budget the admin hid
 * from it (`budgetVisibleToClient` false, decision 145).
 */
export function toSummary(r: SummaryRow, role: Role): ProjectSummary {
  const money =
    !r.budgetVisibleToClient && !projectPolicy.can(role, 'readHiddenBudget')
      ? {}
      : {
          approvedBudget: r.approvedBudgetCents === null ? null : fromCents(r.approvedBudgetCents),
          spent: fromCents(r.spentCents),
        };
  return {
    _id: r.id,
    title: r.title,
    description: r.description,
    client: {
      _id: r.clientId,
      companyName: r.clientCompanyName,
      firstName: r.clientFirstName,
      lastName: r.clientLastName,
      avatar: r.clientAvatar,
    },
    status: r.status,
    priority: r.priority,
    category: r.category,
    progressPercentage: r.progressPercentage,
    startDate: r.startDate,
    estimatedEndDate: r.estimatedEndDate,
    actualEndDate: r.actualEndDate,
    ...money,
    budgetVisibleToClient: r.budgetVisibleToClient,
    teamCount: Number(r.teamCount),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** A milestone row → `Milestone`. */
export function toMilestone(m: typeof projectMilestones.$inferSelect): Milestone {
  return {
    _id: m.id,
    title: m.title,
    description: m.description,
    dueDate: m.dueDate,
    status: m.status,
    completedAt: iso(m.completedAt),
    order: m.order,
  };
}

/** Names of meeting attendees by user id. */
export type AttendeeNames = Map<string, { id: string; firstName: string; lastName: string }>;

/** A meeting row → `ProjectMeeting`; attendees missing from `attendeeById` (removed users) are left out. */
export function toMeeting(
  m: typeof projectMeetings.$inferSelect,
  attendeeById: AttendeeNames,
): ProjectMeeting {
  return {
    _id: m.id,
    title: m.title,
    date: m.date.toISOString(),
    duration: m.durationMinutes,
    attendees: m.attendeeIds.flatMap((uid) => {
      const a = attendeeById.get(uid);
      return a ? [{ _id: a.id, firstName: a.firstName, lastName: a.lastName }] : [];
    }),
    notes: m.notes,
    link: m.link,
    createdAt: m.createdAt.toISOString(),
  };
}

/** A note joined with its author (author columns null when the author was removed). */
export interface NoteRow {
  id: string;
  content: string;
  isInternal: boolean;
  createdAt: Date;
  editedAt: Date | null;
  authorId: string | null;
  firstName: string | null;
  lastName: string | null;
  role: Role | null;
}

/** A note row → `ProjectNote`; a removed author reads "Usuario eliminado". */
export function toNote(n: NoteRow): ProjectNote {
  return {
    _id: n.id,
    content: n.content,
    isInternal: n.isInternal,
    author: {
      _id: n.authorId,
      firstName: n.firstName ?? 'Usuario',
      lastName: n.lastName ?? 'eliminado',
      role: n.role,
    },
    createdAt: n.createdAt.toISOString(),
    editedAt: iso(n.editedAt),
  };
}

/**
 * A time entry row and its member's name → `TimeEntry` (hours from minutes), without the
 * invoice link (the time log adds it for staff).
 */
export function toTimeEntry(
  t: { id: string; minutes: number; description: string; date: string; billable: boolean; createdAt: Date },
  user: { _id: string; firstName: string; lastName: string },
): TimeEntry {
  return {
    _id: t.id,
    user,
    hours: hoursOf(t.minutes),
    description: t.description,
    date: t.date,
    billable: t.billable,
    createdAt: t.createdAt.toISOString(),
  };
}

/** A project file row with its uploader's name (null columns when removed) → `ProjectFile`. */
export function toProjectFile(f: {
  id: string;
  filename: string;
  contentType: string;
  sizeBytes: number;
  createdAt: Date;
  uploaderId: string | null;
  firstName: string | null;
  lastName: string | null;
}): ProjectFile {
  return {
    _id: f.id,
    filename: f.filename,
    contentType: f.contentType,
    size: f.sizeBytes,
    uploadedBy: f.uploaderId ? { _id: f.uploaderId, firstName: f.firstName!, lastName: f.lastName! } : null,
    createdAt: f.createdAt.toISOString(),
  };
}
