import './app/defer-section-hash';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/focus.css';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { queryClient } from './app/query-client';
import { router } from './app/router';
import { validateStoredSession } from './app/session-bootstrap';
import { syncServerHints } from './lib/hint-cookies';
import { publicSettingsQuery } from './lib/public-settings';
import { syncSessionAcrossTabs } from './stores/session-store';

syncSessionAcrossTabs();
syncServerHints();
void validateStoredSession();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

/*
 * `/` and `/portfolio` arrive pre-rendered (decision 027). The app is not hydrated: its first
 * render replaces that markup with the same content. Wait for lazy routes (so a loader never
 * replaces the page) and the public settings first, and render as a transition so the work
 * yields to input.
 */
const prerendered = container.firstElementChild !== null;

/** Marks `<html data-app-ready>` once the app has rendered (the pre-rendered markup is gone). */
function AppReadySignal() {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return null;
}

function mount(target: HTMLElement) {
  const root = createRoot(target);
  const app = (
    <StrictMode>
      <App />
      <AppReadySignal />
    </StrictMode>
  );
  if (prerendered) startTransition(() => root.render(app));
  else root.render(app);
}

/** Resolves once the router has loaded the matched lazy routes. */
function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

if (prerendered) {
  // The server drew the company's contact into the page: have the settings before the swap so
  // the app draws the same (at most 1.5 s; without them the fallbacks show until they arrive).
  const settings = Promise.race([
    queryClient.prefetchQuery(publicSettingsQuery),
    new Promise((resolve) => window.setTimeout(resolve, 1500)),
  ]);
  void Promise.all([routerReady(), settings]).then(() => mount(container));
} else {
  mount(container);
}
