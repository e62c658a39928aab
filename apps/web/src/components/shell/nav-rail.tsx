import { Badge, Stack, Tooltip, VisuallyHidden } from '@mantine/core';
import { NavLink } from 'react-router';
import type { NavBadges } from './api/get-nav-badges';
import type { NavBadgeKey, NavItem } from './nav-items';
import classes from './nav-rail.module.css';

interface NavRailProps {
  items: NavItem[];
  badges?: NavBadges;
  /** Mobile: full-width list with labels instead of an icon rail with tooltips. */
  expanded?: boolean;
  onNavigate?: () => void;
}

/** What a rail counter counts, read after the label ("Proyectos, 6 activos"). */
const BADGE_NOUNS: Record<NavBadgeKey, string> = { projects: 'activos', tickets: 'abiertos' };

/**
 * The portal's 80 px icon rail (spec doc 1 §2): tooltip with label, active item highlighted.
 * Each link's name is its text, not an `aria-label` (WCAG 2.5.3, decision 108): the label (visually
 * hidden on the rail, shown on phones) and then the counter in words.
 */
export function NavRail({ items, badges, expanded = false, onNavigate }: NavRailProps) {
  return (
    <Stack
      component="ul"
      gap={6}
      align={expanded ? 'stretch' : 'center'}
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {items.map((item) => {
        const count = item.badge ? (badges?.[item.badge] ?? 0) : 0;
        const Icon = item.icon;
        const link = (
          <NavLink
            to={item.to}
            className={expanded ? `${classes.link} ${classes.expanded}` : classes.link}
            onClick={onNavigate}
          >
            <Icon size="1.5rem" stroke={1.6} aria-hidden />
            {expanded ? (
              <span className={classes.label} data-nav-label>
                {item.label}
              </span>
            ) : (
              <VisuallyHidden data-nav-label>{item.label}</VisuallyHidden>
            )}
            {count > 0 && item.badge && (
              <>
                {/* Right after the label, so the name reads "Proyectos, 6 activos" (no block between). */}
                <VisuallyHidden>{`, ${count} ${BADGE_NOUNS[item.badge]}`}</VisuallyHidden>
                <Badge className={classes.badge} size="xs" circle={count < 10} color="red" aria-hidden>
                  {count > 99 ? '99+' : count}
                </Badge>
              </>
            )}
          </NavLink>
        );
        return (
          <li key={item.to}>
            {expanded ? (
              link
            ) : (
              <Tooltip label={item.label} position="right" withArrow transitionProps={{ duration: 0 }}>
                {link}
              </Tooltip>
            )}
          </li>
        );
      })}
    </Stack>
  );
}
