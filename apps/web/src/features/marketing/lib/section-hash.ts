import { SECTIONS, type SectionId } from '../data/sections';

/** The landing's section ids, in page order. */
export const SECTION_IDS: readonly SectionId[] = SECTIONS.map((section) => section.id);

/**
 * Navigation state that asks the landing to scroll to a section (React Router keeps it in the
 * history entry under `usr`). Used instead of a `/#section` URL so nothing jumps: see
 * {@link deferSectionHash}.
 */
export interface SectionNavigationState {
  section: SectionId;
}

/** The section a landing visit asks for in its navigation state, if it names a real one. */
export function sectionFromState(state: unknown): SectionId | undefined {
  const section = (state as Partial<SectionNavigationState> | null)?.section;
  return section && SECTION_IDS.includes(section) ? section : undefined;
}

/**
 * Moves a landing section hash (`/#stats`) out of the URL into the history entry's state
 * (`usr.section`), before the router starts. Spec doc 1 §2: with a section in the URL the page
 * scrolls *smoothly* to it about 100 ms after it shows. Left in the URL, the browser (the
 * pre-rendered page has the section in its HTML) and React Router's ScrollRestoration would
 * both jump there at once. The landing puts the hash back and scrolls (decision 028).
 *
 * Self-contained on purpose (no imports, no outer names): the pre-render inlines its source in
 * the `<head>` of `/` so the browser never sees the hash while it parses the page.
 */
export function deferSectionHash(ids: readonly string[]): void {
  if (location.pathname !== '/' || location.hash.length < 2) return;
  let id: string;
  try {
    id = decodeURIComponent(location.hash.slice(1));
  } catch {
    return;
  }
  if (!ids.includes(id)) return;
  const current: unknown = history.state;
  const state = current !== null && typeof current === 'object' ? current : {};
  history.replaceState({ ...state, usr: { section: id } }, '', location.pathname + location.search);
}

/**
 * Writes `#section` back into the landing's URL and drops the navigation state, without a
 * router navigation (which would jump): the address bar ends as `/#section` (spec doc 1 §2).
 */
export function restoreSectionHash(section: SectionId): void {
  const current: unknown = window.history.state;
  const state = current !== null && typeof current === 'object' ? current : {};
  window.history.replaceState({ ...state, usr: null }, '', `/${window.location.search}#${section}`);
}

/** `deferSectionHash` as an inline `<head>` script for the pre-rendered landing. */
export function deferSectionHashScript(): string {
  return `<script>(${deferSectionHash.toString()})(${JSON.stringify(SECTION_IDS)})</script>`;
}
