import { NOTIFICATIONS } from '@agencia/shared/constants';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from '../src/app/providers';

/** Renders routes in a memory router inside the app providers (Mantine in test mode, fresh cache). */
export function renderRoutes(routes: RouteObject[], initialPath: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  // The address bar matches the first route, as in the browser (useListParams checks it).
  window.history.replaceState(null, '', initialPath);
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const result = render(
    <AppProviders queryClient={queryClient} env="test">
      {/* The portal shell provides the modals manager in the app (decision 020); tests render pages without it. */}
      <Notifications
        limit={NOTIFICATIONS.limit}
        autoClose={NOTIFICATIONS.autoClose}
        position={NOTIFICATIONS.position}
      />
      <ModalsProvider>
        <RouterProvider router={router} />
      </ModalsProvider>
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

/** Renders one element at `path`. */
export function renderWithProviders(element: ReactElement, path = '/') {
  return renderRoutes([{ path: '*', element }], path);
}
