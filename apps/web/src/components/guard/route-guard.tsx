import type { Role } from '@agencia/shared';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSessionStore } from '../../stores/session-store';
import { AccessDenied } from '../errors/access-denied';
import { PageLoader } from '../ui/page-loader';

/**
 * Loaded on demand: the guard sits in the entry chunk, and the form (HTTP client, zod, inputs)
 * must not reach the public landing's JavaScript (decision 020).
 */
const ForcedPasswordChange = lazy(() =>
  import('../account/forced-password-change').then((m) => ({ default: m.ForcedPasswordChange })),
);

interface RouteGuardProps {
  /** Role the route demands; any signed-in user when absent. */
  requiredRole?: Role;
  /** Content to protect; the nested route's <Outlet /> when absent. */
  children?: ReactNode;
  /** Spinner shown while the session is being validated. */
  fallback?: ReactNode;
}

/**
 * Route guard of spec doc 1 §4: loading → spinner; signed out → /login (replacing history);
 * role mismatch → 'Acceso Denegado'; otherwise the content.
 */
export function RouteGuard({ requiredRole, children, fallback = <PageLoader /> }: RouteGuardProps) {
  const isLoading = useSessionStore((state) => state.isLoading);
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  const role = useSessionStore((state) => state.user?.role);
  const mustChangePassword = useSessionStore((state) => state.user?.mustChangePassword === true);
  const location = useLocation();

  if (isLoading) return fallback;
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  // After an admin reset nothing else is reachable until the password is changed (decision 064).
  if (mustChangePassword && !requiredRole)
    return (
      <Suspense fallback={fallback}>
        <ForcedPasswordChange />
      </Suspense>
    );
  if (requiredRole && role !== requiredRole) return <AccessDenied />;
  return children ?? <Outlet />;
}
