import type { ThemeVariant } from '@agencia/shared';
import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  lighten,
  luminance,
  type MantineColorsTuple,
  type MantineTheme,
  type MantineThemeOverride,
} from '@mantine/core';

/*
 * Theme variants of spec doc 1 §9. Each primary shade is chosen so white text on a filled button
 * reaches WCAG 2.2 AA contrast (≥ 4.5:1, SC 1.4.3); Mantine's default blue.6 is only 3.56:1.
 */

const SYSTEM_FONT =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';
const ROUNDED_FONT = `"Nunito", "Segoe UI Variable", "Trebuchet MS", ${SYSTEM_FONT}`;
const SERIF_FONT = 'Georgia, Cambria, "Times New Roman", Times, serif';
const GEOMETRIC_FONT = `"Avenir Next", Montserrat, "Century Gothic", ${SYSTEM_FONT}`;

/** Orange with darker 8/9 shades (Mantine's orange.9 is 4.30:1 on white). #c2410c is 5.18:1. */
const sunset: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#fd7e14',
  '#e8590c',
  '#c2410c',
  '#9a3412',
];

/** Green with darker 8/9 shades (Mantine's green.9 is 4.37:1 on white). #1e6b34 is 6.4:1. */
const forest: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#40c057',
  '#2f9e44',
  '#1e6b34',
  '#14532d',
];

interface VariantConfig {
  primaryColor: string;
  /** Shade index used for filled surfaces; every value here passes 4.5:1 with white text. */
  shade: 8 | 9;
  fontFamily: string;
  headingsFontFamily?: string;
  defaultRadius: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
}

/** Variant → Mantine theme ingredients. */
export const VARIANT_CONFIG: Record<ThemeVariant, VariantConfig> = {
  default: { primaryColor: 'blue', shade: 8, fontFamily: SYSTEM_FONT, defaultRadius: 'md' },
  modern: { primaryColor: 'indigo', shade: 8, fontFamily: GEOMETRIC_FONT, defaultRadius: 'lg' },
  minimal: { primaryColor: 'gray', shade: 8, fontFamily: SYSTEM_FONT, defaultRadius: 'xs' },
  vibrant: { primaryColor: 'pink', shade: 8, fontFamily: ROUNDED_FONT, defaultRadius: 'xl' },
  corporate: {
    primaryColor: 'blue',
    shade: 9,
    fontFamily: SYSTEM_FONT,
    headingsFontFamily: SERIF_FONT,
    defaultRadius: 'sm',
  },
  ocean: { primaryColor: 'cyan', shade: 9, fontFamily: SYSTEM_FONT, defaultRadius: 'lg' },
  sunset: { primaryColor: 'sunset', shade: 8, fontFamily: ROUNDED_FONT, defaultRadius: 'md' },
  forest: { primaryColor: 'forest', shade: 8, fontFamily: SYSTEM_FONT, defaultRadius: 'md' },
  royal: {
    primaryColor: 'violet',
    shade: 8,
    fontFamily: SYSTEM_FONT,
    headingsFontFamily: SERIF_FONT,
    defaultRadius: 'sm',
  },
  neon: { primaryColor: 'grape', shade: 8, fontFamily: GEOMETRIC_FONT, defaultRadius: 'xl' },
};

/** Mantine theme for a variant. */
export function buildTheme(variant: ThemeVariant): MantineThemeOverride {
  const config = VARIANT_CONFIG[variant];
  return createTheme({
    primaryColor: config.primaryColor,
    primaryShade: { light: config.shade, dark: config.shade },
    colors: { sunset, forest },
    fontFamily: config.fontFamily,
    headings: { fontFamily: config.headingsFontFamily ?? config.fontFamily, fontWeight: '700' },
    defaultRadius: config.defaultRadius,
    cursorType: 'pointer',
    // Mantine transitions (modals, menus, collapses) drop to 0 ms under prefers-reduced-motion.
    respectReducedMotion: true,
    components: {
      Notification: { defaultProps: { withBorder: true } },
    },
  });
}

/** WCAG 2.2 SC 1.4.3: normal-size text needs 4.5:1 against its background. */
export const MIN_TEXT_CONTRAST = 4.5;

/** Contrast ratio of two opaque colours (hex or rgb[a]), 1–21 (WCAG 2.2 "contrast ratio"). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * `color` darkened (light scheme) or lightened (dark scheme) in 4 % steps until it reaches
 * `MIN_TEXT_CONTRAST` (+0.1 margin for rounding) against every colour of `backgrounds`.
 */
export function readableOn(color: string, backgrounds: string[], scheme: 'light' | 'dark'): string {
  let result = color;
  for (let step = 0; step < 25; step += 1) {
    if (backgrounds.every((background) => contrastRatio(result, background) >= MIN_TEXT_CONTRAST + 0.1)) {
      return result;
    }
    result = scheme === 'light' ? darken(result, 0.04) : lighten(result, 0.04);
  }
  return scheme === 'light' ? '#000000' : '#ffffff';
}

/** Body and card backgrounds the `light` variant sits on (Mantine white / dark-7 / dark-6). */
const SURFACES = { light: ['#ffffff', '#f8f9fa'], dark: ['#242424', '#2e2e2e'] } as const;

/**
 * Text colour of Mantine's `light` variant (badges, light buttons, alerts) per palette and scheme,
 * so it reads at ≥ 4.5:1 on its own tint, its hover tint and the page. Mantine's defaults (shade 9
 * on shade 1) fail for orange (3.6:1), green (3.8:1), yellow (2.7:1) and teal (4.3:1).
 */
export function lightVariantTextColors(theme: Pick<MantineTheme, 'colors'>) {
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (!shades || shades.length < 10) continue;
    const tint = shades[1] as string;
    const hoverTint = shades[2] as string;
    light[`--mantine-color-${name}-light-color`] = readableOn(
      shades[9] as string,
      [tint, hoverTint, ...SURFACES.light],
      'light',
    );
    const darkTint = darken(shades[9] as string, 0.5);
    const darkHoverTint = darken(shades[9] as string, 0.3);
    dark[`--mantine-color-${name}-light-color`] = readableOn(
      shades[0] as string,
      [darkTint, darkHoverTint, ...SURFACES.dark],
      'dark',
    );
  }
  return { light, dark };
}

/**
 * Scheme variables (decision 108): dimmed text in Mantine's light scheme (gray.6, #868e96) is
 * 3.3:1 on white, gray.7 reaches 5.4:1; in the dark scheme dark.2 is 4.0:1 on the body, dark.1
 * 7.9:1. The light variant's text colour comes from
 * `lightVariantTextColors`.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const text = lightVariantTextColors(theme);
  return {
    variables: {},
    light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', ...text.light },
    dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', ...text.dark },
  };
};
