import { z } from 'zod';
import { ProjectStatusSchema, ProjectSummarySchema } from './projects.js';

/** Dashboard list sizes and windows (spec doc 2 §9): 5 items, activity 7 days, ticket resolution 30 days. */
export const DASHBOARD_DEFAULTS = { listLimit: 5, activityDays: 7, ticketResolutionDays: 30 } as const;

/**
 * `GET /dashboard/stats` → `data` (spec doc 2 §3 "Dashboard stats"). Money in major units,
 * `avgProgress` rounded percent. Figures cover only what the caller may see; `clients` is
 * present for admins only. The tickets block is zero until a tickets provider is registered. A
 * client's `totalBudget` sums only the projects whose budget it may see (decision 145).
 */
export const DashboardStatsSchema = z.object({
  projects: z.object({
    totalProjects: z.number().int(),
    activeProjects: z.number().int(),
    totalBudget: z.number(),
    avgProgress: z.number().int(),
  }),
  tickets: z.object({ totalTickets: z.number().int(), openTickets: z.number().int() }),
  clients: z.object({ total: z.number().int(), registered: z.number().int() }).optional(),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

/** Tickets block of the dashboard stats. */
export type DashboardTicketStats = DashboardStats['tickets'];

/** `?limit` of the recent lists: 1–50, default 5. */
export const DashboardLimitQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(DASHBOARD_DEFAULTS.listLimit),
});
/** `?days` of the activity feed: 1–90, default 7. */
export const DashboardActivityQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(90).default(DASHBOARD_DEFAULTS.activityDays),
});
/** `?days` of the ticket resolution chart: 1–365, default 30. */
export const DashboardResolutionQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(365).default(DASHBOARD_DEFAULTS.ticketResolutionDays),
});

/** `GET /dashboard/recent-projects` → `data`. */
export const RecentProjectsResponseSchema = z.object({ projects: z.array(ProjectSummarySchema) });

/** A ticket as the dashboard's 'Tickets Recientes' shows it (filled by the tickets module). */
export const DashboardTicketSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  status: z.string(),
  priority: z.string(),
  client: z
    .object({ companyName: z.string().nullable(), firstName: z.string(), lastName: z.string() })
    .nullable(),
  project: z.object({ _id: z.uuid(), title: z.string() }).nullable(),
  reportedDate: z.string(),
});
export type DashboardTicket = z.infer<typeof DashboardTicketSchema>;
/** `GET /dashboard/recent-tickets` → `data` ([] until the tickets module plugs in). */
export const RecentTicketsResponseSchema = z.object({ tickets: z.array(DashboardTicketSchema) });

/** One activity-feed entry. `type` is dotted ("project.created", "milestone.completed" …). */
export const ActivityEntrySchema = z.object({
  _id: z.uuid(),
  type: z.string(),
  title: z.string(),
  entityType: z.string(),
  entityId: z.uuid().nullable(),
  projectId: z.uuid().nullable(),
  actor: z.object({ _id: z.uuid(), firstName: z.string(), lastName: z.string() }).nullable(),
  createdAt: z.string(),
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;
/** `GET /dashboard/activity` → `data` (newest first, at most 50). */
export const ActivityResponseSchema = z.object({ activities: z.array(ActivityEntrySchema) });

/** `GET /dashboard/project-progress` → `data`: active projects' progress and the status distribution. */
export const ProjectProgressResponseSchema = z.object({
  projects: z.array(
    z.object({
      _id: z.uuid(),
      title: z.string(),
      status: ProjectStatusSchema,
      progressPercentage: z.number().int(),
      estimatedEndDate: z.string().nullable(),
    }),
  ),
  byStatus: z.array(z.object({ status: ProjectStatusSchema, count: z.number().int() })),
});
export type ProjectProgress = z.infer<typeof ProjectProgressResponseSchema>;

/** `GET /dashboard/ticket-resolution` → `data`: opened/resolved per day over `days` (zeros until tickets exist). */
export const TicketResolutionSchema = z.object({
  days: z.number().int(),
  opened: z.number().int(),
  resolved: z.number().int(),
  avgResolutionHours: z.number().nullable(),
  series: z.array(z.object({ date: z.string(), opened: z.number().int(), resolved: z.number().int() })),
});
export type TicketResolution = z.infer<typeof TicketResolutionSchema>;

/**
 * Quick-action ids the server may send (spec doc 2 §3 "Quick action"); the web app maps each
 * to a route or a modal and ignores ids it does not know.
 */
export const QUICK_ACTION_IDS = [
  'new-project',
  'new-ticket',
  'new-client',
  'new-invoice',
  'new-event',
  'view-projects',
  'view-tickets',
  'view-calendar',
  'view-reports',
  'view-invoices',
  'log-time',
] as const;
export const QuickActionSchema = z.object({ id: z.string(), title: z.string() });
export type QuickAction = z.infer<typeof QuickActionSchema>;
/** `GET /dashboard/quick-actions` → `data`. */
export const QuickActionsResponseSchema = z.object({ actions: z.array(QuickActionSchema) });

/** Realtime event telling a client its dashboard figures changed (payload empty). */
export const DASHBOARD_CHANGED_EVENT = 'dashboard:changed';
