import { HASH_SCROLL_DELAY_MS } from '../data/sections';

/** After this many ms a smooth scroll that has not arrived is finished with a jump. */
const SMOOTH_SCROLL_SETTLE_MS = 1500;
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Smoothly scrolls to the element with `id`; false when it is not on the page. A smooth scroll
 * started while the page is busy (right after the app starts) can stall half-way in Chromium;
 * unless the visitor has scrolled meanwhile, it is completed without animation after 1.5 s, on
 * the element that has the id then: the app may have replaced the pre-rendered markup (decision
 * 027) in between, and the first element, gone from the page, no longer marks the section.
 */
export function scrollToSection(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  if (!reduce) {
    let userScrolled = false;
    const onUserScroll = () => {
      userScrolled = true;
    };
    for (const type of USER_SCROLL_EVENTS)
      window.addEventListener(type, onUserScroll, { passive: true, once: true });
    window.setTimeout(() => {
      for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, onUserScroll);
      // Where the smooth scroll already arrived this moves nothing.
      const target = element.isConnected ? element : document.getElementById(id);
      if (!userScrolled && target) target.scrollIntoView({ block: 'start' });
    }, SMOOTH_SCROLL_SETTLE_MS);
  }
  return true;
}

/** Scrolls to the section named by `hash` ('#services') after ≈100 ms (spec doc 1 §2). */
export function scheduleHashScroll(hash: string): () => void {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (!id) return () => {};
  const timer = window.setTimeout(() => scrollToSection(id), HASH_SCROLL_DELAY_MS);
  return () => window.clearTimeout(timer);
}
