import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A neutral button in a page header's actions that goes to another screen of the portal, e.g.
 * "← Facturación" back to the list a screen hangs off, or "Suplidores" next to "Gastos". `icon`
 * is the leading icon at 18 px; the text is the destination's name (Spanish).
 */
export function HeaderLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Button component={Link} to={to} variant="default" leftSection={icon}>
      {children}
    </Button>
  );
}
