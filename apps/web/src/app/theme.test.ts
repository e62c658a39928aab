import { EVENT_TYPE_HEX, THEME_VARIANTS } from '@agencia/shared';
import { DEFAULT_THEME, darken, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  buildTheme,
  contrastRatio,
  cssVariablesResolver,
  MIN_TEXT_CONTRAST,
  PLACEHOLDER,
  readableOn,
  VARIANT_CONFIG,
} from './theme';

/** Decision 108: colour tokens keep WCAG 2.2 AA contrast in every variant and both schemes. */
describe('theme contrast (WCAG 2.2 SC 1.4.3)', () => {
  it('measures contrast like WCAG: black on white is 21:1, a colour on itself 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#d9480f', '#d9480f')).toBe(1);
    // The failure issue 17 reported: Mantine's orange badge, 3.6:1.
    expect(contrastRatio('#d9480f', '#ffe8cc')).toBeCloseTo(3.6, 1);
  });

  it('readableOn darkens (light) or lightens (dark) only as far as needed', () => {
    expect(readableOn('#000000', ['#ffffff'], 'light')).toBe('#000000');
    const orange = readableOn('#d9480f', ['#ffe8cc'], 'light');
    expect(orange).not.toBe('#d9480f');
    expect(contrastRatio(orange, '#ffe8cc')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    const onDark = readableOn('#495057', ['#242424'], 'dark');
    expect(contrastRatio(onDark, '#242424')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  for (const { value: variant } of THEME_VARIANTS) {
    describe(`variant ${variant}`, () => {
      const theme = mergeMantineTheme(DEFAULT_THEME, buildTheme(variant));
      const variables = cssVariablesResolver(theme);
      const palettes = Object.entries(theme.colors).filter(([, shades]) => shades.length >= 10);

      it('text tokens (light variant, <Text c>, outline) ≥ 4.5:1 on their backgrounds in light and dark', () => {
        const failures: string[] = [];
        for (const [name, shades] of palettes) {
          const lightText = variables.light[`--mantine-color-${name}-light-color`] as string;
          const darkText = variables.dark[`--mantine-color-${name}-light-color`] as string;
          const lightOn = variables.light[`--mantine-color-${name}-text`] as string;
          const lightOutline = variables.light[`--mantine-color-${name}-outline`] as string;
          const darkOn = variables.dark[`--mantine-color-${name}-text`] as string;
          const darkOutline = variables.dark[`--mantine-color-${name}-outline`] as string;
          const pairs: [string, string, string][] = [
            ['text', lightOn, '#ffffff'],
            ['outline', lightOutline, '#ffffff'],
            ['dark text', darkOn, '#2e2e2e'],
            ['dark outline', darkOutline, '#2e2e2e'],
            ['light', lightText, shades[1] as string],
            ['light hover', lightText, shades[2] as string],
            ['light page', lightText, '#ffffff'],
            ['dark', darkText, darken(shades[9] as string, 0.5)],
            ['dark hover', darkText, darken(shades[9] as string, 0.3)],
            ['dark page', darkText, '#242424'],
          ];
          for (const [where, text, background] of pairs) {
            const ratio = contrastRatio(text, background);
            if (ratio < MIN_TEXT_CONTRAST) failures.push(`${name} ${where}: ${ratio.toFixed(2)}`);
          }
        }
        expect(failures).toEqual([]);
      });

      it('white text on the primary filled colour ≥ 4.5:1', () => {
        const { primaryColor, shade } = VARIANT_CONFIG[variant];
        const filled = theme.colors[primaryColor]?.[shade] as string;
        expect(contrastRatio('#ffffff', filled)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      });

      it('white text on the filled hover colour Mantine resolves ≥ 4.5:1', () => {
        const key = `--mantine-color-${theme.primaryColor}-filled-hover` as const;
        const hover = defaultCssVariablesResolver(theme).light[key] as string;
        const [, name, index] = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(hover) ?? [];
        const hex = theme.colors[name as string]?.[Number(index)] as string;
        expect(hex, hover).toMatch(/^#/);
        expect(contrastRatio('#ffffff', hex), hover).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      });

      it('dimmed text ≥ 4.5:1 on white (light) and on the dark body', () => {
        expect(variables.light['--mantine-color-dimmed']).toBe('var(--mantine-color-gray-7)');
        expect(contrastRatio(theme.colors.gray[7], '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
        expect(variables.dark['--mantine-color-dimmed']).toBe('var(--mantine-color-dark-1)');
        expect(contrastRatio(theme.colors.dark[1], '#2e2e2e')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      });
    });
  }

  it('placeholders ≥ 4.5:1 on the input background (white, dark.6)', () => {
    expect(contrastRatio(PLACEHOLDER.light, '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(PLACEHOLDER.dark, '#2e2e2e')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('calendar events: white text on every event type colour ≥ 4.5:1', () => {
    for (const [type, hex] of Object.entries(EVENT_TYPE_HEX)) {
      expect(contrastRatio('#ffffff', hex), type).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });
});
