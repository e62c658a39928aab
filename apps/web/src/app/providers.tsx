import { NOTIFICATIONS } from '@agencia/shared/constants';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useThemeStore } from '../stores/theme-store';
import { queryClient as defaultQueryClient } from './query-client';
import { buildTheme, cssVariablesResolver } from './theme';

interface AppProvidersProps {
  children: ReactNode;
  queryClient?: typeof defaultQueryClient;
  /** 'test' disables transitions and portals (Mantine), for unit tests. */
  env?: 'default' | 'test';
}

/** Theme (variant from the theme store, colour scheme 'auto'), notifications, modals and query cache. */
export function AppProviders({
  children,
  queryClient = defaultQueryClient,
  env = 'default',
}: AppProvidersProps) {
  const variant = useThemeStore((state) => state.variant);
  const theme = useMemo(() => buildTheme(variant), [variant]);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={theme}
        defaultColorScheme="auto"
        cssVariablesResolver={cssVariablesResolver}
        env={env}
      >
        <Notifications
          limit={NOTIFICATIONS.limit}
          autoClose={NOTIFICATIONS.autoClose}
          position={NOTIFICATIONS.position}
          styles={{ root: { width: NOTIFICATIONS.width, maxWidth: 'calc(100% - 2rem)' } }}
        />
        <ModalsProvider>{children}</ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
