import { Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './card-link.module.css';

/** Class for controls inside a card with a `CardLink` (menus, buttons): above the link's area. */
export const cardLinkAbove = classes.above;

/**
 * The title of a list card as a link covering the whole card (issue 32): a click anywhere on the
 * card opens `to`, and so do a middle click, "open in a new tab" and Enter on its focus, without
 * nesting the card's other controls inside a link (give those `cardLinkAbove`). The text wraps:
 * never cut to one line.
 */
export function CardLink({ to, children, ...props }: { to: string; children: ReactNode } & TextProps) {
  return (
    <Text component={Link} to={to} className={classes.link} {...props}>
      {children}
    </Text>
  );
}
