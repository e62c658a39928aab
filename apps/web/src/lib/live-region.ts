/**
 * Screen-reader announcements through two live regions that exist from the first render
 * (`components/ui/live-regions.tsx`, mounted once by `AppProviders`): a polite one
 * (`role="status"`) and an assertive one for errors (`role="alert"`). A live region that appears
 * together with its text — as a toast does — is often not read; one already in the DOM whose text
 * changes is (decision 112).
 */

/** Polite waits for the user to pause; assertive (errors) interrupts. */
export type Politeness = 'polite' | 'assertive';

/** Time between emptying a region and writing the new text: the change is then always a change. */
export const ANNOUNCE_DELAY_MS = 100;
/** The text is removed after this long, so reading the page later does not find stale messages. */
export const ANNOUNCE_CLEAR_MS = 10_000;

interface RegionState {
  element: HTMLElement | null;
  /** Messages waiting for the next write (several toasts in the same moment are read together). */
  pending: string[];
  writeTimer: ReturnType<typeof setTimeout> | null;
  clearTimer: ReturnType<typeof setTimeout> | null;
}

const regions: Record<Politeness, RegionState> = {
  polite: { element: null, pending: [], writeTimer: null, clearTimer: null },
  assertive: { element: null, pending: [], writeTimer: null, clearTimer: null },
};

function write(politeness: Politeness): void {
  const region = regions[politeness];
  region.writeTimer = null;
  if (!region.element || region.pending.length === 0) return;
  const lines = region.pending.splice(0).map((text) => {
    const line = document.createElement('p');
    line.textContent = text;
    return line;
  });
  region.element.replaceChildren(...lines);
  if (region.clearTimer) clearTimeout(region.clearTimer);
  region.clearTimer = setTimeout(() => {
    region.clearTimer = null;
    region.element?.replaceChildren();
  }, ANNOUNCE_CLEAR_MS);
}

/**
 * Reads `message` to screen-reader users. The region is emptied first and written
 * `ANNOUNCE_DELAY_MS` later, so the same message twice in a row is announced twice; messages of
 * the same instant are written together. Before the regions exist, messages wait for them.
 */
export function announce(message: string, politeness: Politeness = 'polite'): void {
  const text = message.trim();
  if (!text) return;
  const region = regions[politeness];
  region.pending.push(text);
  if (region.writeTimer || !region.element) return;
  region.element.replaceChildren();
  region.writeTimer = setTimeout(() => write(politeness), ANNOUNCE_DELAY_MS);
}

/**
 * Forgets every queued and scheduled announcement and the regions' elements. For the web tests,
 * which share one module graph per worker (`isolate: false`, decision 130): a message announced
 * with no region mounted would otherwise be written by the next file's regions.
 */
export function resetLiveRegions(): void {
  for (const region of Object.values(regions)) {
    if (region.writeTimer) clearTimeout(region.writeTimer);
    if (region.clearTimer) clearTimeout(region.clearTimer);
    region.writeTimer = null;
    region.clearTimer = null;
    region.element = null;
    region.pending = [];
  }
}

/**
 * Called by `LiveRegions` with its two elements (and `null` on unmount, which drops what was
 * waiting). Messages announced before the regions mounted are written once they are.
 */
export function registerLiveRegion(politeness: Politeness, element: HTMLElement | null): void {
  const region = regions[politeness];
  if (region.element === element) return;
  if (region.writeTimer) clearTimeout(region.writeTimer);
  if (region.clearTimer) clearTimeout(region.clearTimer);
  region.writeTimer = null;
  region.clearTimer = null;
  region.element = element;
  if (!element) region.pending = [];
  else if (region.pending.length > 0) {
    region.writeTimer = setTimeout(() => write(politeness), ANNOUNCE_DELAY_MS);
  }
}
