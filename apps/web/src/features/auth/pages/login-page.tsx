import { APP_VERSION_LABEL } from '@agencia/shared';
import { Anchor, Badge, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft, IconUserPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useCompanyName } from '../../../lib/public-settings';
import { useSessionStore } from '../../../stores/session-store';
import { LoginForm } from '../components/login-form';
import { LoginMarketing } from '../components/login-marketing';
import classes from './login-page.module.css';

/** The six-step access request loads when 'Nuevo cliente?' is first used. */
const AccessRequestModal = lazy(() =>
  import('../../access-request').then((m) => ({
    default: m.AccessRequestModal,
  })),
);

/** /login (spec doc 1 §2 "Login"): marketing column + 'Portal de Acceso' form. */
export function LoginPage() {
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  const companyName = useCompanyName();
  const [accessOpened, accessModal] = useDisclosure(false);
  const [accessLoaded, setAccessLoaded] = useState(false);

  if (isAuthenticated) return <Navigate to="/dashboard" replace />;

  return (
    <main className={classes.page}>
      <LoginMarketing companyName={companyName} />
      <div className={classes.formColumn}>
        <Stack w="100%" maw={440} gap="lg">
          <Anchor component={Link} to="/" size="sm" c="dimmed">
            <Group gap={4}>
              <IconArrowLeft size={14} aria-hidden />
              Volver al inicio
            </Group>
          </Anchor>
          <Paper withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }} radius="lg">
            <Stack gap={4} mb="lg">
              <Group gap="xs">
                <Text fw={700} c="dimmed" size="sm">
                  {companyName}
                </Text>
                <Badge variant="light" size="xs" tt="none" style={{ flexShrink: 0 }}>
                  {APP_VERSION_LABEL}
                </Badge>
              </Group>
              <Title order={1} size="h2">
                Portal de Acceso
              </Title>
              <Text c="dimmed" size="sm">
                Ingresa con tu cuenta para ver tus proyectos, tickets y facturas.
              </Text>
            </Stack>
            <LoginForm />
          </Paper>
          <Paper withBorder p="md" radius="lg">
            <Group justify="space-between" gap="sm">
              <Box>
                <Text fw={600}>Nuevo cliente?</Text>
                <Text size="sm" c="dimmed">
                  Solicita tu acceso al portal.
                </Text>
              </Box>
              <Button
                variant="light"
                leftSection={<IconUserPlus size={18} />}
                onClick={() => {
                  setAccessLoaded(true);
                  accessModal.open();
                }}
              >
                Solicitar acceso
              </Button>
            </Group>
          </Paper>
          <Group component="nav" aria-label="Información legal" justify="center" gap="lg">
            <Anchor component={Link} to="/terminos" size="sm">
              Términos
            </Anchor>
            <Anchor component={Link} to="/privacidad" size="sm">
              Privacidad
            </Anchor>
            <Anchor component={Link} to="/soporte" size="sm">
              Soporte
            </Anchor>
          </Group>
        </Stack>
      </div>
      {accessLoaded && (
        <Suspense fallback={null}>
          <AccessRequestModal opened={accessOpened} onClose={accessModal.close} />
        </Suspense>
      )}
    </main>
  );
}
