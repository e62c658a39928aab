import { createContext, use } from 'react';
import { ALL_CATEGORIES, PROJECTS } from '../data/projects';

/**
 * True while the page is rendered at build time (`prerender/entry.tsx` provides it), so a page
 * can mark the controls that an inline script drives until the app takes over (decision 134).
 * The app never provides it: its markup carries no such mark, which is what makes the script
 * leave the app's own controls alone.
 */
export const PrerenderContext = createContext(false);

/** Whether this render is the build-time pre-render (see {@link PrerenderContext}). */
export function usePrerendering(): boolean {
  return use(PrerenderContext);
}

/** Attribute on the pre-rendered portfolio's category filter (the Chip group). */
export const PRERENDERED_FILTER_ATTRIBUTE = 'data-prerendered-filter';
/** `<html>` attribute holding the category picked on the pre-rendered page, until the app takes it. */
export const PICKED_CATEGORY_ATTRIBUTE = 'data-portfolio-category';

/**
 * Makes the pre-rendered portfolio's category filter work before the app has taken over
 * (decision 134): the page is on screen from its HTML in ~0.7 s but the app replaces it only
 * later (decision 027), and a click in between used to be lost. On a chip's `change` it draws
 * the chips as Mantine's Chip does for that value (`data-checked` and the check icon on the
 * picked label, the radios' state), hides the cards of other categories, and records the value
 * on `<html>` for the app ({@link takePickedCategory}). Once the app has replaced the markup,
 * the filter it draws has no {@link PRERENDERED_FILTER_ATTRIBUTE}, and this does nothing.
 *
 * Self-contained on purpose (no imports, no outer names): the pre-render inlines its source in
 * the `<head>` of `/portfolio`, so it listens before the filter is even parsed.
 *
 * @param categories project id (`data-project-id` of a card) → its category
 * @param all the value that shows every project ('Todos')
 * @returns removes the listener (for tests; the page never does)
 */
export function filterPrerenderedPortfolio(
  categories: Record<string, string>,
  all: string,
  filterAttribute: string,
  pickedAttribute: string,
): () => void {
  const onChange = (event: Event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.checked) return;
    const group = input.closest(`[${filterAttribute}]`);
    const label = input.labels?.[0];
    if (!group || !label) return;
    const previous = group.querySelector('label[data-checked]');
    if (previous && previous !== label) {
      previous.removeAttribute('data-checked');
      // The check icon precedes the text in the picked chip's label only.
      const icon = previous.childElementCount > 1 ? previous.firstElementChild : null;
      if (icon) label.prepend(icon);
    }
    label.setAttribute('data-checked', 'true');
    for (const other of group.querySelectorAll('input')) other.checked = other === input;
    for (const card of document.querySelectorAll<HTMLElement>('[data-project-id]')) {
      const shown = input.value === all || categories[card.dataset.projectId ?? ''] === input.value;
      card.style.display = shown ? '' : 'none';
    }
    document.documentElement.setAttribute(pickedAttribute, input.value);
  };
  document.addEventListener('change', onChange);
  return () => document.removeEventListener('change', onChange);
}

/**
 * The category picked on the pre-rendered portfolio before the app took over, once (it is
 * cleared, so the next visit of the page starts from 'Todos' again); null when none was picked
 * or the value is not one of `known`.
 */
export function takePickedCategory(known: readonly string[]): string | null {
  const root = document.documentElement;
  const picked = root.getAttribute(PICKED_CATEGORY_ATTRIBUTE);
  root.removeAttribute(PICKED_CATEGORY_ATTRIBUTE);
  return picked !== null && known.includes(picked) ? picked : null;
}

/** {@link filterPrerenderedPortfolio} as an inline `<head>` script for the pre-rendered portfolio. */
export function prerenderedFilterScript(): string {
  const categories = Object.fromEntries(PROJECTS.map((project) => [project.id, project.category]));
  const args = [categories, ALL_CATEGORIES, PRERENDERED_FILTER_ATTRIBUTE, PICKED_CATEGORY_ATTRIBUTE];
  return `<script>(${filterPrerenderedPortfolio.toString()})(${args.map((arg) => JSON.stringify(arg)).join(',')})</script>`;
}
