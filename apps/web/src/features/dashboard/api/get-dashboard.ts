import {
  type ActivityEntry,
  ActivityResponseSchema,
  DASHBOARD_DEFAULTS,
  type DashboardStats,
  DashboardStatsSchema,
  type DashboardTicket,
  type InvoiceSummary,
  ListInvoicesResponseSchema,
  type ProjectProgress,
  ProjectProgressResponseSchema,
  type ProjectSummary,
  type QuickAction,
  QuickActionsResponseSchema,
  RecentProjectsResponseSchema,
  RecentTicketsResponseSchema,
} from '@agencia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';

/** Query keys of the dashboard (all under 'dashboard' so one invalidation refreshes it). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: ['dashboard', 'stats'] as const,
  recentProjects: ['dashboard', 'recent-projects'] as const,
  recentTickets: ['dashboard', 'recent-tickets'] as const,
  activity: ['dashboard', 'activity'] as const,
  progress: ['dashboard', 'project-progress'] as const,
  quickActions: ['dashboard', 'quick-actions'] as const,
  recentInvoices: ['dashboard', 'recent-invoices'] as const,
};

async function get<T>(url: string, params?: Record<string, number>): Promise<T> {
  const response = await apiClient.get<SuccessEnvelope<T>>(url, { params });
  return response.data.data;
}

/**
 * `GET /dashboard/stats`: the figures that gate the dashboard. Its own options so the portal can
 * start the request with the page's code (`PORTAL_PAGES.dashboard`) rather than after it renders.
 */
export const dashboardStatsQuery = queryOptions({
  queryKey: dashboardKeys.stats,
  queryFn: async (): Promise<DashboardStats> => DashboardStatsSchema.parse(await get('/dashboard/stats')),
});

/** `GET /dashboard/stats`. */
export function useDashboardStats() {
  return useQuery(dashboardStatsQuery);
}

/** `GET /dashboard/recent-projects?limit=5`. */
export function useRecentProjects() {
  return useQuery({
    queryKey: dashboardKeys.recentProjects,
    queryFn: async (): Promise<ProjectSummary[]> =>
      RecentProjectsResponseSchema.parse(
        await get('/dashboard/recent-projects', { limit: DASHBOARD_DEFAULTS.listLimit }),
      ).projects,
  });
}

/** `GET /dashboard/recent-tickets?limit=5`. */
export function useRecentTickets() {
  return useQuery({
    queryKey: dashboardKeys.recentTickets,
    queryFn: async (): Promise<DashboardTicket[]> =>
      RecentTicketsResponseSchema.parse(
        await get('/dashboard/recent-tickets', { limit: DASHBOARD_DEFAULTS.listLimit }),
      ).tickets,
  });
}

/** `GET /dashboard/activity?days=7`. */
export function useActivity() {
  return useQuery({
    queryKey: dashboardKeys.activity,
    queryFn: async (): Promise<ActivityEntry[]> =>
      ActivityResponseSchema.parse(
        await get('/dashboard/activity', { days: DASHBOARD_DEFAULTS.activityDays }),
      ).activities,
  });
}

/** `GET /dashboard/project-progress`. */
export function useProjectProgress() {
  return useQuery({
    queryKey: dashboardKeys.progress,
    queryFn: async (): Promise<ProjectProgress> =>
      ProjectProgressResponseSchema.parse(await get('/dashboard/project-progress')),
  });
}

/** `GET /dashboard/quick-actions`. */
export function useQuickActions() {
  return useQuery({
    queryKey: dashboardKeys.quickActions,
    queryFn: async (): Promise<QuickAction[]> =>
      QuickActionsResponseSchema.parse(await get('/dashboard/quick-actions')).actions,
    staleTime: 30 * 60 * 1000,
  });
}

/**
 * 'Facturas Recientes' (spec doc 2 §9: 5 items): `GET /invoices?limit=5`, newest issue date first,
 * scoped by the server (a client sees only its own, never drafts). Only fetched when `enabled`.
 */
export function useRecentInvoices(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.recentInvoices,
    enabled,
    queryFn: async (): Promise<InvoiceSummary[]> =>
      ListInvoicesResponseSchema.parse(await get('/invoices', { limit: DASHBOARD_DEFAULTS.listLimit }))
        .invoices,
  });
}
