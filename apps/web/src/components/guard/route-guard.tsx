import type { Role } from '@agencia/shared';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSessionStore } from '../../stores/session-store';
import { ForcedPasswordChange } from '../account/forced-password-change';
import { AccessDenied } from '../errors/access-denied';
import { PageLoader } from '../ui/page-loader';

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
  if (mustChangePassword && !requiredRole) return <ForcedPasswordChange />;
  if (requiredRole && role !== requiredRole) return <AccessDenied />;
  return children ?? <Outlet />;
}
