import { HASH_SCROLL_DELAY_MS } from '../data/sections';

/** Smoothly scrolls to the element with `id`; false when it is not on the page. */
export function scrollToSection(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  return true;
}

/** Scrolls to the section named by `hash` ('#services') after ≈100 ms (spec doc 1 §2). */
export function scheduleHashScroll(hash: string): () => void {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (!id) return () => {};
  const timer = window.setTimeout(() => scrollToSection(id), HASH_SCROLL_DELAY_MS);
  return () => window.clearTimeout(timer);
}
