import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { renderRoutes } from '../../../test/render';
import { useSessionStore } from '../../stores/session-store';
import { RouteGuard } from './route-guard';

const routes = [
  { path: '/login', element: <p>Pantalla de login</p> },
  {
    path: '/users',
    element: (
      <RouteGuard requiredRole="admin">
        <p>Gestión de usuarios</p>
      </RouteGuard>
    ),
  },
];

describe('RouteGuard', () => {
  beforeEach(() => {
    useSessionStore.getState().logout();
  });

  it('redirects to /login, replacing history, when signed out', async () => {
    const { router } = renderRoutes(routes, '/users');
    expect(await screen.findByText('Pantalla de login')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("shows 'Acceso Denegado' when the role does not match", async () => {
    useSessionStore.getState().login({ user: buildUser({ role: 'client' }), token: 't' });
    renderRoutes(routes, '/users');
    expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeTruthy();
    expect(screen.getByText('No tienes permisos para acceder a esta página.')).toBeTruthy();
    expect(screen.queryByText('Gestión de usuarios')).toBeNull();
  });

  it('renders the content for the required role', async () => {
    useSessionStore.getState().login({ user: buildUser({ role: 'admin' }), token: 't' });
    renderRoutes(routes, '/users');
    expect(await screen.findByText('Gestión de usuarios')).toBeTruthy();
  });

  it('shows a spinner while the session is loading', async () => {
    useSessionStore.getState().login({ user: buildUser(), token: 't' });
    useSessionStore.getState().setLoading(true);
    renderRoutes(routes, '/users');
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.queryByText('Gestión de usuarios')).toBeNull();
  });
});
