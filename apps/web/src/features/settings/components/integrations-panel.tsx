import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconApi, IconBrandWhatsapp, IconCalendarShare, IconMail } from '@tabler/icons-react';
import { getErrorMessage } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSessionStore } from '../../../stores/session-store';
import { FeedPanel } from '../../calendar';
import { useIntegrations, useSendTestEmail } from '../api/settings-api';

/**
 * Integrations tab: every user holding `calendar.read` gets their private iCalendar feed
 * (decision 071); admins also see SMTP status with a test email, API documentation, WhatsApp.
 */
export function IntegrationsPanel() {
  const user = useSessionStore((state) => state.user);
  const canCalendar = user?.permissions?.includes('calendar.read') ?? false;
  return (
    <Stack gap="lg">
      {canCalendar && <CalendarFeedCard />}
      {user?.role === 'admin' && <AdminIntegrations />}
    </Stack>
  );
}

/** The user's iCalendar feed URL: generate, copy (shown once), revoke. */
function CalendarFeedCard() {
  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Group gap="xs">
          <IconCalendarShare size={22} aria-hidden />
          <Title order={2} size="h4">
            Calendario (iCalendar)
          </Title>
        </Group>
        <FeedPanel />
      </Stack>
    </Card>
  );
}

/** Admin cards: SMTP status with a test email, API documentation, WhatsApp number. */
function AdminIntegrations() {
  const { data, isLoading, error } = useIntegrations(true);
  const testEmail = useSendTestEmail();
  if (isLoading) return <Loader aria-label="Cargando integraciones" />;
  if (error || !data)
    return <Alert color="red">{getErrorMessage(error, 'No se pudieron cargar las integraciones')}</Alert>;

  const send = async () => {
    try {
      toastSuccess('Correo de prueba', await testEmail.mutateAsync());
    } catch (err) {
      toastError('Error', getErrorMessage(err, 'No se pudo enviar el correo de prueba'));
    }
  };

  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      <Card withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Group gap="xs">
            <IconMail size={22} aria-hidden />
            <Title order={2} size="h4">
              Correo (SMTP)
            </Title>
          </Group>
          <Badge color={data.email.configured ? 'green' : 'yellow'} variant="light" w="fit-content">
            {data.email.configured ? 'Configurado' : 'Sin configurar'}
          </Badge>
          <Text size="sm" c="dimmed">
            {data.email.configured
              ? `Los correos se envían desde ${data.email.from}.`
              : 'Define SMTP_URL en el servidor para enviar correos. Mientras tanto quedan en la bandeja de salida.'}
          </Text>
          <Button variant="light" onClick={send} loading={testEmail.isPending}>
            Enviar correo de prueba
          </Button>
        </Stack>
      </Card>
      <Card withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Group gap="xs">
            <IconApi size={22} aria-hidden />
            <Title order={2} size="h4">
              API
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            Documentación OpenAPI de todas las rutas del portal, con sus esquemas de entrada y salida.
          </Text>
          <Anchor href={data.apiDocsUrl} target="_blank" rel="noopener">
            Abrir la documentación de la API
          </Anchor>
        </Stack>
      </Card>
      <Card withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Group gap="xs">
            <IconBrandWhatsapp size={22} aria-hidden />
            <Title order={2} size="h4">
              WhatsApp Business
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            Número que usa el botón de WhatsApp del sitio público. Se edita en la pestaña Empresa.
          </Text>
          {data.whatsappNumber ? (
            <Anchor href={`https://wa.me/${data.whatsappNumber}`} target="_blank" rel="noopener">
              +{data.whatsappNumber}
            </Anchor>
          ) : (
            <Text size="sm">Sin número configurado</Text>
          )}
        </Stack>
      </Card>
    </SimpleGrid>
  );
}
