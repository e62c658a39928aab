import type { Page } from '@playwright/test';

/*
 * WCAG 2.2 SC 1.4.10 (reflow) and 1.4.4 (resize text), measured in the page (decision 112): the
 * page never scrolls sideways; the only horizontally scrollable boxes are the deliberate ones (a
 * named, focusable `role="region"` — WCAG technique for data tables — or one marked
 * `data-reflow-scroll`); the header's controls and the navigation's links are inside the viewport
 * and their text is not cut; a navigation count badge never hides its icon; text in `main` is not
 * cut by a box that clips it. Used by the screen walk (a11y.spec.ts).
 */

/** Boxes that deliberately scroll sideways (tables, calendars); anything else must reflow. */
export const SCROLL_REGION =
  '[data-reflow-scroll], [role="region"][tabindex="0"][aria-label], [role="region"][tabindex="0"][aria-labelledby]';

export interface ReflowProblem {
  what: string;
  detail: string;
}

/** Measures the page in the browser; returns one line per reflow problem. */
export async function reflowProblems(page: Page): Promise<ReflowProblem[]> {
  return page.evaluate((scrollRegion) => {
    const problems: { what: string; detail: string }[] = [];
    const label = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const cls = [...el.classList]
        .filter((c) => c.startsWith('mantine-'))
        .slice(0, 2)
        .join('.');
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()}${id}${cls ? `.${cls}` : ''}> "${text}"`;
    };
    const root = document.scrollingElement as HTMLElement;
    if (root.scrollWidth > root.clientWidth + 1) {
      // Name the widest offenders: elements whose right edge passes the viewport.
      const offenders = [...document.querySelectorAll('body *')]
        .filter((el) => {
          const rect = el.getBoundingClientRect();
          if (rect.width === 0 || rect.right <= root.clientWidth + 1) return false;
          // Report the outermost element only (or, inside a scroll box, what escapes its clip).
          const parent = el.parentElement;
          const parentRect = parent?.getBoundingClientRect();
          const escapes = el.closest(scrollRegion) && getComputedStyle(el).position === 'absolute';
          return escapes || !(parentRect && parentRect.right > root.clientWidth + 1);
        })
        .slice(0, 5)
        .map(label);
      problems.push({
        what: 'la página se desplaza horizontalmente',
        detail: `scrollWidth ${root.scrollWidth} > clientWidth ${root.clientWidth}: ${offenders.join(', ')}`,
      });
    }
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(el);
      if (style.overflowX !== 'auto' && style.overflowX !== 'scroll') continue;
      if (el.scrollWidth <= el.clientWidth + 1 || el.clientWidth === 0) continue;
      if (el.closest(scrollRegion)) continue;
      // Not drawn (inside a closed <details>, whose content Chromium skips with content-visibility):
      // nothing scrolls for the user, and the box's own resize observers do not run until it opens.
      if (!el.checkVisibility()) continue;
      problems.push({ what: 'caja con desplazamiento horizontal no declarada', detail: label(el) });
    }
    const inViewport = (el: Element) => {
      const rect = el.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0 && rect.left >= -1 && rect.right <= root.clientWidth + 1;
    };
    const header = document.querySelector('header');
    // Rendered controls only (the burger is `display: none` on wide screens).
    const rendered = (el: Element) => el.getClientRects().length > 0;
    const controls = header ? [...header.querySelectorAll('a, button')].filter(rendered) : [];
    if (controls.length === 0) problems.push({ what: 'cabecera sin controles', detail: '' });
    for (const control of controls) {
      if (!inViewport(control)) {
        const rect = control.getBoundingClientRect();
        problems.push({
          what: 'control de la cabecera fuera de la pantalla',
          detail: `${label(control)} [${Math.round(rect.left)}–${Math.round(rect.right)}]`,
        });
      }
    }
    // Text cut in the header or the (visible) navigation: a box narrower or lower than its text.
    const nav = document.querySelector('#portal-navigation');
    const navVisible =
      nav && nav.getBoundingClientRect().right > 0 && getComputedStyle(nav).visibility !== 'hidden';
    const scopes = [header, navVisible ? nav : null].filter((scope): scope is Element => scope !== null);
    for (const scope of scopes) {
      for (const el of scope.querySelectorAll<HTMLElement>('*')) {
        const hasText = [...el.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
        );
        // Visually hidden text (names of icon buttons) is clipped on purpose.
        if (!hasText || el.closest('[aria-hidden="true"], .mantine-VisuallyHidden-root') || !rendered(el))
          continue;
        const cutX = el.scrollWidth > el.clientWidth + 1;
        const cutY = el.scrollHeight > el.clientHeight + 2;
        const style = getComputedStyle(el);
        const clips =
          style.overflowX !== 'visible' || style.overflowY !== 'visible' || style.webkitLineClamp !== 'none';
        if (clips && (cutX || cutY)) problems.push({ what: 'texto cortado', detail: label(el) });
      }
      if (scope === nav) {
        for (const link of nav.querySelectorAll('a')) {
          if (!inViewport(link))
            problems.push({ what: 'enlace de navegación fuera de la pantalla', detail: label(link) });
          // A count badge (Proyectos 6, Tickets 3) sits at the icon's corner: it may touch the
          // icon, never hide more than a quarter of it.
          const icon = link.querySelector('svg');
          const badge = link.querySelector('.mantine-Badge-root');
          if (icon && badge) {
            const a = icon.getBoundingClientRect();
            const b = badge.getBoundingClientRect();
            const overlapX = Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left));
            const overlapY = Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
            if (overlapX * overlapY > 0.25 * a.width * a.height)
              problems.push({ what: 'contador que tapa el icono de navegación', detail: label(link) });
          }
        }
      }
    }
    // Text in the page cut by a box that clips (a card with overflow hidden): its line runs past
    // the box's edge. Deliberate truncation (ellipsis, line clamp), visually hidden text for
    // screen readers (FullCalendar's full dates and weekday names: a 1 px box clipped by
    // `clip-path: inset(50%)`) and scroll boxes are not cuts.
    const main = document.querySelector('main');
    for (const el of main ? main.querySelectorAll<HTMLElement>('*') : []) {
      const hasText = [...el.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
      if (!hasText || !rendered(el) || el.closest('.mantine-VisuallyHidden-root, [aria-hidden="true"]'))
        continue;
      const own = getComputedStyle(el);
      if (own.textOverflow === 'ellipsis' || own.webkitLineClamp !== 'none') continue;
      if (
        own.clipPath === 'inset(50%)' ||
        (own.position === 'absolute' && el.getBoundingClientRect().width <= 1)
      )
        continue;
      let box = el.parentElement;
      while (box && box !== main && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
      if (!box || box === main) continue;
      const clip = getComputedStyle(box);
      if (['auto', 'scroll'].includes(clip.overflowX) || clip.textOverflow === 'ellipsis') continue;
      const range = document.createRange();
      range.selectNodeContents(el);
      const text = range.getBoundingClientRect();
      const edge = box.getBoundingClientRect();
      if (text.width > 0 && (text.right > edge.right + 1 || text.left < edge.left - 1)) {
        problems.push({ what: 'texto cortado por su caja', detail: label(el) });
      }
    }
    return problems;
  }, SCROLL_REGION);
}
