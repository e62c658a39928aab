import type { ButtonProps } from '@mantine/core';

/**
 * `styles` for a Mantine `Button` whose label may be wider than its box (a narrow card with the
 * text at 200 %): the label wraps onto a second line and the button grows, instead of the label
 * being cut (WCAG 2.2 SC 1.4.4 / 1.4.10, decision 112). At normal sizes it looks like any button.
 */
export const WRAPPING_BUTTON_STYLES = {
  root: {
    height: 'auto',
    minHeight: 'var(--button-height)',
    paddingBlock: 'calc(var(--mantine-spacing-xs) / 4)',
  },
  inner: { height: 'auto' },
  label: { whiteSpace: 'normal', height: 'auto', textAlign: 'center' },
} satisfies ButtonProps['styles'];
