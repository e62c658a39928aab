import { PROFILE_MESSAGES } from '@agencia/shared';
import { Alert, Card, Center, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ChangePasswordFormCard } from '../../../components/account/change-password-form';
import { NotificationPreferences } from '../../../components/account/notification-preferences';
import { SessionsCard } from '../../../components/account/sessions-card';
import { TwoFactorCard } from '../../../components/account/two-factor-card';
import { PageHeader } from '../../../components/ui/page-header';
import { StatGrid } from '../../../components/ui/stat-grid';
import { formatNumericDate } from '../../../lib/format';
import { toastError } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useProfile, useProfileStats } from '../api/profile-api';
import { DevicePush } from '../components/device-push';
import { DisplayPreferences } from '../components/display-preferences';
import { PersonalInfo } from '../components/personal-info';

const TABS = ['personal', 'security', 'preferences', 'notifications'] as const;

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Card withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {value}
      </Text>
    </Card>
  );
}

/**
 * /profile (spec doc 2 §2 "Profile"): tabs personal information, security, preferences and
 * notifications (this device's Web Push and the per-topic choices, decision 169).
 */
export function ProfilePage() {
  useDateDisplay();
  const { data: user, isLoading, error } = useProfile();
  const { data: stats } = useProfileStats();
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t === params.get('tab')) ?? 'personal';

  useEffect(() => {
    if (error) toastError('Error', PROFILE_MESSAGES.loadFailed);
  }, [error]);

  return (
    <>
      <PageHeader
        title="Mi Perfil"
        description="Administra tu información personal, tu seguridad y tus preferencias."
      />
      {isLoading ? (
        <Center py="xl">
          <Loader aria-label="Cargando perfil" />
        </Center>
      ) : error || !user ? (
        <Alert color="red">{PROFILE_MESSAGES.loadFailed}</Alert>
      ) : (
        <Stack gap="lg">
          {/* Two columns on phones, four at 1440 px, fewer with the text at 200 % (decision 112). */}
          <StatGrid minColumn="9rem">
            <Stat label="Proyectos" value={stats?.projectsCount ?? '—'} />
            <Stat label="Tickets" value={stats?.ticketsCount ?? '—'} />
            <Stat label="Último acceso" value={formatNumericDate(stats?.lastLogin)} />
            <Stat label="Miembro desde" value={formatNumericDate(stats?.memberSince)} />
          </StatGrid>
          <Tabs
            value={tab}
            onChange={(v) => setParams(v && v !== 'personal' ? { tab: v } : {}, { replace: true })}
            keepMounted={false}
          >
            <Tabs.List>
              <Tabs.Tab value="personal">Información personal</Tabs.Tab>
              <Tabs.Tab value="security">Seguridad</Tabs.Tab>
              <Tabs.Tab value="preferences">Preferencias</Tabs.Tab>
              <Tabs.Tab value="notifications">Notificaciones</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="personal" pt="md">
              <PersonalInfo user={user} />
            </Tabs.Panel>
            <Tabs.Panel value="security" pt="md">
              <Stack gap="lg">
                <Card withBorder radius="md" p="lg">
                  <Title order={2} size="h4" mb="md">
                    Cambiar contraseña
                  </Title>
                  <ChangePasswordFormCard />
                </Card>
                <TwoFactorCard />
                <SessionsCard />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="preferences" pt="md">
              <DisplayPreferences />
            </Tabs.Panel>
            <Tabs.Panel value="notifications" pt="md">
              <Stack gap="lg">
                <DevicePush />
                <NotificationPreferences />
              </Stack>
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </>
  );
}
