import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scrollToSection } from './scroll';

/** Records which element each `scrollIntoView` call was made on, and how. */
const calls: { id: string; options: ScrollIntoViewOptions | boolean | undefined }[] = [];

function section(id: string): HTMLElement {
  const element = document.createElement('section');
  element.id = id;
  document.body.append(element);
  return element;
}

const original = HTMLElement.prototype.scrollIntoView;

describe('scrollToSection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    calls.length = 0;
    document.body.innerHTML = '';
    HTMLElement.prototype.scrollIntoView = function (
      this: Element,
      options?: ScrollIntoViewOptions | boolean,
    ) {
      calls.push({ id: this.id, options });
    };
    window.matchMedia = ((query: string) => ({ matches: false, media: query })) as typeof window.matchMedia;
  });
  afterEach(() => {
    vi.useRealTimers();
    HTMLElement.prototype.scrollIntoView = original;
  });

  it('answers false when the section is not on the page', () => {
    expect(scrollToSection('stats')).toBe(false);
    expect(calls).toEqual([]);
  });

  it('scrolls smoothly, then completes the scroll on the same section 1.5 s later', () => {
    section('stats');
    expect(scrollToSection('stats')).toBe(true);
    expect(calls).toEqual([{ id: 'stats', options: { behavior: 'smooth', block: 'start' } }]);
    vi.advanceTimersByTime(1499);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(calls[1]).toEqual({ id: 'stats', options: { block: 'start' } });
  });

  it('completes the scroll on the section that replaced the first one (the app took over the pre-rendered page)', () => {
    const prerendered = section('testimonials');
    scrollToSection('testimonials');
    prerendered.remove();
    const rendered = section('testimonials');
    let scrolledOn: Element | null = null;
    rendered.scrollIntoView = function (this: Element) {
      scrolledOn = this;
    };
    vi.advanceTimersByTime(1500);
    expect(scrolledOn).toBe(rendered);
  });

  it('leaves the page where the visitor scrolled to meanwhile', () => {
    section('footer');
    scrollToSection('footer');
    window.dispatchEvent(new Event('wheel'));
    vi.advanceTimersByTime(1500);
    expect(calls).toHaveLength(1);
  });
});
