import type { ThemeVariant } from '@agencia/shared';
import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  getPrimaryShade,
  luminance,
  type MantineColorsTuple,
  type MantineTheme,
  type MantineThemeOverride,
  toRgba,
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

/**
 * Cyan whose filled shade (8) and its hover (9, Mantine's filled hover is the next darker shade)
 * both pass with white text: Mantine's cyan.9 filled hovers to cyan.8 (#0c8599), 4.35:1.
 * #0b7285 is 5.59:1, #095c6b 7.62:1.
 */
const ocean: MantineColorsTuple = [
  '#e3fafc',
  '#c5f6fa',
  '#99e9f2',
  '#66d9e8',
  '#3bc9db',
  '#22b8cf',
  '#15aabf',
  '#1098ad',
  '#0b7285',
  '#095c6b',
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
  ocean: { primaryColor: 'ocean', shade: 8, fontFamily: SYSTEM_FONT, defaultRadius: 'lg' },
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
    colors: { sunset, forest, ocean },
    fontFamily: config.fontFamily,
    headings: { fontFamily: config.headingsFontFamily ?? config.fontFamily, fontWeight: '700' },
    defaultRadius: config.defaultRadius,
    cursorType: 'pointer',
    // Mantine transitions (modals, menus, collapses) drop to 0 ms under prefers-reduced-motion.
    respectReducedMotion: true,
    // Names for Mantine's icon-only buttons, once for every screen (decision 108). A toast is no
    // live region of its own (one that appears with its text is often not read, and one that is
    // read would be read twice): `ToastAnnouncements` writes it into the app's live regions (decision 112).
    components: {
      Notification: {
        defaultProps: {
          withBorder: true,
          role: 'none',
          closeButtonProps: { 'aria-label': 'Cerrar notificación' },
        },
        // Mantine colours the description dark.2 in the dark scheme: 3.5:1 on the toast (dark.6,
        // axe in the screen walk); the dimmed text token reaches 4.5:1 in both schemes (decision 108).
        styles: { description: { color: 'var(--mantine-color-dimmed)' } },
      },
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } },
      // Loaders carry an aria-label ("Cargando facturas"); on a span without a role it is not read
      // and axe reports aria-prohibited-attr. As a status it is announced (decision 163).
      Loader: { defaultProps: { role: 'status' } },
      // The placeholder is a focusable role="presentation" div inside role="menu" (axe
      // aria-required-children); without it the focus lands on the first item, as ARIA's menu
      // pattern asks.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } },
      ColorInput: {
        defaultProps: { eyeDropperButtonProps: { 'aria-label': 'Tomar un color de la pantalla' } },
      },
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

/** Relative luminance of a colour given as 0–255 channels (WCAG 2.2; as Mantine's `luminance`). */
function channelLuminance(r: number, g: number, b: number): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * `color` darkened (light scheme) or lightened (dark scheme) in 4 % steps until it reaches
 * `MIN_TEXT_CONTRAST` (+0.1 margin for rounding) against every colour of `backgrounds`.
 * The steps are Mantine's `darken`/`lighten` (rounded channels, `rgba(…)` result), taken on the
 * channels rather than on strings: the app computes these tokens while it renders its first frame,
 * and parsing a string per step and per background cost ~10 ms there (decision 134).
 */
export function readableOn(color: string, backgrounds: string[], scheme: 'light' | 'dark'): string {
  const backgroundLuminances = backgrounds.map(luminance);
  const { r, g, b, a } = toRgba(color);
  let channels = [r, g, b] as const;
  const step =
    scheme === 'light'
      ? (channel: number) => Math.round(channel * 0.96)
      : (channel: number) => Math.round(channel + (255 - channel) * 0.04);
  for (let steps = 0; steps < 25; steps += 1) {
    const own = channelLuminance(...channels);
    const readable = backgroundLuminances.every(
      (other) => (Math.max(own, other) + 0.05) / (Math.min(own, other) + 0.05) >= MIN_TEXT_CONTRAST + 0.1,
    );
    if (readable) return steps === 0 ? color : `rgba(${channels.join(', ')}, ${a})`;
    channels = [step(channels[0]), step(channels[1]), step(channels[2])];
  }
  return scheme === 'light' ? '#000000' : '#ffffff';
}

