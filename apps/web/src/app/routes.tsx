import { lazy, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { RouteError } from '../components/errors/route-error';
import { FullPageLoader } from '../components/ui/page-loader';
import { LandingPage } from '../features/marketing/pages/landing-page';
import { useSessionStore } from '../stores/session-store';
import type { PortalPage } from './portal';

/**
 * The signed-in area — route guard, shell, pages — loads on demand, through one module
 * (`portal.tsx`), so the public site never downloads it, nor the lists of what each page
 * preloads (decision 134).
 */
const loadPortal = () => import('./portal');
const ProtectedLayout = lazy(() => loadPortal().then((portal) => ({ default: portal.ProtectedLayout })));
const PortalNotFound = lazy(() => loadPortal().then((portal) => ({ default: portal.PortalNotFound })));
/** A portal route's `lazy`: loads the portal module, then the page. */
const portalPage = (page: PortalPage) => () => loadPortal().then((portal) => portal.PORTAL_PAGES[page]());

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** Signed-in area: guard first (spinner / redirect), then the shell (see `portal.tsx`). */
function PortalLayout() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <ProtectedLayout />
    </Suspense>
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
    <Suspense fallback={<FullPageLoader />}>
      <PortalNotFound />
    </Suspense>
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
        lazy: () => import('./link-pages').then((m) => m.registerPage()),
      },
      {
        // Public, read-only: a document shared by a signed, expiring link (decision 116).
        path: 'compartido/:token',
        lazy: () => import('./link-pages').then((m) => m.sharedDocumentPage()),
      },
      {
        // Public: the recipient reads and signs a proposal or contract (decision 173).
        path: 'firmar/:token',
        lazy: () => import('./link-pages').then((m) => m.signPage()),
      },
      {
        // Public: is this PDF the one signed? (the certificate page's QR, decision 173).
        path: 'verificar',
        lazy: () => import('./link-pages').then((m) => m.verifyPage()),
      },
      {
        Component: PortalLayout,
        children: [
          {
            path: 'dashboard',
            lazy: portalPage('dashboard'),
          },
          {
            path: 'projects',
            lazy: portalPage('projects'),
          },
          {
            path: 'projects/:id',
            lazy: portalPage('projectDetail'),
          },
          {
            path: 'tickets',
            lazy: portalPage('tickets'),
          },
          {
            path: 'tickets/:id',
            lazy: portalPage('ticketDetail'),
          },
          {
            path: 'calendar',
            lazy: portalPage('calendar'),
          },
          {
            path: 'calendar/:id',
            lazy: portalPage('eventDetail'),
          },
          {
            path: 'settings',
            lazy: portalPage('settings'),
          },
          {
            path: 'profile',
            lazy: portalPage('profile'),
          },
          {
            // Billing: admin manages; employees and clients read (clients only their own), decision 056.
            path: 'billing',
            lazy: portalPage('billing'),
          },
          {
            // Quotes (decision 114): staff read all, admins manage, clients read and answer their own.
            path: 'billing/quotes',
            lazy: portalPage('quotes'),
          },
          {
            path: 'billing/quotes/:id',
            lazy: portalPage('quoteDetail'),
          },
          {
            path: 'billing/:id',
            lazy: portalPage('invoiceDetail'),
          },
          {
            // The invoice list's row link (spec doc 2 §2): same detail screen.
            path: 'invoice/:id',
            lazy: portalPage('invoiceDetail'),
          },
          {
            // Proposals and contracts: staff with `proposals.read` manage them (decision 173); a client
            // reads and signs its own at the same addresses (decision 174).
            path: 'proposals',
            lazy: portalPage('proposals'),
          },
          {
            path: 'proposals/:id',
            lazy: portalPage('proposalDetail'),
          },
          {
            path: 'contracts/:id',
            lazy: portalPage('contractDetail'),
          },
          {
            // Purchases and expenses (decision 140): admins all, employees their projects'; clients never.
            lazy: () => loadPortal().then((portal) => ({ Component: portal.StaffOnly })),
            children: [
              {
                // "Mis tareas" (decision 165): everything assigned to me, with the timer.
                path: 'tasks',
                lazy: portalPage('myTasks'),
              },
              {
                path: 'expenses',
                lazy: portalPage('expenses'),
              },
              {
                // Leads pipeline (decision 170): admins and employees granted `leads.read`; the API decides.
                path: 'leads',
                lazy: portalPage('leads'),
              },
              {
                path: 'leads/:id',
                lazy: portalPage('leadDetail'),
              },
              {
                // One purchase (a notification's link, e.g. a DGII rejection): the list with its form open.
                path: 'expenses/:id',
                lazy: portalPage('expenses'),
              },
            ],
          },
          {
            // Management screens: admin only ('Acceso Denegado' for anyone else).
            lazy: () => loadPortal().then((portal) => ({ Component: portal.AdminOnly })),
            children: [
              {
                // DGII certification (Configuración → Fiscal → Certificación DGII); `?paso=N` opens a step.
                path: 'settings/certification',
                lazy: portalPage('certification'),
              },
              {
                path: 'billing/retainers',
                lazy: portalPage('retainers'),
              },
              {
                // e-CF received from suppliers (issue 26, "Receiving"): approve or reject them.
                path: 'billing/received',
                lazy: portalPage('receivedEcf'),
              },
              {
                // Bank reconciliation (decision 167): the statement's lines matched to invoices and expenses.
                path: 'billing/reconciliation',
                lazy: portalPage('bankReconciliation'),
              },
              {
                path: 'projects/new',
                lazy: portalPage('projectNew'),
              },
              {
                path: 'projects/:id/edit',
                lazy: portalPage('projectEdit'),
              },
              {
                path: 'clients',
                lazy: portalPage('clients'),
              },
              {
                path: 'suppliers',
                lazy: portalPage('suppliers'),
              },
              {
                path: 'clients/requests',
                lazy: portalPage('requests'),
              },
              {
                path: 'clients/:id',
                lazy: portalPage('clientDetail'),
              },
              {
                path: 'reports',
                lazy: portalPage('reports'),
              },
              {
                path: 'reports/month-close',
                lazy: portalPage('monthClose'),
              },
              {
                path: 'users',
                lazy: portalPage('users'),
              },
              {
                path: 'users/:id',
                lazy: portalPage('userDetail'),
              },
            ],
          },
        ],
      },
      { path: '*', Component: UnknownRoute },
    ],
  },
];
