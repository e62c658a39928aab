import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { LiveRegions } from '../components/ui/live-regions';
import { installFocusFirstInvalidField } from '../lib/focus-first-invalid';
import { useThemeStore } from '../stores/theme-store';
import { hasPrerenderedThemeVariables } from './prerendered-theme';
import { queryClient as defaultQueryClient } from './query-client';
import { buildTheme, cssVariablesResolver } from './theme';

/**
 * The toast container, loaded on demand (decision 020); its own module keeps Mantine's
 * notification components out of the entry chunk (decision 134).
 */
const ToastContainer = lazy(() =>
  import('../components/ui/toast-container').then((module) => ({ default: module.ToastContainer })),
);

/**
 * The pre-rendered public pages (decision 027): nothing there shows a notice the visitor did not
 * ask for, so their JavaScript leaves the toast container out until the first interaction.
 */
const DEFERRED_TOAST_PATHS = new Set(['/', '/portfolio']);
const toastsDeferred = () => DEFERRED_TOAST_PATHS.has(window.location.pathname);

/**
 * Mounts the notification container (queued notifications then appear) at once on portal pages,
 * and on the pre-rendered public pages when the visitor first interacts — every notice there
 * follows an action — or leaves them, so their JavaScript leaves it out (decisions 020, 134).
 */
function LazyNotifications() {
  const [needed, setNeeded] = useState(() => !toastsDeferred());
  useEffect(() => {
    if (needed) return;
    const mount = () => setNeeded(true);
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    for (const event of events) window.addEventListener(event, mount, { once: true, passive: true });
    // Programmatic navigation away (e.g. a signed-in visitor sent to /dashboard).
    const timer = window.setInterval(() => {
      if (!toastsDeferred()) mount();
    }, 1000);
    return () => {
      for (const event of events) window.removeEventListener(event, mount);
      window.clearInterval(timer);
    };
  }, [needed]);
  return needed ? (
    <Suspense fallback={null}>
      <ToastContainer />
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
        // On the pre-rendered pages the build left these variables in <head> (decision 153).
        withCssVariables={!hasPrerenderedThemeVariables(variant)}
        env={env}
      >
        {env === 'default' && <LiveRegions />}
        {env === 'default' && <LazyNotifications />}
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
