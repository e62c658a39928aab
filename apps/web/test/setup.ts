import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetLiveRegions } from '../src/lib/live-region';
import { useDisplayStore } from '../src/stores/display-store';
import { useSessionStore } from '../src/stores/session-store';
import { useThemeStore } from '../src/stores/theme-store';
import { server } from './msw';

/*
 * The web project runs its test files in one module cache per worker (isolate: false, decision
 * 130): what one file leaves in a module-level store would be seen by the next. After each test
 * the stores go back to their first state and the toasts (Mantine's global store, which the live
 * regions read) are dropped.
 */
// `findBy…`/`waitFor` wait up to 5 s, not Testing Library's 1 s: CI runs the web files beside the
// API suite on two cores, and a first render of a page can take longer than a second there.
configure({ asyncUtilTimeout: 5_000 });

const STORES = [useSessionStore, useThemeStore, useDisplayStore] as const;
const initialStates = STORES.map((store) => store.getInitialState());
function resetGlobalState(): void {
  notifications.clean();
  notifications.cleanQueue();
  // Announcements queued with no live region mounted (a component announcing on its own).
  resetLiveRegions();
  STORES.forEach((store, index) => {
    (store.setState as (state: unknown, replace: true) => void)(initialStates[index], true);
  });
  localStorage.clear();
  sessionStorage.clear();
}

// jsdom lacks these; Mantine needs them (color scheme, ScrollArea, floating elements).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};
// Mantine's autosize Textarea re-measures when web fonts finish loading (`document.fonts`).
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

// HTTP is answered at the network level by Mock Service Worker (decision 119); a request no test
// answered fails the test.
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// An unexpected console.error (React warnings, failed renders) fails the test (STYLE.md "Tests").
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  resetGlobalState();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    throw new Error(
      `Unexpected console.error:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});
