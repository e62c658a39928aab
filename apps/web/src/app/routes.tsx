import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { NotFoundPage } from '../components/errors/not-found-page';
import { RouteError } from '../components/errors/route-error';
import { RouteGuard } from '../components/guard/route-guard';
import { FullPageLoader } from '../components/ui/page-loader';
import { LandingPage } from '../features/marketing/pages/landing-page';
import { useSessionStore } from '../stores/session-store';

/** The portal shell and everything under it load on demand: the public site never downloads them. */
const PortalShell = lazy(() =>
  import('../components/shell/portal-shell').then((module) => ({ default: module.PortalShell })),
);

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** Signed-in area: guard first (spinner / redirect), then the lazily loaded shell. */
function ProtectedLayout({ children }: { children?: ReactNode }) {
  return (
    <RouteGuard fallback={<FullPageLoader />}>
      <Suspense fallback={<FullPageLoader />}>
        <PortalShell>{children}</PortalShell>
      </Suspense>
    </RouteGuard>
  );
}

/** `/`: the landing for visitors, the dashboard for signed-in users (spec doc 2 §2). */
function HomeRoute() {
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  return isAuthenticated ? <Navigate to="/dashboard" replace /> : <LandingPage />;
}

/** Unknown path: the landing for visitors, a 404 inside the shell for signed-in users (spec doc 1 §2). */
function UnknownRoute() {
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  if (!isAuthenticated) return <LandingPage />;
  return (
    <ProtectedLayout>
      <NotFoundPage />
    </ProtectedLayout>
  );
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: FullPageLoader,
    errorElement: <RouteError />,
    children: [
      { index: true, Component: HomeRoute },
      {
        path: 'portfolio',
        lazy: () =>
          import('../features/marketing/pages/portfolio-page').then((m) => ({ Component: m.PortfolioPage })),
      },
      {
        path: 'quote',
        lazy: () =>
          import('../features/marketing/pages/quote-page').then((m) => ({ Component: m.QuotePage })),
      },
      ...(['terminos', 'privacidad', 'soporte'] as const).map((doc) => ({
        path: doc,
        lazy: () =>
          import('../features/marketing/pages/legal-page').then((m) => ({ Component: m.LEGAL_PAGES[doc] })),
      })),
      {
        path: 'login',
        lazy: () => import('../features/auth/pages/login-page').then((m) => ({ Component: m.LoginPage })),
      },
      {
        // Public: an invited client sets up the account (single-use link, spec doc 1 §7).
        path: 'register/:token',
        lazy: () =>
          import('../features/registration/pages/register-page').then((m) => ({ Component: m.RegisterPage })),
      },
      {
        Component: ProtectedLayout,
        children: [
          {
            path: 'dashboard',
            lazy: () =>
              import('../features/dashboard/pages/dashboard-page').then((m) => ({
                Component: m.DashboardPage,
              })),
          },
          {
            path: 'projects',
            lazy: () =>
              import('../features/projects/pages/projects-page').then((m) => ({ Component: m.ProjectsPage })),
          },
          {
            path: 'projects/:id',
            lazy: () =>
              import('../features/projects/pages/project-detail-page').then((m) => ({
                Component: m.ProjectDetailPage,
              })),
          },
          {
            path: 'tickets',
            lazy: () =>
              import('../features/tickets/pages/tickets-page').then((m) => ({ Component: m.TicketsPage })),
          },
          {
            path: 'tickets/:id',
            lazy: () =>
              import('../features/tickets/pages/ticket-detail-page').then((m) => ({
                Component: m.TicketDetailPage,
              })),
          },
          {
            path: 'calendar',
            lazy: () =>
              import('../features/calendar/pages/calendar-page').then((m) => ({ Component: m.CalendarPage })),
          },
          {
            path: 'calendar/:id',
            lazy: () =>
              import('../features/calendar/pages/event-detail-page').then((m) => ({
                Component: m.EventDetailPage,
              })),
          },
          {
            path: 'settings',
            lazy: () =>
              import('../features/settings/pages/settings-page').then((m) => ({ Component: m.SettingsPage })),
          },
          {
            path: 'profile',
            lazy: () =>
              import('../features/profile/pages/profile-page').then((m) => ({ Component: m.ProfilePage })),
          },
          {
            // Billing: admin manages; employees and clients read (clients only their own), decision 056.
            path: 'billing',
            lazy: () =>
              import('../features/billing/pages/billing-page').then((m) => ({ Component: m.BillingPage })),
          },
          {
            // Quotes (decision 114): staff read all, admins manage, clients read and answer their own.
            path: 'billing/quotes',
            lazy: () =>
              import('../features/billing/pages/quotes-page').then((m) => ({ Component: m.QuotesPage })),
          },
          {
            path: 'billing/quotes/:id',
            lazy: () =>
              import('../features/billing/pages/quote-detail-page').then((m) => ({
                Component: m.QuoteDetailPage,
              })),
          },
          {
            path: 'billing/:id',
            lazy: () =>
              import('../features/billing/pages/invoice-detail-page').then((m) => ({
                Component: m.InvoiceDetailPage,
              })),
          },
          {
            // The invoice list's row link (spec doc 2 §2): same detail screen.
            path: 'invoice/:id',
            lazy: () =>
              import('../features/billing/pages/invoice-detail-page').then((m) => ({
                Component: m.InvoiceDetailPage,
              })),
          },
          {
            // Management screens: admin only ('Acceso Denegado' for anyone else, before the code loads).
            element: <RouteGuard requiredRole="admin" />,
            children: [
              {
                path: 'billing/retainers',
                lazy: () =>
                  import('../features/billing/pages/retainers-page').then((m) => ({
                    Component: m.RetainersPage,
                  })),
              },
              {
                path: 'projects/new',
                lazy: () =>
                  import('../features/projects/pages/project-form-page').then((m) => ({
                    Component: m.ProjectNewPage,
                  })),
              },
              {
                path: 'projects/:id/edit',
                lazy: () =>
                  import('../features/projects/pages/project-form-page').then((m) => ({
                    Component: m.ProjectEditPage,
                  })),
              },
              {
                path: 'clients',
                lazy: () =>
                  import('../features/clients/pages/clients-page').then((m) => ({
                    Component: m.ClientsPage,
                  })),
              },
              {
                path: 'clients/requests',
                lazy: () =>
                  import('../features/requests/pages/requests-page').then((m) => ({
                    Component: m.RequestsPage,
                  })),
              },
              {
                path: 'clients/:id',
                lazy: () =>
                  import('../features/clients/pages/client-detail-page').then((m) => ({
                    Component: m.ClientDetailPage,
                  })),
              },
              {
                path: 'reports',
                lazy: () =>
                  import('../features/reports/pages/reports-page').then((m) => ({
                    Component: m.ReportsPage,
                  })),
              },
              {
                path: 'users',
                lazy: () =>
                  import('../features/users/pages/users-page').then((m) => ({ Component: m.UsersPage })),
              },
              {
                path: 'users/:id',
                lazy: () =>
                  import('../features/users/pages/user-detail-page').then((m) => ({
                    Component: m.UserDetailPage,
                  })),
              },
            ],
          },
        ],
      },
      { path: '*', Component: UnknownRoute },
    ],
  },
];
