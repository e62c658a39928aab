import { afterEach, describe, expect, it } from 'vitest';
import { hasPrerenderedThemeVariables, PRERENDERED_THEME_ATTRIBUTE } from './prerendered-theme';

describe('hasPrerenderedThemeVariables (decision 153)', () => {
  afterEach(() => {
    for (const style of document.head.querySelectorAll(`style[${PRERENDERED_THEME_ATTRIBUTE}]`))
      style.remove();
  });

  it('is true only for the variant whose variables the build left in <head>', () => {
    expect(hasPrerenderedThemeVariables('default')).toBe(false);
    const style = document.createElement('style');
    style.setAttribute(PRERENDERED_THEME_ATTRIBUTE, 'default');
    style.textContent = ':root{--mantine-color-body:#fff}';
    document.head.append(style);
    expect(hasPrerenderedThemeVariables('default')).toBe(true);
    expect(hasPrerenderedThemeVariables('ocean')).toBe(false);
  });
});
