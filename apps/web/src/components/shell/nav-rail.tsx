import { Badge, Stack, Tooltip } from '@mantine/core';
import { NavLink } from 'react-router';
import type { NavBadges } from './api/get-nav-badges';
import type { NavItem } from './nav-items';
import classes from './nav-rail.module.css';

interface NavRailProps {
  items: NavItem[];
  badges?: NavBadges;
  /** Mobile: full-width list with labels instead of an icon rail with tooltips. */
  expanded?: boolean;
  onNavigate?: () => void;
}

/** The portal's 80 px icon rail (spec doc 1 §2): tooltip with label, active item highlighted. */
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
            aria-label={count > 0 ? `${item.label} (${count})` : item.label}
            onClick={onNavigate}
          >
            <Icon size={24} stroke={1.6} />
            {expanded && <span className={classes.label}>{item.label}</span>}
            {count > 0 && (
              <Badge className={classes.badge} size="xs" circle={count < 10} color="red" aria-hidden>
                {count > 99 ? '99+' : count}
              </Badge>
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
