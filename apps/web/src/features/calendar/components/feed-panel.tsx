import { Alert, Button, CopyButton, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCalendarShare } from '@tabler/icons-react';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { formatNumericDate } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useCalendarFeed } from '../api/calendar-api';

/**
 * Private iCalendar feed (decision 045): generate (the URL is shown once, only its hash is kept),
 * copy, regenerate, revoke after confirmation. Used by the calendar's "Sincronizar" modal and by
 * Settings → Integraciones.
 */
export function FeedPanel({ enabled = true }: { enabled?: boolean }) {
  useDateDisplay();
  const feed = useCalendarFeed(enabled);
  const [url, setUrl] = useState<string | null>(null);
  const generate = async () => {
    try {
      const result = await feed.create.mutateAsync();
      setUrl(result.url);
      toastSuccess('Link generado', 'Copia el enlace en tu aplicación de calendario');
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo generar el enlace'));
    }
  };
  const revoke = async () => {
    try {
      await feed.revoke.mutateAsync();
      setUrl(null);
      toastSuccess('Enlace revocado', 'El enlace anterior dejó de funcionar');
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo revocar el enlace'));
    }
  };
  const confirmRevoke = () =>
    modals.openConfirmModal({
      title: '¿Revocar el enlace?',
      children: (
        <Text size="sm">
          Las aplicaciones suscritas dejarán de recibir tus eventos. Esta acción no se puede deshacer.
        </Text>
      ),
      labels: { confirm: 'Revocar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => void revoke(),
    });
  const active = feed.status.data?.active;
  return (
    <Stack gap="sm">
      <Text size="sm">
        Suscríbete a tus eventos desde Google Calendar, Outlook o Apple Calendar con un enlace privado (.ics).
        Quien tenga el enlace puede ver tus eventos: no lo compartas.
      </Text>
      {feed.status.isLoading ? (
        <Loader size="sm" aria-label="Cargando estado del enlace" />
      ) : feed.status.error ? (
        <Alert color="red">{getErrorMessage(feed.status.error, 'No se pudo cargar el enlace')}</Alert>
      ) : null}
      {url ? (
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label="Enlace privado"
            description="Se muestra solo ahora: cópialo en tu aplicación de calendario."
            value={url}
            readOnly
            style={{ flex: 1, minWidth: 0 }}
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
          Ya tienes un enlace activo desde el {formatNumericDate(feed.status.data?.createdAt)}. Por seguridad
          solo se muestra al generarlo: genera uno nuevo si lo perdiste (el anterior dejará de funcionar).
        </Alert>
      ) : null}
      <Group justify="flex-end">
        {active && (
          <Button variant="default" color="red" onClick={confirmRevoke} loading={feed.revoke.isPending}>
            Revocar enlace
          </Button>
        )}
        <Button
          onClick={() => void generate()}
          loading={feed.create.isPending}
          disabled={feed.status.isLoading}
        >
          {active ? 'Generar nuevo enlace' : 'Generar enlace'}
        </Button>
      </Group>
    </Stack>
  );
}
