import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { router } from './app/router';
import { validateStoredSession } from './app/session-bootstrap';
import { syncServerHints } from './lib/hint-cookies';
import { syncSessionAcrossTabs } from './stores/session-store';

syncSessionAcrossTabs();
syncServerHints();
void validateStoredSession();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

/*
 * `/` and `/portfolio` arrive pre-rendered (decision 027). The app is not hydrated: its first
 * render replaces that markup with the same content. Wait for lazy routes first so a loader
 * never replaces the page, and render as a transition so the work yields to input.
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

if (prerendered && !router.state.initialized) {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    mount(container);
  });
} else {
  mount(container);
}