/** Placeholder text per scheme (≥ 4.5:1 on the input background). */
export const PLACEHOLDER = { light: '#6c757d', dark: '#9a9a9a' } as const;

/** Body and card backgrounds the `light` variant sits on (Mantine white / dark-7 / dark-6). */
const SURFACES = { light: ['#ffffff', '#f8f9fa'], dark: ['#242424', '#2e2e2e'] } as const;

/**
 * Colour tokens that carry text, per palette and scheme, raised to ≥ 4.5:1 (decision 108):
 * - `-light-color`, the text of the `light` variant (badges, light buttons, alerts) on its own tint,
 *   its hover tint and the page. Mantine's shade 9 on shade 1 fails for orange (3.6:1), green
 *   (3.8:1), yellow (2.7:1) and teal (4.3:1).
 * - `-text` (`<Text c="red">`) and `-outline` (outline badges and buttons) on the page: Mantine uses
 *   the filled shade (orange.8 is 3.6:1 on white) and, in the dark scheme, light shades that some
 *   palettes need lighter still.
 */
export function textColorTokens(theme: Pick<MantineTheme, 'colors' | 'primaryShade'>) {
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  const lightShade = getPrimaryShade(theme as MantineTheme, 'light');
  const darkShade = getPrimaryShade(theme as MantineTheme, 'dark');
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (!shades || shades.length < 10) continue;
    const shade = (index: number) => shades[index] as string;
    light[`--mantine-color-${name}-light-color`] = readableOn(
      shade(9),
      [shade(1), shade(2), ...SURFACES.light],
      'light',
    );
    const onLight = readableOn(shade(lightShade), [...SURFACES.light], 'light');
    light[`--mantine-color-${name}-text`] = onLight;
    light[`--mantine-color-${name}-outline`] = onLight;
    dark[`--mantine-color-${name}-light-color`] = readableOn(
      shade(0),
      [darken(shade(9), 0.5), darken(shade(9), 0.3), ...SURFACES.dark],
      'dark',
    );
    dark[`--mantine-color-${name}-text`] = readableOn(shade(4), [...SURFACES.dark], 'dark');
    dark[`--mantine-color-${name}-outline`] = readableOn(
      shade(Math.max(darkShade - 4, 0)),
      [...SURFACES.dark],
      'dark',
    );
  }
  return { light, dark };
}

/**
 * Scheme variables (decision 108): dimmed text in Mantine's light scheme (gray.6, #868e96) is
 * 3.3:1 on white, gray.7 reaches 5.4:1; in the dark scheme dark.2 is 4.0:1 on the body, dark.1
 * 7.9:1. Text-carrying palette tokens come from `textColorTokens`.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const text = textColorTokens(theme);
  return {
    variables: {},
    light: {
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
      // Placeholders are text too (SC 1.4.3): gray.5 is 2.1:1 on white, #6c757d 4.7:1.
      '--mantine-color-placeholder': PLACEHOLDER.light,
      ...text.light,
      // Links use the primary colour's readable text shade (royal's violet.4 was 4.0:1 in dark).
      '--mantine-color-anchor': `var(--mantine-color-${theme.primaryColor}-text)`,
    },
    dark: {
      '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
      // dark.3 is 2.6:1 on an input (dark.6); #9a9a9a 4.8:1.
      '--mantine-color-placeholder': PLACEHOLDER.dark,
      ...text.dark,
      '--mantine-color-anchor': `var(--mantine-color-${theme.primaryColor}-text)`,
    },
  };
};
