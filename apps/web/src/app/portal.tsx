/**
 * The signed-in area, loaded as one module the first time a portal route matches: the route
 * guard, the shell, the signed-in 404 and one loader per page. Vite writes, next to every dynamic
 * import, the list of chunks it preloads; kept in `routes.tsx`, the portal's lists weighed 3.5 KB
 * gzip on the public pages' entry chunk, the guard and the 404 another 0.8 KB (decision 134). The
 * shell was already loaded on the way to every portal page, so this adds no round trip.
 */
import { type ComponentType, type ReactNode, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { ServerPreferencesSync } from '../components/account/server-preferences-sync';
import { AccessDenied } from '../components/errors/access-denied';
import { NotFoundPage } from '../components/errors/not-found-page';
import { RouteGuard } from '../components/guard/route-guard';
import { OfflineBanner } from '../components/shell/offline-banner';
import { PortalShell } from '../components/shell/portal-shell';
import { FullPageLoader } from '../components/ui/page-loader';
import { dashboardStatsQuery } from '../features/dashboard/api/get-dashboard';
import { PushKeyRefresh } from '../features/profile/components/push-key-refresh';
import { registerServiceWorker } from '../lib/pwa';
import { useSessionStore } from '../stores/session-store';
import { queryClient } from './query-client';

/**
 * Registers the service worker once the portal is open (decision 169): the installable app, its
 * offline start and Web Push are the portal's, so the public pages never download its precache.
 */
function ServiceWorkerRegistration() {
  useEffect(() => {
    const id = window.setTimeout(() => void registerServiceWorker(), 2000);
    return () => window.clearTimeout(id);
  }, []);
  return null;
}

/**
 * Signed-in area: guard first (spinner / redirect), then the shell around the nested route or
 * `children`. The "Sin conexión" bar lives here, outside the guard, with the service worker whose
 * offline start it explains (decision 169), and so does the sync of the theme saved on the server
 * (decision 073), which matters once signed in: both kept out of the public pages' entry chunk
 * (their 150 KB budget, decisions 020 and 134).
 */
export function ProtectedLayout({ children }: { children?: ReactNode }) {
  return (
    <>
      <RouteGuard fallback={<FullPageLoader />}>
        <Suspense fallback={<FullPageLoader />}>
          <PortalShell>{children}</PortalShell>
        </Suspense>
        <ServiceWorkerRegistration />
        <PushKeyRefresh />
      </RouteGuard>
      <OfflineBanner />
      <ServerPreferencesSync />
    </>
  );
}

/** Management screens: admin only ('Acceso Denegado' for anyone else). */
export function AdminOnly() {
  return <RouteGuard requiredRole="admin" />;
}

/**
 * Staff screens (admins and employees): a client gets 'Acceso Denegado' — clients never see
 * expenses, costs or margins (decision 140).
 */
export function StaffOnly() {
  const role = useSessionStore((state) => state.user?.role);
  if (role === 'client') return <AccessDenied />;
  return <Outlet />;
}

/** Unknown path for a signed-in user: the 404 inside the shell (spec doc 1 §2). */
export function PortalNotFound() {
  return (
    <ProtectedLayout>
      <NotFoundPage />
    </ProtectedLayout>
  );
}

/** What a route's `lazy` resolves to here: the page component. */
type PageModule = Promise<{ Component: ComponentType }>;

/** Portal page loaders by route, for `portalPage()` in `routes.tsx`. */
export const PORTAL_PAGES = {
  dashboard: (): PageModule => {
    // The figures' request starts with the page's code, beside the session check, instead of after
    // the guard and the page have rendered (issue 32: the first load shows them within 1.5 s).
    if (useSessionStore.getState().token) void queryClient.prefetchQuery(dashboardStatsQuery);
    return import('../features/dashboard/pages/dashboard-page').then((m) => ({ Component: m.DashboardPage }));
  },
  projects: (): PageModule =>
    import('../features/projects/pages/projects-page').then((m) => ({ Component: m.ProjectsPage })),
  projectDetail: (): PageModule =>
    import('../features/projects/pages/project-detail-page').then((m) => ({
      Component: m.ProjectDetailPage,
    })),
  projectNew: (): PageModule =>
    import('../features/projects/pages/project-form-page').then((m) => ({ Component: m.ProjectNewPage })),
  projectEdit: (): PageModule =>
    import('../features/projects/pages/project-form-page').then((m) => ({ Component: m.ProjectEditPage })),
  myTasks: (): PageModule =>
    import('../features/tasks/pages/my-tasks-page').then((m) => ({ Component: m.MyTasksPage })),
  tickets: (): PageModule =>
    import('../features/tickets/pages/tickets-page').then((m) => ({ Component: m.TicketsPage })),
  ticketDetail: (): PageModule =>
    import('../features/tickets/pages/ticket-detail-page').then((m) => ({ Component: m.TicketDetailPage })),
  calendar: (): PageModule =>
    import('../features/calendar/pages/calendar-page').then((m) => ({ Component: m.CalendarPage })),
  eventDetail: (): PageModule =>
    import('../features/calendar/pages/event-detail-page').then((m) => ({ Component: m.EventDetailPage })),
  settings: (): PageModule =>
    import('../features/settings/pages/settings-page').then((m) => ({ Component: m.SettingsPage })),
  certification: (): PageModule =>
    import('../features/certification/pages/certification-page').then((m) => ({
      Component: m.CertificationPage,
    })),
  profile: (): PageModule =>
    import('../features/profile/pages/profile-page').then((m) => ({ Component: m.ProfilePage })),
  billing: (): PageModule =>
    import('../features/invoices/pages/billing-page').then((m) => ({ Component: m.BillingPage })),
  quotes: (): PageModule =>
    import('../features/quotes/pages/quotes-page').then((m) => ({ Component: m.QuotesPage })),
  quoteDetail: (): PageModule =>
    import('../features/quotes/pages/quote-detail-page').then((m) => ({ Component: m.QuoteDetailPage })),
  invoiceDetail: (): PageModule =>
    import('../features/invoices/pages/invoice-detail-page').then((m) => ({
      Component: m.InvoiceDetailPage,
    })),
  retainers: (): PageModule =>
    import('../features/retainers/pages/retainers-page').then((m) => ({ Component: m.RetainersPage })),
  receivedEcf: (): PageModule =>
    import('../features/received-ecf/pages/received-ecf-page').then((m) => ({
      Component: m.ReceivedEcfPage,
    })),
  bankReconciliation: (): PageModule =>
    import('../features/bank-reconciliation/pages/bank-reconciliation-page').then((m) => ({
      Component: m.BankReconciliationPage,
    })),
  expenses: (): PageModule =>
    import('../features/expenses/pages/expenses-page').then((m) => ({ Component: m.ExpensesPage })),
  suppliers: (): PageModule =>
    import('../features/expenses/pages/suppliers-page').then((m) => ({ Component: m.SuppliersPage })),
  clients: (): PageModule =>
    import('../features/clients/pages/clients-page').then((m) => ({ Component: m.ClientsPage })),
  clientDetail: (): PageModule =>
    import('../features/clients/pages/client-detail-page').then((m) => ({ Component: m.ClientDetailPage })),
  leads: (): PageModule =>
    import('../features/leads/pages/leads-page').then((m) => ({ Component: m.LeadsPage })),
  leadDetail: (): PageModule =>
    import('../features/leads/pages/lead-detail-page').then((m) => ({ Component: m.LeadDetailPage })),
  // Staff manage; a client reads and signs its own documents at the same addresses (decision 174).
  proposals: (): PageModule =>
    import('../features/proposals/pages/proposal-routes').then((m) => ({ Component: m.ProposalsRoute })),
  proposalDetail: (): PageModule =>
    import('../features/proposals/pages/proposal-routes').then((m) => ({ Component: m.ProposalRoute })),
  contractDetail: (): PageModule =>
    import('../features/proposals/pages/proposal-routes').then((m) => ({ Component: m.ContractRoute })),
  requests: (): PageModule =>
    import('../features/requests/pages/requests-page').then((m) => ({ Component: m.RequestsPage })),
  reports: (): PageModule =>
    import('../features/reports/pages/reports-page').then((m) => ({ Component: m.ReportsPage })),
  monthClose: (): PageModule =>
    import('../features/reports/pages/month-close-page').then((m) => ({ Component: m.MonthClosePage })),
  users: (): PageModule =>
    import('../features/users/pages/users-page').then((m) => ({ Component: m.UsersPage })),
  userDetail: (): PageModule =>
    import('../features/users/pages/user-detail-page').then((m) => ({ Component: m.UserDetailPage })),
};

/** A portal page's key in {@link PORTAL_PAGES}. */
export type PortalPage = keyof typeof PORTAL_PAGES;
