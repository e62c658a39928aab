/**
 * Clicks on the pre-rendered pages' buttons before the app takes over (decision 153).
 *
 * `/` and `/portfolio` are on screen from their HTML well before the app replaces that markup
 * (decision 027). Links work by themselves and the portfolio's filter has its own script
 * (decision 134), but a button — a service card, the menu, 'Ver Detalles', a project card — needs
 * the app: its click used to be lost. An inline `<head>` script ({@link capturePrerenderedClicks})
 * remembers the last such click; once the app has replaced the markup, `main.tsx` clicks the same
 * control in the app's DOM ({@link replayPrerenderedClick}), so the dialog or the menu opens.
 */

/** The controls whose clicks are kept: buttons, and the portfolio's cards (a click anywhere opens). */
export const REPLAYED_CONTROLS = 'button, [data-project-id]';
/** `<html>` attribute holding the kept click (JSON `[key, occurrence]`) until the app replays it. */
export const PENDING_CLICK_ATTRIBUTE = 'data-prerendered-click';
/** `<html>` attribute set in the commit that swaps the markup: from then on, no click is kept. */
export const APP_MOUNTED_ATTRIBUTE = 'data-app-mounted';

/**
 * Names a control the same way in the pre-rendered markup and in the app's (the swap draws the
 * same page, decision 027): its tag, the project or service card it belongs to, its accessible
 * name (aria-label or text). The card matters: a category picked before the swap leaves the app
 * drawing fewer cards than the markup holds, so a position among all 'Ver Detalles' would miss.
 * Self-contained (the pre-render inlines its source next to {@link capturePrerenderedClicks}).
 */
export function controlKey(control: Element): string {
  const card = control.closest('[data-project-id], [data-service-id]');
  const cardId = card?.getAttribute('data-project-id') ?? card?.getAttribute('data-service-id') ?? '';
  const name = control.getAttribute('aria-label') ?? control.textContent ?? '';
  return `${control.tagName}|${cardId}|${name.trim()}`;
}

/**
 * Listens (capture phase, on `document`, from `<head>`) for clicks on {@link REPLAYED_CONTROLS}
 * inside `#root` until `<html>` has {@link APP_MOUNTED_ATTRIBUTE}, and records the last one on
 * `<html>` as its key and its occurrence among the controls with that key. Clicks on links,
 * labels and inputs are left alone (they work without the app). The pressed control gets
 * `aria-busy="true"` and the page the `progress` cursor until the app answers.
 *
 * Self-contained on purpose (no imports, no outer names; the key function comes as an
 * argument): the pre-render inlines its source in the `<head>` of both pages.
 *
 * @returns removes the listener (for tests; the page never does)
 */
export function capturePrerenderedClicks(
  selector: string,
  pendingAttribute: string,
  mountedAttribute: string,
  keyOf: (control: Element) => string,
): () => void {
  const onClick = (event: MouseEvent) => {
    const html = document.documentElement;
    const root = document.getElementById('root');
    const target = event.target;
    if (html.hasAttribute(mountedAttribute) || !root || !(target instanceof Element)) return;
    if (target.closest('a, label, input')) return;
    const control = target.closest(selector);
    if (!control || !root.contains(control)) return;
    const key = keyOf(control);
    const occurrence = Array.from(root.querySelectorAll(selector))
      .filter((other) => keyOf(other) === key)
      .indexOf(control);
    for (const busy of root.querySelectorAll('[aria-busy]')) busy.removeAttribute('aria-busy');
    control.setAttribute('aria-busy', 'true');
    html.style.cursor = 'progress';
    html.setAttribute(pendingAttribute, JSON.stringify([key, occurrence]));
  };
  document.addEventListener('click', onClick, true);
  return () => document.removeEventListener('click', onClick, true);
}

/** {@link capturePrerenderedClicks} as an inline `<head>` script for the pre-rendered pages. */
export function prerenderedClicksScript(): string {
  const args = [REPLAYED_CONTROLS, PENDING_CLICK_ATTRIBUTE, APP_MOUNTED_ATTRIBUTE].map((arg) =>
    JSON.stringify(arg),
  );
  return `<script>(${capturePrerenderedClicks.toString()})(${args.join(',')},${controlKey.toString()})</script>`;
}

/**
 * Call in the commit that replaces the pre-rendered markup (a layout effect): stops
 * {@link capturePrerenderedClicks} and takes the click it kept, if any (the attribute is cleared).
 * Returns a function that clicks the same control in the app's DOM — call it in a later task,
 * once the commit is done — or null when nothing was clicked.
 */
export function takePrerenderedClick(root: ParentNode = document): (() => void) | null {
  const html = document.documentElement;
  html.setAttribute(APP_MOUNTED_ATTRIBUTE, 'true');
  const pending = html.getAttribute(PENDING_CLICK_ATTRIBUTE);
  html.removeAttribute(PENDING_CLICK_ATTRIBUTE);
  html.style.removeProperty('cursor');
  if (!pending) return null;
  let key: unknown;
  let occurrence: unknown;
  try {
    [key, occurrence] = JSON.parse(pending) as unknown[];
  } catch {
    return null;
  }
  if (typeof key !== 'string' || typeof occurrence !== 'number') return null;
  return () => {
    const control = Array.from(root.querySelectorAll(REPLAYED_CONTROLS)).filter(
      (candidate) => controlKey(candidate) === key,
    )[occurrence];
    if (control instanceof HTMLElement) control.click();
  };
}
