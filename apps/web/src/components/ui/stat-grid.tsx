import { Box, type BoxProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A row of stat cards (dashboard, billing): as many columns of at least 15rem as fit — four at
 * 1440 px, one on phones. In rem, not viewport breakpoints, so with the text at 200 % the cards
 * take two columns instead of four too narrow for their amounts (WCAG 1.4.4 / 1.4.10,
 * decision 112).
 */
export function StatGrid({ children, ...props }: BoxProps & { children: ReactNode }) {
  return (
    <Box
      {...props}
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 15rem), 1fr))',
        gap: 'var(--mantine-spacing-md)',
      }}
    >
      {children}
    </Box>
  );
}
