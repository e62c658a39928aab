import type { ThemeVariant } from '@agencia/shared';
import {
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
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
    components: {
      Notification: { defaultProps: { withBorder: true } },
    },
  });
}

/**
 * Dimmed text in Mantine's light scheme (gray.6, #868e96) is 3.3:1 on white; gray.7 reaches 5.4:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
