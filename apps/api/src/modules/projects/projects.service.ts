import {
  ACTIVE_PROJECT_STATUSES,
  allowedProjectTransitions,
  type CreateMeetingRequestSchema,
  type CreateMilestoneRequestSchema,
  type CreateProjectNoteRequestSchema,
  type CreateProjectRequestSchema,
  type CreateTimeEntryRequestSchema,
  canTransitionProject,
  DEFAULT_TIMEZONE,
  divRoundHalfUp,
  fromCents,
  hasPermission,
  type ListProjectsQuerySchema,
  type ListProjectsResponse,
  type Milestone,
  type Option,
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  type ProjectDetail,
  type ProjectFile,
  type ProjectMeeting,
  type ProjectNote,
  type ProjectOptionsQuerySchema,
  type ProjectSort,
  type ProjectStats,
  type ProjectStatus,
  type ProjectSubListQuerySchema,
  type ProjectSummary,
  projectClientName,
  type TimeEntry,
  toCents,
  type UpdateMeetingRequestSchema,
  type UpdateMilestoneRequestSchema,
  type UpdateProjectNoteRequestSchema,
  type UpdateProjectRequestSchema,
  type UpdateTimeEntryRequestSchema,
} from '@agencia/shared';
import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import {
  clients,
  files,
  invoices,
  projectMeetings,
  projectMembers,
  projectMilestones,
  projectNotes,
  projects,
  projectTimeEntries,
  users,
} from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { createNotifications } from '../../lib/notify.js';
import { listTotalCap, pagedSelect } from '../../lib/paging.js';
import { deleteFile, readFile, saveFile } from '../../lib/storage.js';
import type { Actor } from '../../plugins/auth.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { countersServe, countOverdueProjects, projectCountRows } from './project-counts.js';
import {
  can,
  canChangeNote,
  canChangeTimeEntry,
  editableFields,
  visibleProjects,
} from './projects.policy.js';

/* ─────────────────────────────── effects published after commit ─────────────────────────────── */

/**
 * What a write wants pushed once its transaction has committed: stored notifications,
 * users whose navigation badges / project views changed, and whether admins are affected.
 */
export interface ProjectEffects {
  notifications: Awaited<ReturnType<typeof createNotifications>>;
  /** Users whose project views changed (refetch on `project:changed`). */
  users: Set<string>;
  /** Users whose active-project count may have changed (refetch on `nav:badges`). */
  badgeUsers: Set<string>;
  /** Admins see every project: tell them too. */
  admins: boolean;
  projectId: string;
}

function newEffects(projectId: string): ProjectEffects {
  return { notifications: [], users: new Set(), badgeUsers: new Set(), admins: true, projectId };
}

/** Everyone who sees a project: its team and its client's portal users. */
async function audienceOf(db: Db | Tx, projectId: string, clientId: string): Promise<string[]> {
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

/* ─────────────────────────────── helpers ─────────────────────────────── */

type Input<T extends z.ZodType> = z.output<T>;

/** Today's calendar date in the agency's time zone (`YYYY-MM-DD`). */
export function todayInAgency(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIMEZONE }).format(now);
}

