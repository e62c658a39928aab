import { NOTIFICATIONS } from '@agencia/shared/constants';
import { MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { LiveRegions } from '../components/ui/live-regions';
import { installFocusFirstInvalidField } from '../lib/focus-first-invalid';
import { useThemeStore } from '../stores/theme-store';
import { queryClient as defaultQueryClient } from './query-client';
import { buildTheme, cssVariablesResolver } from './theme';

/**
 * Mantine's notification container, loaded on the first notification (decision 020). One place
 * for every toast (issue 18, decision 093): bottom-right from 768 px, where no screen keeps its
 * primary actions; on phones at the top, full width, at most three stacked.
 */
const NotificationsContainer = lazy(() =>
  import('@mantine/notifications').then((module) => ({
    default: function PortalNotifications() {
      const phone = useMediaQuery('(max-width: 47.99em)');
      return (
        <module.Notifications
          limit={phone ? 3 : NOTIFICATIONS.limit}
          autoClose={NOTIFICATIONS.autoClose}
          position={phone ? 'top-center' : NOTIFICATIONS.position}
          styles={{
            root: phone
              ? { width: 'calc(100% - 1rem)', maxWidth: 'none' }
              : { width: NOTIFICATIONS.width, maxWidth: 'calc(100% - 2rem)' },
          }}
        />
      );
    },
  })),
);

/**
 * Mounts the notification container (queued notifications then appear) as soon as the page is
 * not the landing or the visitor first interacts — every notice follows an action — so the
 * landing's JavaScript leaves it out (decision 020).
 */
function LazyNotifications() {
  const [needed, setNeeded] = useState(() => window.location.pathname !== '/');
  useEffect(() => {
    if (needed) return;
    const mount = () => setNeeded(true);
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    for (const event of events) window.addEventListener(event, mount, { once: true, passive: true });
    // Programmatic navigation away from `/` (e.g. a signed-in visitor sent to /dashboard).
    const timer = window.setInterval(() => {
      if (window.location.pathname !== '/') mount();
    }, 1000);
    return () => {
      for (const event of events) window.removeEventListener(event, mount);
      window.clearInterval(timer);
    };
  }, [needed]);
  return needed ? (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  ) : null;
}

interface AppProvidersProps {
  children: ReactNode;
  queryClient?: typeof defaultQueryClient;
  /**
   * 'test' disables transitions and portals (Mantine) and leaves the notification container and
   * the live regions to the test (a page's own `role="status"` is then the only one).
   */
  env?: 'default' | 'test';
}

/**
 * Theme (variant from the theme store, colour scheme 'auto'), notifications, the screen-reader
 * live regions every toast is announced through (decision 112) and query cache.
 * The modals manager lives in the portal shell, so the public bundle stays small (decision 020).
 */
export function AppProviders({
  children,
  queryClient = defaultQueryClient,
  env = 'default',
}: AppProvidersProps) {
  const variant = useThemeStore((state) => state.variant);
  const theme = useMemo(() => buildTheme(variant), [variant]);
  useEffect(() => installFocusFirstInvalidField(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={theme}
        defaultColorScheme="auto"
        cssVariablesResolver={cssVariablesResolver}
        env={env}
      >
        {env === 'default' && <LiveRegions />}
        {env === 'default' && <LazyNotifications />}
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
