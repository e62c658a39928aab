/**
 * `<style>` attribute of the default theme's CSS variables on the pre-rendered pages: the build
 * moves them from the top of `#root` to the end of `<head>` (`scripts/prerender.mjs`, decision 153).
 */
export const PRERENDERED_THEME_ATTRIBUTE = 'data-prerendered-theme';

/**
 * Whether the page's `<head>` already holds the CSS variables of theme `variant` (only the default
 * theme is pre-rendered), so that Mantine need not compute and draw them again: that was one
 * 60–100 ms task (at 4× CPU slowdown) of the app's first render on `/` and `/portfolio`.
 */
export function hasPrerenderedThemeVariables(variant: string): boolean {
  return (
    typeof document !== 'undefined' &&
    document.head.querySelector(`style[${PRERENDERED_THEME_ATTRIBUTE}="${variant}"]`) !== null
  );
}
