import { NAV_RAIL_WIDTH } from '@agencia/shared';
import { AppShell, Burger, Group, ScrollArea } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import 'dayjs/locale/es';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type ReactNode, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSessionStore } from '../../stores/session-store';
import { LiveInvalidation } from '../realtime/live-invalidation';
import { RealtimeProvider, useSocketEvent } from '../realtime/realtime-provider';
import { SessionUserSync } from '../realtime/session-user-sync';
import { HeaderTimer } from '../timer/header-timer';
import { useRunningTimer } from '../timer/timer-api';
import { PageLoader } from '../ui/page-loader';
import { navBadgesQuery, useNavBadges } from './api/get-nav-badges';
import { getNavItems } from './nav-items';
import { NavRail } from './nav-rail';
import { NotificationBell } from './notification-bell';
import { ShellBrand } from './shell-brand';
import { ThemeMenu } from './theme-menu';
import { UserMenu } from './user-menu';

// Dates in the portal are Spanish; set here (not in main.tsx) so the public bundle skips dayjs.
dayjs.locale('es');

const HEADER_HEIGHT = 60;
/** Mantine's `sm` breakpoint is 48em = 768 px, the spec's mobile limit (doc 1 §9). */
const MOBILE_QUERY = '(max-width: 47.99em)';

/** Signed-in layout (spec doc 1 §2 "Application shell"): header, icon rail and one <main>. */
export function PortalShell({ children }: { children?: ReactNode }) {
  return (
    <RealtimeProvider>
      <LiveInvalidation />
      <SessionUserSync />
      <ModalsProvider>
        <ShellLayout>{children}</ShellLayout>
      </ModalsProvider>
    </RealtimeProvider>
  );
}

/** `children` replaces the nested route (used for the signed-in 404). */
function ShellLayout({ children }: { children?: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const role = useSessionStore((state) => state.user?.role);
  const permissions = useSessionStore((state) => state.user?.permissions);
  const { data: badges } = useNavBadges();
  // A running timer takes header room on phones: the brand turns compact meanwhile (decision 165).
  const staff = !!role && role !== 'client';
  const { data: timer } = useRunningTimer(staff);
  const timerShown = staff && !!timer;
  const queryClient = useQueryClient();
  const location = useLocation();

  useSocketEvent('nav:badges', () => {
    void queryClient.invalidateQueries({ queryKey: navBadgesQuery.queryKey });
  });

  // Close the mobile menu after any navigation (including back/forward).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change on purpose
  useEffect(() => {
    close();
  }, [location.pathname, close]);

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: NAV_RAIL_WIDTH, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        {/* 320 px (WCAG 1.4.10): a narrower padding and a brand of up to two lines keep the
            company name whole next to the header's buttons (decision 112, issue 32). */}
        <Group h="100%" px={{ base: 'xs', xs: 'md' }} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? 'Cerrar menú' : 'Abrir menú'}
              aria-expanded={opened}
              aria-controls="portal-navigation"
            />
            <ShellBrand compact={timerShown} />
          </Group>
          <Group gap="xs" wrap="nowrap">
            {/* Staff's running task timer (clients never have one). */}
            {role !== 'client' && <HeaderTimer />}
            <NotificationBell />
            <ThemeMenu />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p={isMobile ? 'md' : 'sm'} id="portal-navigation" aria-label="Navegación principal">
        <AppShell.Section grow component={ScrollArea}>
          <NavRail items={getNavItems(role, permissions)} badges={badges} expanded={isMobile} />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
