import { Box, type BoxProps } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import classes from './stat-grid.module.css';

/**
 * A row of stat cards (dashboard, billing, clients…): as many columns of at least `minColumn`
 * (default 15rem) as fit — four at 1440 px. On phones (issue 32) two compact cards a row: smaller
 * padding and figures, no decorative icon ({@link StatCard} marks its parts), so the list below
 * starts on the first screen. In rem, not viewport breakpoints, so with the text at 200 % the
 * cards take fewer columns instead of columns too narrow for their amounts (WCAG 1.4.4 / 1.4.10,
 * decision 112). Short values (a date, a count) may take a narrower minimum.
 */
export function StatGrid({
  children,
  minColumn = '15rem',
  ...props
}: BoxProps & { children: ReactNode; minColumn?: string }) {
  return (
    <Box
      {...props}
      className={classes.grid}
      data-testid="stat-grid"
      style={{ '--stat-min': minColumn } as CSSProperties}
    >
      {children}
    </Box>
  );
}
