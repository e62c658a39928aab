import { Box, type BoxProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A row of stat cards (dashboard, billing): as many columns of at least `minColumn` (default 15rem)
 * as fit — four at 1440 px, one on phones. In rem, not viewport breakpoints, so with the text at
 * 200 % the cards take two columns instead of four too narrow for their amounts (WCAG 1.4.4 /
 * 1.4.10, decision 112). Short values (a date, a count) may take a narrower minimum.
 */
export function StatGrid({
  children,
  minColumn = '15rem',
  ...props
}: BoxProps & { children: ReactNode; minColumn?: string }) {
  return (
    <Box
      {...props}
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, ${minColumn}), 1fr))`,
        gap: 'var(--mantine-spacing-md)',
      }}
    >
      {children}
    </Box>
  );
}
