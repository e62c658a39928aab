import { NOTIFICATION_TOPICS } from '@agencia/shared';
import { Card, Divider, Stack, Switch, Text, Title } from '@mantine/core';
import { usePreferencesEditor } from './preferences-editor';

/**
 * Notification preferences stored on the server: email, push (in-app) and marketing switches
 * (spec doc 2 §3) and the topics of §9 ('Facturas generadas' off by default). Saves on change.
 */
export function NotificationPreferences() {
  const { prefs, fallback, save } = usePreferencesEditor('Tus preferencias de notificación se guardaron');
  if (!prefs) return fallback;
  return (
    <Card withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="md">
        Notificaciones
      </Title>
      <Stack gap="md">
        <Switch
          label="Notificaciones por email"
          description="Recibe un correo con cada notificación"
          checked={prefs.emailNotifications}
          onChange={(e) => void save({ emailNotifications: e.currentTarget.checked })}
        />
        <Switch
          label="Notificaciones en la aplicación"
          description="Avisos en tiempo real dentro del portal"
          checked={prefs.pushNotifications}
          onChange={(e) => void save({ pushNotifications: e.currentTarget.checked })}
        />
        <Switch
          label="Correos de marketing"
          description="Novedades y promociones de la agencia"
          checked={prefs.marketingEmails}
          onChange={(e) => void save({ marketingEmails: e.currentTarget.checked })}
        />
        <Divider label="Temas" labelPosition="left" />
        <Text size="sm" c="dimmed">
          Elige de qué quieres enterarte.
        </Text>
        {NOTIFICATION_TOPICS.map((topic) => (
          <Switch
            key={topic.id}
            label={topic.label}
            checked={prefs.topics[topic.id] ?? topic.default}
            onChange={(e) => void save({ topics: { [topic.id]: e.currentTarget.checked } })}
          />
        ))}
      </Stack>
    </Card>
  );
}
