import './app/defer-section-hash';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/focus.css';
import { StrictMode, startTransition, useEffect, useLayoutEffect } from 'react';
import { App } from './app/app';
import { queryClient } from './app/query-client';
import { getRouter } from './app/router';
import { validateStoredSession } from './app/session-bootstrap';
import { takePrerenderedClick } from './features/marketing/lib/prerendered-clicks';
import { syncServerHints } from './lib/hint-cookies';
import { publicSettingsQuery } from './lib/public-settings';
import { syncSessionAcrossTabs } from './stores/session-store';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

/*
 * React DOM's renderer (~200 KB of the ~460 KB the page needs) is a chunk of its own, requested
 * now and evaluated when it arrives, in its own task: evaluating everything in the entry's one
 * task was the longest task of the pre-rendered pages' start-up, 270–400 ms at Lighthouse's 4×
 * CPU slowdown (decision 153). Nothing but `mount` needs it.
 */
const reactDomClient = import('react-dom/client');

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

/**
 * Where the visitor scrolled the pre-rendered page to, until the app replaces it: React Router's
 * `ScrollRestoration` scrolls a first render to the top, which threw a visitor who had scrolled
 * down (to the portfolio's filter on a phone, say) back up when the app took over (decision 134).
 */
let prerenderedScrollY = 0;
const trackScroll = () => {
  prerenderedScrollY = window.scrollY;
};

/**
 * Puts the scroll position back after the swap, in the same commit (nothing moves on screen), and
 * answers a button clicked on the pre-rendered page before the swap: the same control in the
 * app's DOM is clicked in the next task (decision 153).
 */
function KeepPrerenderedScroll() {
  useLayoutEffect(() => {
    window.removeEventListener('scroll', trackScroll);
    if (prerenderedScrollY > 0) window.scrollTo(0, prerenderedScrollY);
    const replay = takePrerenderedClick(container ?? document);
    if (replay) window.setTimeout(replay, 0);
  }, []);
  return null;
}

async function mount(target: HTMLElement) {
  const { createRoot } = await reactDomClient;
  // Evaluating the renderer was a task; creating the root and rendering start in the next one.
  await nextTask();
  const root = createRoot(target);
  const app = (
    <StrictMode>
      <App />
      {prerendered && <KeepPrerenderedScroll />}
      <AppReadySignal />
    </StrictMode>
  );
  if (prerendered) startTransition(() => root.render(app));
  else root.render(app);
}

/** Resolves once the router has loaded the matched lazy routes. */
function routerReady(): Promise<void> {
  const router = getRouter();
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/** Resolves in a new task: the browser may handle input and paint in between. */
const nextTask = () => new Promise<void>((resolve) => window.setTimeout(resolve, 0));

/*
 * Start-up in several short tasks rather than one long one (decision 134): evaluating the modules
 * is one task; syncing the session and starting the settings request the next; creating the
 * router (ranking the routes, matching the URL) the next; rendering, as a transition, yields by
 * itself.
 */
async function start(target: HTMLElement) {
  if (prerendered) {
    trackScroll();
    window.addEventListener('scroll', trackScroll, { passive: true });
  }
  await nextTask();
  syncSessionAcrossTabs();
  syncServerHints();
  void validateStoredSession();
  // The server drew the company's contact into the page: have the settings before the swap so
  // the app draws the same (at most 1.5 s; without them the fallbacks show until they arrive).
  const settings = prerendered
    ? Promise.race([
        queryClient.prefetchQuery(publicSettingsQuery),
        new Promise((resolve) => window.setTimeout(resolve, 1500)),
      ])
    : null;
  await nextTask();
  getRouter();
  if (!prerendered) {
    await mount(target);
    return;
  }
  await Promise.all([routerReady(), settings]);
  await mount(target);
}

void start(container);