const hoursOf = (minutes: number) => minutes / 60;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** `%`, `_` and `\` escaped for ILIKE. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const summaryColumns = {
  id: projects.id,
  title: projects.title,
  description: projects.description,
  status: projects.status,
  priority: projects.priority,
  category: projects.category,
  progressPercentage: projects.progressPercentage,
  startDate: projects.startDate,
  estimatedEndDate: projects.estimatedEndDate,
  actualEndDate: projects.actualEndDate,
  approvedBudgetCents: projects.approvedBudgetCents,
  spentCents: projects.spentCents,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
  clientId: projects.clientId,
  clientCompanyName: clients.companyName,
  clientFirstName: clients.firstName,
  clientLastName: clients.lastName,
  clientAvatar: clients.avatar,
  teamCount: sql<number>`(select count(*)::int from ${projectMembers} where ${projectMembers.projectId} = ${projects.id})`,
};

function baseSummaryQuery(db: Db | Tx) {
  return db.select(summaryColumns).from(projects).innerJoin(clients, eq(clients.id, projects.clientId));
}
type SummaryRow = Awaited<ReturnType<typeof baseSummaryQuery>>[number];

function toSummary(r: SummaryRow): ProjectSummary {
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
    approvedBudget: r.approvedBudgetCents === null ? null : fromCents(r.approvedBudgetCents),
    spent: fromCents(r.spentCents),
    teamCount: Number(r.teamCount),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Selects project summaries visible to `actor` matching `where`. */
export async function selectSummaries(
  db: Db | Tx,
  actor: Actor,
  where: SQL | undefined,
  opts: { orderBy?: SQL[]; limit?: number; offset?: number } = {},
): Promise<ProjectSummary[]> {
  let q = baseSummaryQuery(db)
    .where(and(visibleProjects(actor), where))
    .orderBy(...(opts.orderBy ?? [desc(projects.updatedAt), desc(projects.id)]))
    .$dynamic();
  if (opts.limit) q = q.limit(opts.limit);
  if (opts.offset) q = q.offset(opts.offset);
  const rows: SummaryRow[] = await q;
  return rows.map(toSummary);
}

const countOf = sql<number>`count(*)::int`.mapWith(Number);

/** The project row if `actor` may see it, else 404 (also for other clients' projects). */
async function loadVisible(db: Db | Tx, actor: Actor, id: string) {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), visibleProjects(actor)))
    .limit(1);
  if (!row) throw notFound('Proyecto no encontrado');
  return row;
}

/* ─────────────────────────────── reads ─────────────────────────────── */

/**
 * Ids of the clients whose company or contact name matches the `ILIKE` pattern `p`, as a list of
 * one id array (none when no client matches). The project searches take the client's name as
 * literal ids, not as a join or sub-select: with literal ids every branch of the `OR` reads an
 * index of `projects` (trigram on title/description, b-tree on client_id) and PostgreSQL
 * combines them in a BitmapOr (decision 104); with a sub-select it walked the whole list order
 * (460 ms for a rare term at 100,000 projects, 0.4 ms with literal ids).
 */
async function clientIdsMatching(db: Db | Tx, p: string): Promise<string[][]> {
  const rows = await db
    .select({ id: clients.id })
    .from(clients)
    .where(
      or(ilike(clients.companyName, p), ilike(sql`${clients.firstName} || ' ' || ${clients.lastName}`, p)),
    )
    .limit(1000);
  return rows.length ? [rows.map((r) => r.id)] : [];
}

/** ORDER BY of each `sort` of `GET /projects`; `id` breaks ties so pages never overlap. */
const PROJECT_ORDER: Record<ProjectSort, SQL[]> = {
  recent: [desc(projects.createdAt), desc(projects.id)],
  updated: [desc(projects.updatedAt), desc(projects.id)],
  title: [asc(projects.title), asc(projects.id)],
  due: [sql`${projects.estimatedEndDate} asc nulls last`, desc(projects.id)],
};

/**
 * `GET /projects`: one page of the visible projects filtered by status, category, priority,
 * client and a search over title, description and client name (case-insensitive), in the
 * `sort` order (default newest first). `total` counts the matching projects the caller sees, up
 * to the cap (`totalCapped: true` past it, decision 113).
 */
export async function listProjects({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: z.output<typeof ListProjectsQuerySchema>;
}): Promise<ListProjectsResponse> {
  const conditions: SQL[] = [];
  if (input.status) conditions.push(eq(projects.status, input.status));
  if (input.category) conditions.push(eq(projects.category, input.category));
  if (input.priority) conditions.push(eq(projects.priority, input.priority));
  if (input.clientId) conditions.push(eq(projects.clientId, input.clientId));
  if (input.search) {
    const p = likePattern(input.search);
    conditions.push(
      or(
        ilike(projects.title, p),
        ilike(projects.description, p),
        ...(await clientIdsMatching(db, p)).map((ids) => inArray(projects.clientId, ids)),
      ) as SQL,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  // The total is counted up to the cap (decision 113): an exact count of 100,000 visible
  // projects costs more than the page itself.
  const page = await pagedSelect(db, input, {
    table: projects,
    where: and(visibleProjects(actor), where),
    cap: listTotalCap(),
    // The page's ids first (an index walk of `projects` alone), then the summaries of those 20:
    // the client join and team count run for the page, not for every skipped row (a deep page
    // skipped 19,980 of them, decision 104).
    rows: (window) =>
      selectSummaries(
        db,
        actor,
        inArray(
          projects.id,
          db
            .select({ id: projects.id })
            .from(projects)
            .where(and(visibleProjects(actor), where))
            .orderBy(...PROJECT_ORDER[input.sort])
            .limit(window.limit)
            .offset(window.offset),
        ),
        { orderBy: PROJECT_ORDER[input.sort] },
      ),
  });
  return { projects: page.rows, pagination: page.pagination };
}

/**
 * `GET /projects/options`: up to `limit` visible projects for a picker, title A–Z, matching
 * `search` on the title or the client's name; `clientId` narrows to one client (staff holding
 * `clients.read` then see all of that client's projects, decision 072), `id` answers
 * that project alone (empty when the caller may not see it). Label = title, description = client.
 */
export async function listProjectOptions({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: z.output<typeof ProjectOptionsQuerySchema>;
}): Promise<Option[]> {
  // Staff who may read clients see every project of a chosen client, as `GET /clients/{id}/projects`
  // does (decision 072: a ticket for a client the employee does not work with).
  const wholeClient =
    Boolean(input.clientId) && actor.role !== 'client' && hasPermission(actor, 'clients.read');
  const conditions: (SQL | undefined)[] = [wholeClient ? isNull(projects.deletedAt) : visibleProjects(actor)];
  if (input.id) conditions.push(eq(projects.id, input.id));
  if (input.clientId) conditions.push(eq(projects.clientId, input.clientId));
  if (input.search) {
    const p = likePattern(input.search);
    conditions.push(
      or(
        ilike(projects.title, p),
        ...(await clientIdsMatching(db, p)).map((ids) => inArray(projects.clientId, ids)),
      ),
    );
  }
  const rows = await db
    .select({
      id: projects.id,
      title: projects.title,
      companyName: clients.companyName,
      firstName: clients.firstName,
      lastName: clients.lastName,
    })
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(and(...conditions))
    .orderBy(asc(projects.title), asc(projects.id))
    .limit(input.limit);
  return rows.map((r) => ({ value: r.id, label: r.title, description: projectClientName(r) }));
}

/**
 * `GET /projects/{id}`: the project with team, milestones and meetings, the number of notes and
 * files, and the time summary (SQL aggregates); the notes, files and time log themselves are paged
 * by `GET /projects/{id}/notes|files|time-entries` (issue 14). Clients never receive internal
 * notes (nor count them), non-billable time or the internal cost (decision record 032).
 * Throws 404 'Proyecto no encontrado' when the caller may not see the project.
 */
export async function getProject({
  db,
  actor,
  id,
}: {
  db: Db | Tx;
  actor: Actor;
  id: string;
}): Promise<ProjectDetail> {
  const [summary] = await selectSummaries(db, actor, eq(projects.id, id));
  if (!summary) throw notFound('Proyecto no encontrado');
  const isClient = actor.role === 'client';

  const team = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      avatar: users.avatar,
      role: projectMembers.role,
      userRole: users.role,
    })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, id))
    .orderBy(asc(projectMembers.addedAt), asc(users.firstName));

  const milestones = await db
    .select()
    .from(projectMilestones)
    .where(eq(projectMilestones.projectId, id))
    .orderBy(asc(projectMilestones.order), asc(projectMilestones.createdAt));

  // The tabs page through notes, files and time on their own endpoints; the detail carries
  // their counts and the time summary as SQL aggregates, so it costs the same at any size.
  const noteCondition = and(
    eq(projectNotes.projectId, id),
    isClient ? eq(projectNotes.isInternal, false) : undefined,
  );
  const [notesCount] = await db.select({ n: countOf }).from(projectNotes).where(noteCondition);
  const [filesCount] = await db
    .select({ n: countOf })
    .from(files)
    .where(and(eq(files.ownerType, 'project'), eq(files.ownerId, id)));

  const meetings = await db
    .select()
    .from(projectMeetings)
    .where(eq(projectMeetings.projectId, id))
    .orderBy(desc(projectMeetings.date));
  const attendeeIds = [...new Set(meetings.flatMap((m) => m.attendeeIds))];
  const attendeeRows = attendeeIds.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, attendeeIds))
    : [];
  const attendeeById = new Map(attendeeRows.map((a) => [a.id, a]));

  // One row per member who logged time: minutes in all, billable minutes and entries; members
  // in the order of their latest entry (the order the time log shows them).
  const perMember = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      minutes: sql<number>`coalesce(sum(${projectTimeEntries.minutes}), 0)::int`.mapWith(Number),
      billableMinutes:
        sql<number>`coalesce(sum(${projectTimeEntries.minutes}) filter (where ${projectTimeEntries.billable}), 0)::int`.mapWith(
          Number,
        ),
      entries: countOf,
    })
    .from(projectTimeEntries)
    .innerJoin(users, eq(users.id, projectTimeEntries.userId))
    .where(
      and(eq(projectTimeEntries.projectId, id), isClient ? eq(projectTimeEntries.billable, true) : undefined),
    )
    .groupBy(users.id, users.firstName, users.lastName)
    .orderBy(
      sql`max(${projectTimeEntries.date}) desc`,
      sql`max(${projectTimeEntries.createdAt}) desc`,
      asc(users.id),
    );

  const totalMinutes = perMember.reduce((s, m) => s + m.minutes, 0);
  const billableMinutes = perMember.reduce((s, m) => s + m.billableMinutes, 0);
  const entries = perMember.reduce((s, m) => s + m.entries, 0);
  let internalCost: number | undefined;
  if (!isClient) {
    const settings = await getCompanySettings(db);
    internalCost = fromCents(divRoundHalfUp(totalMinutes * settings.defaultProjectHourlyRate * 100, 60));
  }

  return {
    ...summary,
    team: team.map((m) => ({
      _id: m.id,
      firstName: m.firstName,
      lastName: m.lastName,
      email: m.email,
      avatar: m.avatar,
      role: m.role,
      userRole: m.userRole,
    })),
    milestones: milestones.map(toMilestone),
    notesTotal: notesCount?.n ?? 0,
    meetings: meetings.map((m) => toMeeting(m, attendeeById)),
    filesTotal: filesCount?.n ?? 0,
    timeSummary: {
      totalHours: hoursOf(totalMinutes),
      billableHours: hoursOf(billableMinutes),
      entries,
      ...(internalCost === undefined ? {} : { internalCost }),
      byMember: perMember.map((m) => ({
        _id: m.userId,
        firstName: m.firstName,
        lastName: m.lastName,
        hours: hoursOf(m.minutes),
      })),
    },
    allowedTransitions: allowedProjectTransitions(summary.status, actor.role),
  };
}

/* ─────────────────────────────── paginated sub-lists (issue 14) ─────────────────────────────── */

type SubListQuery = z.output<typeof ProjectSubListQuerySchema>;

/**
 * `GET /projects/{id}/notes`: one page of the notes, newest first (ties on id). Clients never get
 * internal notes (decision 032), nor count them. 404 when the caller may not see the project.
 */
export async function listProjectNotes({
  db,
  actor,
  id,
  input,
}: {
  db: Db;
  actor: Actor;
  id: string;
  input: SubListQuery;
}) {
  await loadVisible(db, actor, id);
  const cond = and(
    eq(projectNotes.projectId, id),
    actor.role === 'client' ? eq(projectNotes.isInternal, false) : undefined,
  );
  const { rows, pagination } = await pagedSelect(db, input, {
    table: projectNotes,
    where: cond,
    rows: ({ limit, offset }) =>
      db
        .select({
          id: projectNotes.id,
          content: projectNotes.content,
          isInternal: projectNotes.isInternal,
          createdAt: projectNotes.createdAt,
          editedAt: projectNotes.editedAt,
          authorId: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          role: users.role,
        })
        .from(projectNotes)
        .leftJoin(users, eq(users.id, projectNotes.authorId))
        .where(cond)
        .orderBy(desc(projectNotes.createdAt), desc(projectNotes.id))
        .limit(limit)
        .offset(offset),
  });
  return {
    notes: rows.map(
      (n): ProjectNote => ({
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
      }),
    ),
    pagination,
  };
}

/**
 * `GET /projects/{id}/time-entries`: one page of the time log, latest date first (then newest,
 * then id). Clients get billable time only. 404 when the caller may not see the project.
 */
export async function listProjectTimeEntries({
  db,
  actor,
  id,
  input,
}: {
  db: Db;
  actor: Actor;
  id: string;
  input: SubListQuery;
}) {
  await loadVisible(db, actor, id);
  const cond = and(
    eq(projectTimeEntries.projectId, id),
    actor.role === 'client' ? eq(projectTimeEntries.billable, true) : undefined,
  );
  const { rows, pagination } = await pagedSelect(db, input, {
    table: projectTimeEntries,
    where: cond,
    rows: ({ limit, offset }) =>
      db
        .select({
          id: projectTimeEntries.id,
          minutes: projectTimeEntries.minutes,
          description: projectTimeEntries.description,
          date: projectTimeEntries.date,
          billable: projectTimeEntries.billable,
          createdAt: projectTimeEntries.createdAt,
          userId: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          invoiceId: invoices.id,
          invoiceNumber: invoices.invoiceNumber,
        })
        .from(projectTimeEntries)
        .innerJoin(users, eq(users.id, projectTimeEntries.userId))
        .leftJoin(invoices, eq(invoices.id, projectTimeEntries.invoiceId))
        .where(cond)
        .orderBy(
          desc(projectTimeEntries.date),
          desc(projectTimeEntries.createdAt),
          desc(projectTimeEntries.id),
        )
        .limit(limit)
        .offset(offset),
  });
  return {
    timeEntries: rows.map(
      (t): TimeEntry => ({
        _id: t.id,
        user: { _id: t.userId, firstName: t.firstName, lastName: t.lastName },
        hours: hoursOf(t.minutes),
        description: t.description,
        date: t.date,
        billable: t.billable,
        createdAt: t.createdAt.toISOString(),
        // Staff only: a client never learns of drafts through the time log (decision 115).
        invoice:
          actor.role !== 'client' && t.invoiceId && t.invoiceNumber
            ? { _id: t.invoiceId, invoiceNumber: t.invoiceNumber }
            : null,
      }),
    ),
    pagination,
  };
}

/** `GET /projects/{id}/files`: one page of the project's files, newest first. 404 when not visible. */
export async function listProjectFiles({
  db,
  actor,
  id,
  input,
}: {
  db: Db;
  actor: Actor;
  id: string;
  input: SubListQuery;
}) {
  await loadVisible(db, actor, id);
  const cond = and(eq(files.ownerType, 'project'), eq(files.ownerId, id));
  const { rows, pagination } = await pagedSelect(db, input, {
    table: files,
    where: cond,
    rows: ({ limit, offset }) =>
      db
        .select({
          id: files.id,
          filename: files.filename,
          contentType: files.contentType,
          sizeBytes: files.sizeBytes,
          createdAt: files.createdAt,
          uploaderId: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(files)
        .leftJoin(users, eq(users.id, files.uploadedBy))
        .where(cond)
        .orderBy(desc(files.createdAt), desc(files.id))
        .limit(limit)
        .offset(offset),
  });
  return {
    files: rows.map(
      (f): ProjectFile => ({
        _id: f.id,
        filename: f.filename,
        contentType: f.contentType,
        size: f.sizeBytes,
        uploadedBy: f.uploaderId
          ? { _id: f.uploaderId, firstName: f.firstName!, lastName: f.lastName! }
          : null,
        createdAt: f.createdAt.toISOString(),
      }),
    ),
    pagination,
  };
}

function toMilestone(m: typeof projectMilestones.$inferSelect): Milestone {
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

function toMeeting(
  m: typeof projectMeetings.$inferSelect,
  attendeeById: Map<string, { id: string; firstName: string; lastName: string }>,
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

/**
 * `GET /projects/stats`: aggregates over the visible projects. Admins and clients: the counters
 * kept by the writes plus an index-only count of the overdue ones (decision 122); employees (team
 * scope): one aggregate over their projects. `overdue` = not final and estimated end date before
 * today. Money in major units.
 */
export async function getProjectStats({ db, actor }: { db: Db; actor: Actor }): Promise<ProjectStats> {
  const today = todayInAgency();
  const rows = countersServe(actor)
    ? await countedProjectStats(db, actor, today)
    : await db
        .select({
          status: projects.status,
          n: sql<number>`count(*)::int`,
          budget: sql<string>`coalesce(sum(${projects.approvedBudgetCents}), 0)::text`,
          spent: sql<string>`coalesce(sum(${projects.spentCents}), 0)::text`,
          progress: sql<number>`coalesce(sum(${projects.progressPercentage}), 0)::int`,
          overdue: sql<number>`(count(*) filter (where ${projects.estimatedEndDate} < ${today}::date and ${projects.status} not in ('completed','cancelled')))::int`,
        })
        .from(projects)
        .where(visibleProjects(actor))
        .groupBy(projects.status);
  const byStatus = Object.fromEntries(PROJECT_STATUSES.map((s) => [s, 0])) as Record<ProjectStatus, number>;
  let total = 0;
  let budget = 0;
  let spent = 0;
  let progress = 0;
  let overdue = 0;
  for (const r of rows) {
    byStatus[r.status] = Number(r.n);
    total += Number(r.n);
    budget += Number(r.budget);
    spent += Number(r.spent);
    progress += Number(r.progress);
    overdue += Number(r.overdue);
  }
  return {
    total,
    active: ACTIVE_PROJECT_STATUSES.reduce((s, st) => s + byStatus[st], 0),
    completed: byStatus.completed,
    overdue,
    byStatus,
    totalBudget: fromCents(budget),
    totalSpent: fromCents(spent),
    avgProgress: total ? Math.round(progress / total) : 0,
  };
}

/**
 * The rows `getProjectStats` sums, for admins and clients, from the counters (decision 122): per
 * status the count and the sums (budget and spent in centavos); the overdue count, which depends
 * on today's date, is carried on the first row.
 */
async function countedProjectStats(db: Db, actor: Actor, today: string) {
  const rows = await projectCountRows(db, actor);
  // Every overdue project is live, so it is counted in some row: never lost on an empty list.
  const overdue = await countOverdueProjects(db, actor, today);
  return rows.map((r, i) => ({
    status: r.status,
    n: r.n,
    budget: String(r.budgetCents),
    spent: String(r.spentCents),
    progress: r.progressSum,
    overdue: i === 0 ? overdue : 0,
  }));
}

/* ─────────────────────────────── writes ─────────────────────────────── */

interface WriteArgs<T> {
  db: Db;
  actor: Actor;
  ctx: AuditContext;
  input: T;
}

async function assertClientExists(db: Db | Tx, clientId: string) {
  const [c] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, clientId), isNull(clients.archivedAt)))
    .limit(1);
  if (!c) throw badRequest('El cliente no existe', [{ field: 'clientId', message: 'El cliente no existe' }]);
}

/** Team members must be active staff (admin or employee). */
async function assertStaff(db: Db | Tx, userIds: string[]) {
  if (!userIds.length) return;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(inArray(users.id, userIds), inArray(users.role, ['admin', 'employee']), eq(users.status, 'active')),
    );
  if (rows.length !== new Set(userIds).size) {
    throw badRequest('El equipo solo puede incluir personal activo de la agencia', [
      { field: 'team', message: 'Miembro inválido' },
    ]);
  }
}

async function notifyAssigned(
  tx: Tx,
  effects: ProjectEffects,
  actor: Actor,
  project: { id: string; title: string },
  userIds: string[],
) {
  if (!userIds.length) return;
  effects.notifications.push(
    ...(await createNotifications(tx, {
      userIds,
      exceptUserId: actor.id,
      topic: 'projectAssigned',
      title: 'Nuevo proyecto asignado',
      message: `Te asignaron al proyecto «${project.title}».`,
      link: `/projects/${project.id}`,
    })),
  );
}

/** Status side effects: completed → progress 100 and actual end today; leaving completed clears it. */
function statusSideEffects(from: ProjectStatus | null, to: ProjectStatus, startDate: string | null) {
  const patch: Partial<typeof projects.$inferInsert> = {};
  if (to === 'completed') {
    patch.progressPercentage = 100;
    patch.actualEndDate = todayInAgency();
  } else if (from === 'completed') {
    patch.actualEndDate = null;
  }
  if (to === 'in_progress' && !startDate) patch.startDate = todayInAgency();
  return patch;
}

/** `POST /projects` (admin): creates the project and its team; notifies assigned members. */
export async function createProject({
  db,
  actor,
  ctx,
  input,
}: WriteArgs<Input<typeof CreateProjectRequestSchema>>): Promise<{
  project: ProjectDetail;
  effects: ProjectEffects;
}> {
  if (!can(actor.role, 'create')) throw forbidden('Solo un administrador puede crear proyectos.');
  await assertClientExists(db, input.clientId);
  await assertStaff(
    db,
    input.team.map((m) => m.userId),
  );
  return db.transaction(async (tx) => {
    const side = statusSideEffects(null, input.status, input.startDate);
    const [row] = await tx
      .insert(projects)
      .values({
        title: input.title,
        description: input.description,
        clientId: input.clientId,
        status: input.status,
        priority: input.priority,
        category: input.category,
        progressPercentage: input.progressPercentage,
        startDate: input.startDate,
        estimatedEndDate: input.estimatedEndDate,
        approvedBudgetCents: input.approvedBudget === null ? null : toCents(input.approvedBudget),
        spentCents: toCents(input.spent),
        createdBy: actor.id,
        ...side,
      })
      .returning();
    const project = row!;
    if (input.team.length) {
      await tx
        .insert(projectMembers)
        .values(input.team.map((m) => ({ projectId: project.id, userId: m.userId, role: m.role })));
    }
    const effects = newEffects(project.id);
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'project.created',
      entityType: 'project',
      entityId: project.id,
      clientId: project.clientId,
      projectId: project.id,
      title: `Proyecto creado: ${project.title}`,
    });
    await audit(tx, ctx, 'project.created', { type: 'project', id: project.id });
    await notifyAssigned(
      tx,
      effects,
      actor,
      project,
      input.team.map((m) => m.userId),
    );
    for (const u of await audienceOf(tx, project.id, project.clientId)) {
      effects.users.add(u);
      effects.badgeUsers.add(u);
    }
    return { project: await getProject({ db: tx, actor, id: project.id }), effects };
  });
}

/**
 * `PUT /projects/{id}`. Admin: any field. Employee on the team: status, progress, description
 * (403 otherwise). Status moves follow the shared transition table (409 when not allowed).
 */
export async function updateProject({
  db,
  actor,
  ctx,
  id,
  input,
}: WriteArgs<Input<typeof UpdateProjectRequestSchema>> & { id: string }): Promise<{
  project: ProjectDetail;
  effects: ProjectEffects;
}> {
  const current = await loadVisible(db, actor, id);
  if (!can(actor.role, 'update')) throw forbidden('No tienes permisos para editar este proyecto.');
  const allowed = editableFields(actor.role);
  const sent = Object.entries(input)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  if (allowed) {
    const extra = sent.filter((k) => !allowed.includes(k));
    if (extra.length) throw forbidden(`Solo un administrador puede cambiar: ${extra.join(', ')}.`);
  }
  if (input.status && !canTransitionProject(current.status, input.status, actor.role)) {
    throw conflict(
      `No se puede cambiar el estado de «${PROJECT_STATUS_LABELS[current.status]}» a «${PROJECT_STATUS_LABELS[input.status]}».`,
    );
  }
  if (
    (current.status === 'completed' || current.status === 'cancelled') &&
    actor.role !== 'admin' &&
    sent.length
  ) {
    throw conflict('El proyecto está cerrado; solo un administrador puede reabrirlo.');
  }
  const startDate = input.startDate !== undefined ? input.startDate : current.startDate;
  const endDate = input.estimatedEndDate !== undefined ? input.estimatedEndDate : current.estimatedEndDate;
  if (startDate && endDate && endDate < startDate) {
    throw badRequest('La fecha estimada de fin no puede ser anterior a la de inicio', [
      { field: 'estimatedEndDate', message: 'La fecha estimada de fin no puede ser anterior a la de inicio' },
    ]);
  }
  if (input.clientId) await assertClientExists(db, input.clientId);
  if (input.team)
    await assertStaff(
      db,
      input.team.map((m) => m.userId),
    );

  return db.transaction(async (tx) => {
    const effects = newEffects(id);
    const before = await audienceOf(tx, id, current.clientId);
    const statusChanged = input.status !== undefined && input.status !== current.status;
    const patch: Partial<typeof projects.$inferInsert> = { updatedAt: new Date() };
    if (input.title !== undefined) patch.title = input.title;
    if (input.description !== undefined) patch.description = input.description;
    if (input.clientId !== undefined) patch.clientId = input.clientId;
    if (input.priority !== undefined) patch.priority = input.priority;
    if (input.category !== undefined) patch.category = input.category;
    if (input.progressPercentage !== undefined) patch.progressPercentage = input.progressPercentage;
    if (input.startDate !== undefined) patch.startDate = input.startDate;
    if (input.estimatedEndDate !== undefined) patch.estimatedEndDate = input.estimatedEndDate;
    if (input.approvedBudget !== undefined)
      patch.approvedBudgetCents = input.approvedBudget === null ? null : toCents(input.approvedBudget);
    if (input.spent !== undefined) patch.spentCents = toCents(input.spent);
    if (statusChanged && input.status) {
      patch.status = input.status;
      Object.assign(patch, statusSideEffects(current.status, input.status, startDate));
    }
    const [updated] = await tx.update(projects).set(patch).where(eq(projects.id, id)).returning();
    const project = updated!;

    let added: string[] = [];
    if (input.team) {
      const existing = await tx
        .select({ userId: projectMembers.userId })
        .from(projectMembers)
        .where(eq(projectMembers.projectId, id));
      const existingIds = new Set(existing.map((e) => e.userId));
      added = input.team.map((m) => m.userId).filter((u) => !existingIds.has(u));
      await tx.delete(projectMembers).where(eq(projectMembers.projectId, id));
      if (input.team.length) {
        await tx
          .insert(projectMembers)
          .values(input.team.map((m) => ({ projectId: id, userId: m.userId, role: m.role })));
      }
    }

    const changedFields = sent.filter((k) => k !== 'status');
    if (changedFields.length) {
      await recordActivity(tx, {
        actorId: actor.id,
        type: 'project.updated',
        entityType: 'project',
        entityId: id,
        clientId: project.clientId,
        projectId: id,
        title: `Proyecto actualizado: ${project.title}`,
        metadata: { fields: changedFields },
      });
    }
    if (statusChanged && input.status) {
      await recordActivity(tx, {
        actorId: actor.id,
        type: 'project.status_changed',
        entityType: 'project',
        entityId: id,
        clientId: project.clientId,
        projectId: id,
        title: `${project.title}: ${PROJECT_STATUS_LABELS[current.status]} → ${PROJECT_STATUS_LABELS[input.status]}`,
        metadata: { from: current.status, to: input.status },
      });
    }
    await audit(tx, ctx, 'project.updated', { type: 'project', id }, { fields: sent });

    const after = await audienceOf(tx, id, project.clientId);
    if (statusChanged && input.status) {
      effects.notifications.push(
        ...(await createNotifications(tx, {
          userIds: after,
          roles: ['admin'],
          exceptUserId: actor.id,
          topic: 'projectStatus',
          title: 'Cambio de estado de proyecto',
          message: `«${project.title}» pasó a ${PROJECT_STATUS_LABELS[input.status]}.`,
          link: `/projects/${id}`,
        })),
      );
    }
    await notifyAssigned(tx, effects, actor, project, added);
    for (const u of new Set([...before, ...after])) effects.users.add(u);
    if (statusChanged || input.team || input.clientId)
      for (const u of new Set([...before, ...after])) effects.badgeUsers.add(u);
    return { project: await getProject({ db: tx, actor, id }), effects };
  });
}

/** `DELETE /projects/{id}` (admin): soft delete (`deletedAt`); the rows stay for reports and audit. */
export async function deleteProject({
  db,
  actor,
  ctx,
  id,
}: Omit<WriteArgs<unknown>, 'input'> & { id: string }) {
  if (!can(actor.role, 'delete')) {
    await loadVisible(db, actor, id);
    throw forbidden('Solo un administrador puede eliminar proyectos.');
  }
  const current = await loadVisible(db, actor, id);
  return db.transaction(async (tx) => {
    const effects = newEffects(id);
    for (const u of await audienceOf(tx, id, current.clientId)) {
      effects.users.add(u);
      effects.badgeUsers.add(u);
    }
    await tx
      .update(projects)
      .set({ deletedAt: new Date(), updatedAt: new Date() })
      .where(eq(projects.id, id));
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'project.deleted',
      entityType: 'project',
      entityId: id,
      clientId: current.clientId,
      projectId: id,
      title: `Proyecto eliminado: ${current.title}`,
      isInternal: true,
    });
    await audit(tx, ctx, 'project.deleted', { type: 'project', id });
    return { effects };
  });
}

async function touch(tx: Tx, id: string) {
  await tx.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, id));
}

/** `POST /projects/{id}/milestones` (staff who see the project). Appended at the end of the order. */
export async function addMilestone({
  db,
  actor,
  ctx,
  id,
  input,
}: WriteArgs<Input<typeof CreateMilestoneRequestSchema>> & { id: string }) {
  const project = await loadVisible(db, actor, id);
  if (!can(actor.role, 'manageMilestones')) throw forbidden('Solo el equipo puede gestionar milestones.');
  return db.transaction(async (tx) => {
    const [max] = await tx
      .select({ n: sql<number>`coalesce(max(${projectMilestones.order}), -1)::int` })
      .from(projectMilestones)
      .where(eq(projectMilestones.projectId, id));
    const [row] = await tx
      .insert(projectMilestones)
      .values({
        projectId: id,
        title: input.title,
        description: input.description,
        dueDate: input.dueDate,
        status: input.status,
        completedAt: input.status === 'completed' ? new Date() : null,
        order: Number(max?.n ?? -1) + 1,
      })
      .returning();
    await touch(tx, id);
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'milestone.created',
      entityType: 'milestone',
      entityId: row!.id,
      clientId: project.clientId,
      projectId: id,
      title: `Nuevo hito en ${project.title}: ${row!.title}`,
    });
    await audit(tx, ctx, 'project.milestone.created', { type: 'milestone', id: row!.id });
    const effects = newEffects(id);
    for (const u of await audienceOf(tx, id, project.clientId)) effects.users.add(u);
    return { milestone: toMilestone(row!), effects };
  });
}

/** `PUT /projects/{id}/milestones/{milestoneId}`: completing stamps `completedAt`, reopening clears it. */
export async function updateMilestone({
  db,
  actor,
  ctx,
  id,
  milestoneId,
  input,
}: WriteArgs<Input<typeof UpdateMilestoneRequestSchema>> & { id: string; milestoneId: string }) {
  const project = await loadVisible(db, actor, id);
  if (!can(actor.role, 'manageMilestones')) throw forbidden('Solo el equipo puede gestionar milestones.');
  const [current] = await db
    .select()
    .from(projectMilestones)
    .where(and(eq(projectMilestones.id, milestoneId), eq(projectMilestones.projectId, id)))
    .limit(1);
  if (!current) throw notFound('Hito no encontrado');
  return db.transaction(async (tx) => {
    const patch: Partial<typeof projectMilestones.$inferInsert> = { updatedAt: new Date() };
    if (input.title !== undefined) patch.title = input.title;
    if (input.description !== undefined) patch.description = input.description;
    if (input.dueDate !== undefined) patch.dueDate = input.dueDate;
    if (input.order !== undefined) patch.order = input.order;
    const completing = input.status === 'completed' && current.status !== 'completed';
    if (input.status !== undefined) {
      patch.status = input.status;
      if (completing) patch.completedAt = new Date();
      else if (input.status !== 'completed') patch.completedAt = null;
    }
    const [row] = await tx
      .update(projectMilestones)
      .set(patch)
      .where(eq(projectMilestones.id, milestoneId))
      .returning();
    await touch(tx, id);
    await recordActivity(tx, {
      actorId: actor.id,
      type: completing ? 'milestone.completed' : 'milestone.updated',
      entityType: 'milestone',
      entityId: milestoneId,
      clientId: project.clientId,
      projectId: id,
      title: completing
        ? `Hito completado en ${project.title}: ${row!.title}`
        : `Hito actualizado en ${project.title}: ${row!.title}`,
    });
    await audit(tx, ctx, 'project.milestone.updated', { type: 'milestone', id: milestoneId });
    const effects = newEffects(id);
    for (const u of await audienceOf(tx, id, project.clientId)) effects.users.add(u);
    return { milestone: toMilestone(row!), effects };
  });
}

/**
 * `POST /projects/{id}/notes {content, isInternal}`. Clients may only post public comments
 * (403 for isInternal true). Internal notes make an internal activity entry.
 */
export async function addNote({
  db,
  actor,
  ctx,
  id,
  input,
}: WriteArgs<Input<typeof CreateProjectNoteRequestSchema>> & { id: string }) {
  const project = await loadVisible(db, actor, id);
  if (!can(actor.role, 'addNote')) throw forbidden();
  if (input.isInternal && !can(actor.role, 'addInternalNote')) {
    throw forbidden('Los clientes no pueden crear notas internas.');
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(projectNotes)
      .values({ projectId: id, authorId: actor.id, content: input.content, isInternal: input.isInternal })
      .returning();
    await touch(tx, id);
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'note.added',
      entityType: 'note',
      entityId: row!.id,
      clientId: project.clientId,
      projectId: id,
      title: input.isInternal
        ? `Nota interna en ${project.title}`
        : `${actor.firstName} comentó en ${project.title}`,
      isInternal: input.isInternal,
    });
    await audit(
      tx,
      ctx,
      'project.note.created',
      { type: 'note', id: row!.id },
      { isInternal: input.isInternal },
    );
    const effects = newEffects(id);
    const audience = await audienceOf(tx, id, project.clientId);
    for (const u of audience) effects.users.add(u);
    if (actor.role === 'client') {
      // A client's comment is a client message for the team (spec doc 2 §9 topics).
      const team = await tx
        .select({ id: projectMembers.userId })
        .from(projectMembers)
        .where(eq(projectMembers.projectId, id));
      effects.notifications.push(
        ...(await createNotifications(tx, {
          userIds: team.map((t) => t.id),
          exceptUserId: actor.id,
          topic: 'clientMessages',
          title: 'Nuevo comentario del cliente',
          message: `${actor.firstName} ${actor.lastName} comentó en «${project.title}».`,
          link: `/projects/${id}`,
          email: false,
        })),
      );
    }
    const note: ProjectNote = {
      _id: row!.id,
      content: row!.content,
      isInternal: row!.isInternal,
      author: { _id: actor.id, firstName: actor.firstName, lastName: actor.lastName, role: actor.role },
      createdAt: row!.createdAt.toISOString(),
      editedAt: null,
    };
    return { note, effects };
  });
}

/** Meeting attendees must be team members, client users of the project or admins (400 otherwise). */
async function assertAttendees(
  db: Db | Tx,
  project: { id: string; clientId: string },
  attendeeIds: string[],
) {
  if (!attendeeIds.length) return;
  const audience = new Set(await audienceOf(db, project.id, project.clientId));
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), inArray(users.id, attendeeIds)));
  for (const a of admins) audience.add(a.id);
  if (attendeeIds.some((a) => !audience.has(a))) {
    throw badRequest('Los asistentes deben ser del equipo o del cliente del proyecto', [
      { field: 'attendees', message: 'Asistente inválido' },
    ]);
  }
}

/** `POST /projects/{id}/meetings` (staff). Attendees must be team members, client users of the project or admins. */
export async function addMeeting({
  db,
  actor,
  ctx,
  id,
  input,
}: WriteArgs<Input<typeof CreateMeetingRequestSchema>> & { id: string }) {
  const project = await loadVisible(db, actor, id);
  if (!can(actor.role, 'manageMeetings')) throw forbidden('Solo el equipo puede agendar reuniones.');
  const attendeeIds = [...new Set(input.attendees)];
  await assertAttendees(db, project, attendeeIds);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(projectMeetings)
      .values({
        projectId: id,
        title: input.title,
        date: new Date(input.date),
        durationMinutes: input.duration,
        attendeeIds,
        notes: input.notes,
        link: input.link,
        createdBy: actor.id,
      })
      .returning();
    await touch(tx, id);
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'meeting.scheduled',
      entityType: 'meeting',
      entityId: row!.id,
      clientId: project.clientId,
      projectId: id,
      title: `Reunión agendada en ${project.title}: ${row!.title}`,
    });
    await audit(tx, ctx, 'project.meeting.created', { type: 'meeting', id: row!.id });
    const attendeeRows = attendeeIds.length
      ? await tx
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, attendeeIds))
      : [];
    const effects = newEffects(id);
    for (const u of await audienceOf(tx, id, project.clientId)) effects.users.add(u);
    return { meeting: toMeeting(row!, new Map(attendeeRows.map((a) => [a.id, a]))), effects };
  });
}

/** Time is logged for days that have happened (decision record 035): 400 for a future date. */
function assertNotFuture(date: string) {
  if (date > todayInAgency()) {
    throw badRequest('No se puede registrar tiempo en fechas futuras', [
      { field: 'date', message: 'No se puede registrar tiempo en fechas futuras' },
    ]);
  }
}

/**
 * `POST /projects/{id}/time-entries` (staff). Employees log their own time only; admins may
 * log for any team member. The user must be on the team (400 otherwise).
 */
export async function addTimeEntry({
  db,
  actor,
  ctx,
  id,
  input,
}: WriteArgs<Input<typeof CreateTimeEntryRequestSchema>> & { id: string }) {
  const project = await loadVisible(db, actor, id);
  if (!can(actor.role, 'logTime')) throw forbidden('Solo el equipo puede registrar tiempo.');
  const userId = input.userId ?? actor.id;
  if (userId !== actor.id && actor.role !== 'admin') {
    throw forbidden('Solo un administrador puede registrar tiempo de otro miembro.');
  }
  const [member] = await db
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, id), eq(projectMembers.userId, userId)))
    .limit(1);
  if (!member) {
    throw badRequest('El miembro no pertenece al equipo del proyecto', [
      { field: 'userId', message: 'El miembro no pertenece al equipo del proyecto' },
    ]);
  }
  const date = input.date ?? todayInAgency();
  assertNotFuture(date);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(projectTimeEntries)
      .values({
        projectId: id,
        userId,
        minutes: Math.round(input.hours * 60),
        description: input.description,
        date,
        billable: input.billable,
        createdBy: actor.id,
      })
      .returning();
    const [user] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, userId));
    await touch(tx, id);
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'time.logged',
      entityType: 'time_entry',
      entityId: row!.id,
      clientId: project.clientId,
      projectId: id,
      title: `${user!.firstName} registró ${input.hours} h en ${project.title}`,
      isInternal: !input.billable,
      metadata: { hours: input.hours },
    });
    await audit(tx, ctx, 'project.time.logged', { type: 'time_entry', id: row!.id }, { hours: input.hours });
    const effects = newEffects(id);
    for (const u of await audienceOf(tx, id, project.clientId)) effects.users.add(u);
    const timeEntry: TimeEntry = {
      _id: row!.id,
      user: { _id: userId, firstName: user!.firstName, lastName: user!.lastName },
      hours: hoursOf(row!.minutes),
      description: row!.description,
      date: row!.date,
      billable: row!.billable,
      createdAt: row!.createdAt.toISOString(),
    };
    return { timeEntry, effects };
  });
}

/* ───────────── corrections: edit and delete notes, time entries, meetings (decision 036) ───────────── */

/** Everyone who sees the project refetches it after the write (`project:changed`), admins too. */
async function audienceEffects(tx: Tx, project: { id: string; clientId: string }): Promise<ProjectEffects> {
  const effects = newEffects(project.id);
  for (const u of await audienceOf(tx, project.id, project.clientId)) effects.users.add(u);
  return effects;
}

/**
 * A note of project `id` as `actor` may see it (clients never see internal notes), with its
 * author; 404 when it does not exist, belongs to another project or is hidden from the caller.
 */
async function loadNote(db: Db | Tx, actor: Actor, id: string, noteId: string) {
  const [row] = await db
    .select({
      id: projectNotes.id,
      content: projectNotes.content,
      isInternal: projectNotes.isInternal,
      createdAt: projectNotes.createdAt,
      editedAt: projectNotes.editedAt,
      authorId: projectNotes.authorId,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
    })
    .from(projectNotes)
    .leftJoin(users, eq(users.id, projectNotes.authorId))
    .where(
      and(
        eq(projectNotes.id, noteId),
        eq(projectNotes.projectId, id),
        actor.role === 'client' ? eq(projectNotes.isInternal, false) : undefined,
      ),
    )
    .limit(1);
  if (!row) throw notFound('Comentario no encontrado');
  return row;
}

function toNote(n: Awaited<ReturnType<typeof loadNote>>): ProjectNote {
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
 * `PATCH /projects/{id}/notes/{noteId}`: the author corrects the content and, when staff, the
 * internal flag; stamps `editedAt`. 404 for a note the caller cannot see or of another project;
 * 403 for someone else's note, or a client asking for `isInternal: true`. An edit that changes
 * nothing answers the note as it is and writes nothing.
 */
export async function updateNote({
  db,
  actor,
  ctx,
  id,
  noteId,
  input,
}: WriteArgs<Input<typeof UpdateProjectNoteRequestSchema>> & { id: string; noteId: string }) {
  const project = await loadVisible(db, actor, id);
  const current = await loadNote(db, actor, id, noteId);
  if (!canChangeNote(actor, current, 'edit')) throw forbidden('Solo el autor puede editar este comentario.');
  if (input.isInternal && !can(actor.role, 'addInternalNote')) {
    throw forbidden('Los clientes no pueden crear notas internas.');
  }
  const content = input.content ?? current.content;
  const isInternal = input.isInternal ?? current.isInternal;
  if (content === current.content && isInternal === current.isInternal) {
    return { note: toNote(current), effects: { ...newEffects(id), admins: false } };
  }
  const fields = [
    ...(content !== current.content ? ['content'] : []),
    ...(isInternal !== current.isInternal ? ['isInternal'] : []),
  ];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(projectNotes)
      .set({ content, isInternal, editedAt: new Date() })
      .where(eq(projectNotes.id, noteId))
      .returning();
    if (!row) throw notFound('Comentario no encontrado'); // deleted meanwhile
    await touch(tx, id);
    // An internal note (also one turned internal now) makes an internal entry (decision 032).
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'note.updated',
      entityType: 'note',
      entityId: noteId,
      clientId: project.clientId,
      projectId: id,
      title: isInternal
        ? `Nota interna editada en ${project.title}`
        : `${actor.firstName} editó un comentario en ${project.title}`,
      isInternal,
      metadata: { fields },
    });
    await audit(tx, ctx, 'project.note.updated', { type: 'note', id: noteId }, { fields, isInternal });
    const note = toNote({
      ...current,
      content: row!.content,
      isInternal: row!.isInternal,
      editedAt: row!.editedAt,
    });
    return { note, effects: await audienceEffects(tx, project) };
  });
}

/**
 * `DELETE /projects/{id}/notes/{noteId}`: the author or an admin removes the note (a hard
 * delete: the text is gone, the audit log keeps who deleted which note). 404 as for edits;
 * 403 for someone else's note (non-admin).
 */
export async function deleteNote({
  db,
  actor,
  ctx,
  id,
  noteId,
}: Omit<WriteArgs<unknown>, 'input'> & { id: string; noteId: string }) {
  const project = await loadVisible(db, actor, id);
  const current = await loadNote(db, actor, id, noteId);
  if (!canChangeNote(actor, current, 'delete')) {
    throw forbidden('Solo el autor o un administrador puede eliminar este comentario.');
  }
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(projectNotes)
      .where(eq(projectNotes.id, noteId))
      .returning({ id: projectNotes.id });
    if (gone.length === 0) throw notFound('Comentario no encontrado'); // deleted meanwhile
    await touch(tx, id);
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'note.deleted',
      entityType: 'note',
      entityId: noteId,
      clientId: project.clientId,
      projectId: id,
      title: current.isInternal
        ? `Nota interna eliminada en ${project.title}`
        : `${actor.firstName} eliminó un comentario en ${project.title}`,
      isInternal: current.isInternal,
    });
    await audit(
      tx,
      ctx,
      'project.note.deleted',
      { type: 'note', id: noteId },
      { isInternal: current.isInternal, authorId: current.authorId },
    );
    return { effects: await audienceEffects(tx, project) };
  });
}

/** A time entry of project `id` with its member's name; 404 when missing or of another project. */
async function loadTimeEntry(db: Db | Tx, id: string, entryId: string) {
  const [row] = await db
    .select({
      entry: projectTimeEntries,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(projectTimeEntries)
    .innerJoin(users, eq(users.id, projectTimeEntries.userId))
    .where(and(eq(projectTimeEntries.id, entryId), eq(projectTimeEntries.projectId, id)))
    .limit(1);
  if (!row) throw notFound('Registro de tiempo no encontrado');
  return row;
}

/** Clients 403 before any lookup (same answer whether the entry exists); then 404; then ownership 403. */
async function loadChangeableTimeEntry(db: Db, actor: Actor, id: string, entryId: string) {
  const project = await loadVisible(db, actor, id);
  if (!can(actor.role, 'logTime')) throw forbidden('Solo el equipo puede modificar el tiempo registrado.');
  const found = await loadTimeEntry(db, id, entryId);
  if (!canChangeTimeEntry(actor, found.entry)) {
    throw forbidden('Solo puedes modificar tu propio tiempo registrado.');
  }
  if (found.entry.invoiceId) {
    throw conflict(
      'Este registro ya fue facturado: cancela o elimina el borrador de la factura para modificarlo.',
    );
  }
  return { project, ...found };
}

/**
 * `PATCH /projects/{id}/time-entries/{entryId}`: the member whose time it is, or an admin,
 * corrects hours, date (not in the future, 400) or description. Totals are computed on read,
 * so the project's time summary follows. 403 for clients and for another member's entry
 * (non-admin); 404 for an entry of another project.
 */
export async function updateTimeEntry({
  db,
  actor,
  ctx,
  id,
  entryId,
  input,
}: WriteArgs<Input<typeof UpdateTimeEntryRequestSchema>> & { id: string; entryId: string }) {
  const { project, entry, firstName, lastName } = await loadChangeableTimeEntry(db, actor, id, entryId);
  if (input.date !== undefined) assertNotFuture(input.date);
  const patch: Partial<typeof projectTimeEntries.$inferInsert> = {};
  if (input.hours !== undefined) patch.minutes = Math.round(input.hours * 60);
  if (input.description !== undefined) patch.description = input.description;
  if (input.date !== undefined) patch.date = input.date;
  const fields = Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(projectTimeEntries)
      .set(patch)
      .where(eq(projectTimeEntries.id, entryId))
      .returning();
    if (!row) throw notFound('Registro de tiempo no encontrado'); // deleted meanwhile
    const hours = hoursOf(row.minutes);
    await touch(tx, id);
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'time.updated',
      entityType: 'time_entry',
      entityId: entryId,
      clientId: project.clientId,
      projectId: id,
      title: `Registro de tiempo de ${firstName} corregido en ${project.title}: ${hours} h`,
      isInternal: !row!.billable,
      metadata: { fields, hours, previousHours: hoursOf(entry.minutes) },
    });
    await audit(
      tx,
      ctx,
      'project.time.updated',
      { type: 'time_entry', id: entryId },
      { fields, hours, previousHours: hoursOf(entry.minutes) },
    );
    const timeEntry: TimeEntry = {
      _id: row!.id,
      user: { _id: row!.userId, firstName, lastName },
      hours,
      description: row!.description,
      date: row!.date,
      billable: row!.billable,
      createdAt: row!.createdAt.toISOString(),
    };
    return { timeEntry, effects: await audienceEffects(tx, project) };
  });
}

/** `DELETE /projects/{id}/time-entries/{entryId}`: same rules as {@link updateTimeEntry}. */
export async function deleteTimeEntry({
  db,
  actor,
  ctx,
  id,
  entryId,
}: Omit<WriteArgs<unknown>, 'input'> & { id: string; entryId: string }) {
  const { project, entry, firstName } = await loadChangeableTimeEntry(db, actor, id, entryId);
  const hours = hoursOf(entry.minutes);
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(projectTimeEntries)
      .where(eq(projectTimeEntries.id, entryId))
      .returning({ id: projectTimeEntries.id });
    if (gone.length === 0) throw notFound('Registro de tiempo no encontrado'); // deleted meanwhile
    await touch(tx, id);
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'time.deleted',
      entityType: 'time_entry',
      entityId: entryId,
      clientId: project.clientId,
      projectId: id,
      title: `Registro de tiempo de ${firstName} eliminado en ${project.title}: ${hours} h`,
      isInternal: !entry.billable,
      metadata: { hours },
    });
    await audit(
      tx,
      ctx,
      'project.time.deleted',
      { type: 'time_entry', id: entryId },
      { hours, userId: entry.userId, date: entry.date },
    );
    return { effects: await audienceEffects(tx, project) };
  });
}

/** Staff check, then the meeting of project `id` (404 when missing or of another project). */
async function loadChangeableMeeting(db: Db, actor: Actor, id: string, meetingId: string) {
  const project = await loadVisible(db, actor, id);
  if (!can(actor.role, 'manageMeetings')) throw forbidden('Solo el equipo puede gestionar reuniones.');
  const [meeting] = await db
    .select()
    .from(projectMeetings)
    .where(and(eq(projectMeetings.id, meetingId), eq(projectMeetings.projectId, id)))
    .limit(1);
  if (!meeting) throw notFound('Reunión no encontrada');
  return { project, meeting };
}

/**
 * `PATCH /projects/{id}/meetings/{meetingId}` (staff who see the project): any create field with
 * the create rules (attendees from the project's audience, 400 otherwise). Clients 403.
 */
export async function updateMeeting({
  db,
  actor,
  ctx,
  id,
  meetingId,
  input,
}: WriteArgs<Input<typeof UpdateMeetingRequestSchema>> & { id: string; meetingId: string }) {
  const { project } = await loadChangeableMeeting(db, actor, id, meetingId);
  const attendeeIds = input.attendees ? [...new Set(input.attendees)] : undefined;
  if (attendeeIds) await assertAttendees(db, project, attendeeIds);
  const patch: Partial<typeof projectMeetings.$inferInsert> = {};
  if (input.title !== undefined) patch.title = input.title;
  if (input.date !== undefined) patch.date = new Date(input.date);
  if (input.duration !== undefined) patch.durationMinutes = input.duration;
  if (attendeeIds) patch.attendeeIds = attendeeIds;
  if (input.notes !== undefined) patch.notes = input.notes;
  if (input.link !== undefined) patch.link = input.link;
  const fields = Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(projectMeetings)
      .set(patch)
      .where(eq(projectMeetings.id, meetingId))
      .returning();
    if (!row) throw notFound('Reunión no encontrada'); // deleted meanwhile
    await touch(tx, id);
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'meeting.updated',
      entityType: 'meeting',
      entityId: meetingId,
      clientId: project.clientId,
      projectId: id,
      title: `Reunión actualizada en ${project.title}: ${row!.title}`,
      metadata: { fields },
    });
    await audit(tx, ctx, 'project.meeting.updated', { type: 'meeting', id: meetingId }, { fields });
    const attendeeRows = row!.attendeeIds.length
      ? await tx
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, row!.attendeeIds))
      : [];
    return {
      meeting: toMeeting(row!, new Map(attendeeRows.map((a) => [a.id, a]))),
      effects: await audienceEffects(tx, project),
    };
  });
}

/** `DELETE /projects/{id}/meetings/{meetingId}` (staff who see the project). Clients 403. */
export async function deleteMeeting({
  db,
  actor,
  ctx,
  id,
  meetingId,
}: Omit<WriteArgs<unknown>, 'input'> & { id: string; meetingId: string }) {
  const { project, meeting } = await loadChangeableMeeting(db, actor, id, meetingId);
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(projectMeetings)
      .where(eq(projectMeetings.id, meetingId))
      .returning({ id: projectMeetings.id });
    if (gone.length === 0) throw notFound('Reunión no encontrada'); // deleted meanwhile
    await touch(tx, id);
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'meeting.deleted',
      entityType: 'meeting',
      entityId: meetingId,
      clientId: project.clientId,
      projectId: id,
      title: `Reunión cancelada en ${project.title}: ${meeting.title}`,
    });
    await audit(
      tx,
      ctx,
      'project.meeting.deleted',
      { type: 'meeting', id: meetingId },
      { title: meeting.title },
    );
    return { effects: await audienceEffects(tx, project) };
  });
}

/** Maximum project file size: 10 MB (storage default). */
export const PROJECT_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** `POST /projects/{id}/files`: stores the file (type sniffed, 10 MB) for anyone who sees the project. */
export async function uploadProjectFile({
  db,
  actor,
  ctx,
  id,
  input,
}: WriteArgs<{ filename: string; data: Buffer }> & { id: string }) {
  const project = await loadVisible(db, actor, id);
  if (!can(actor.role, 'uploadFile')) throw forbidden();
  return db.transaction(async (tx) => {
    const saved = await saveFile(tx, {
      ownerType: 'project',
      ownerId: id,
      filename: input.filename,
      data: input.data,
      uploadedBy: actor.id,
      maxBytes: PROJECT_FILE_MAX_BYTES,
      userUpload: true,
    });
    await touch(tx, id);
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'file.uploaded',
      entityType: 'file',
      entityId: saved.id,
      clientId: project.clientId,
      projectId: id,
      title: `Archivo subido a ${project.title}: ${saved.filename}`,
    });
    await audit(tx, ctx, 'project.file.uploaded', { type: 'file', id: saved.id });
    const effects = newEffects(id);
    for (const u of await audienceOf(tx, id, project.clientId)) effects.users.add(u);
    const file: ProjectFile = {
      _id: saved.id,
      filename: saved.filename,
      contentType: saved.contentType,
      size: saved.sizeBytes,
      uploadedBy: { _id: actor.id, firstName: actor.firstName, lastName: actor.lastName },
      createdAt: saved.createdAt.toISOString(),
    };
    return { file, effects };
  });
}

/** A project file with its bytes, if the caller sees the project and the file belongs to it (404 otherwise). */
export async function readProjectFile({
  db,
  actor,
  id,
  fileId,
}: {
  db: Db;
  actor: Actor;
  id: string;
  fileId: string;
}) {
  await loadVisible(db, actor, id);
  const file = await readFile(db, fileId);
  if (file?.ownerType !== 'project' || file.ownerId !== id) throw notFound('Archivo no encontrado');
  return file;
}

/** `DELETE /projects/{id}/files/{fileId}`: admins any file, others their own uploads. */
export async function deleteProjectFile({
  db,
  actor,
  ctx,
  id,
  fileId,
}: Omit<WriteArgs<unknown>, 'input'> & { id: string; fileId: string }) {
  const project = await loadVisible(db, actor, id);
  const [file] = await db
    .select({ id: files.id, uploadedBy: files.uploadedBy, filename: files.filename })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.ownerType, 'project'), eq(files.ownerId, id)))
    .limit(1);
  if (!file) throw notFound('Archivo no encontrado');
  if (actor.role !== 'admin' && file.uploadedBy !== actor.id) {
    throw forbidden('Solo puedes eliminar los archivos que subiste.');
  }
  return db.transaction(async (tx) => {
    await deleteFile(tx, fileId);
    await touch(tx, id);
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'file.deleted',
      entityType: 'file',
      entityId: fileId,
      clientId: project.clientId,
      projectId: id,
      title: `Archivo eliminado de ${project.title}: ${file.filename}`,
    });
    await audit(tx, ctx, 'project.file.deleted', { type: 'file', id: fileId });
    const effects = newEffects(id);
    for (const u of await audienceOf(tx, id, project.clientId)) effects.users.add(u);
    return { effects };
  });
}
