import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarShare } from '@tabler/icons-react';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { useCalendarFeed } from '../api/calendar-api';

/** Private iCalendar feed: generate (URL shown once), copy, revoke. */
export function FeedModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const feed = useCalendarFeed(opened);
  const [url, setUrl] = useState<string | null>(null);
  const generate = async () => {
    try {
      const result = await feed.create.mutateAsync();
      setUrl(result.url);
      notifications.show({
        color: 'green',
        title: 'Link generado',
        message: 'Copia el enlace en tu aplicación de calendario',
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Error',
        message: getErrorMessage(error, 'No se pudo generar el enlace'),
      });
    }
  };
  const revoke = async () => {
    await feed.revoke.mutateAsync();
    setUrl(null);
    notifications.show({
      color: 'green',
      title: 'Enlace revocado',
      message: 'El enlace anterior dejó de funcionar',
    });
  };
  const active = feed.status.data?.active;
  return (
    <Modal opened={opened} onClose={onClose} title="Sincronizar calendario" size="lg">
      <Stack gap="sm">
        <Text size="sm">
          Suscríbete a tus eventos desde Google Calendar, Outlook o Apple Calendar con un enlace privado
          (.ics). Quien tenga el enlace puede ver tus eventos: no lo compartas.
        </Text>
        {url ? (
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label="Enlace privado"
              value={url}
              readOnly
              style={{ flex: 1 }}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button onClick={copy} color={copied ? 'green' : undefined}>
                  {copied ? 'Copiado' : 'Copiar'}
                </Button>
              )}
            </CopyButton>
          </Group>
        ) : active ? (
          <Alert color="blue" icon={<IconCalendarShare size={18} aria-hidden />}>
            Ya tienes un enlace activo desde el{' '}
            {new Date(feed.status.data?.createdAt ?? '').toLocaleDateString('es-DO')}. Por seguridad solo se
            muestra al generarlo: genera uno nuevo si lo perdiste (el anterior dejará de funcionar).
          </Alert>
        ) : null}
        <Group justify="flex-end">
          {active && (
            <Button
              variant="default"
              color="red"
              onClick={() => void revoke()}
              loading={feed.revoke.isPending}
            >
              Revocar enlace
            </Button>
          )}
          <Button onClick={() => void generate()} loading={feed.create.isPending}>
            {active ? 'Generar nuevo enlace' : 'Generar enlace'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
