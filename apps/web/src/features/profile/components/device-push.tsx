import { PUSH_MESSAGES } from '@agencia/shared';
import { Alert, Button, Card, Group, List, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { IconBellRinging, IconDeviceMobile, IconShare2 } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { WRAPPING_BUTTON_STYLES } from '../../../components/ui/wrapping-button';
import { getErrorMessage } from '../../../lib/api-client';
import {
  currentDevice,
  currentPushSubscription,
  type DeviceInfo,
  pushSupport,
  subscribeThisDevice,
} from '../../../lib/pwa';
import { toastError, toastSuccess } from '../../../lib/toast';
import { forgetDevice, getPushPublicKey, saveDevice, sendTestPush } from '../api/push-api';

/** The browser's notification permission, or 'default' where there is no Notification API. */
function notificationPermission(): NotificationPermission {
  return typeof Notification === 'undefined' ? 'default' : Notification.permission;
}

/** Steps to add the portal to the Home Screen on iPhone and iPad (iOS/iPadOS 16.4 or later). */
function IosInstallSteps() {
  return (
    <Alert
      color="blue"
      icon={<IconShare2 size={18} aria-hidden />}
      title="Instala el portal en tu pantalla de inicio"
    >
      <Stack gap="xs">
        <Text size="sm">
          En iPhone y iPad las notificaciones solo llegan a la app instalada en la pantalla de inicio (iOS
          16.4 o posterior).
        </Text>
        <List type="ordered" size="sm" spacing={4}>
          <List.Item>Abre este portal en Safari.</List.Item>
          <List.Item>
            Toca <strong>Compartir</strong> y luego <strong>Añadir a pantalla de inicio</strong>.
          </List.Item>
          <List.Item>
            Abre el portal desde el nuevo icono, entra en Perfil → Notificaciones y activa este dispositivo.
          </List.Item>
        </List>
      </Stack>
    </Alert>
  );
}

/** How to allow notifications again once the browser blocks them for the portal. */
function DeniedHelp() {
  return (
    <Alert color="orange" title="Las notificaciones están bloqueadas en este navegador">
      <Stack gap={4}>
        <Text size="sm">El portal ya no puede pedir permiso. Para volver a activarlas:</Text>
        <List size="sm" spacing={4}>
          <List.Item>
            En la computadora: haz clic en el icono junto a la dirección del sitio, abre{' '}
            <strong>Permisos</strong> o <strong>Configuración del sitio</strong> y cambia Notificaciones a{' '}
            <strong>Permitir</strong>.
          </List.Item>
          <List.Item>
            En Android: Ajustes del navegador → Configuración de sitios → Notificaciones, y permite este
            sitio.
          </List.Item>
          <List.Item>
            En iPhone o iPad: Ajustes → Notificaciones → el portal, y activa Permitir notificaciones.
          </List.Item>
        </List>
        <Text size="sm">Después vuelve a esta página y activa el interruptor.</Text>
      </Stack>
    </Alert>
  );
}

/**
 * Perfil → Notificaciones, "Este dispositivo" (issue 46, decision 169): the switch that subscribes
 * this browser to Web Push — permission is asked only when it is tapped, never on load — and the
 * test button. On iPhone/iPad outside the Home Screen app it shows how to install the portal
 * instead; with the permission blocked, how to allow it again. `device` defaults to this browser.
 */
export function DevicePush({ device = currentDevice() }: { device?: DeviceInfo }) {
  const support = pushSupport(device);
  const [permission, setPermission] = useState<NotificationPermission>(notificationPermission);
  const [subscribed, setSubscribed] = useState<boolean | null>(support === 'supported' ? null : false);
  const [busy, setBusy] = useState(false);
  const [testing, setTesting] = useState(false);

  // The Permissions API follows a change made in the browser's settings while the page is open
  // (and is what some browsers answer truly when `Notification.permission` lags).
  useEffect(() => {
    if (support !== 'supported' || !navigator.permissions?.query) return;
    let status: PermissionStatus | null = null;
    const update = () => {
      if (status) setPermission(status.state === 'prompt' ? 'default' : status.state);
    };
    navigator.permissions
      .query({ name: 'notifications' })
      .then((answer) => {
        status = answer;
        update();
        answer.addEventListener('change', update);
      })
      .catch(() => undefined);
    return () => status?.removeEventListener('change', update);
  }, [support]);

  useEffect(() => {
    if (support !== 'supported') return;
    let live = true;
    currentPushSubscription()
      .then(async (subscription) => {
        // A device subscribed earlier: make sure the server still has it (it forgets gone ones).
        if (subscription && notificationPermission() === 'granted')
          await saveDevice(subscription.toJSON() as never);
        if (live) setSubscribed(subscription !== null && notificationPermission() === 'granted');
      })
      .catch(() => live && setSubscribed(false));
    return () => {
      live = false;
    };
  }, [support]);

  const turnOn = async () => {
    const answer = permission === 'granted' ? 'granted' : await Notification.requestPermission();
    setPermission(answer);
    if (answer !== 'granted') return;
    const subscription = await subscribeThisDevice(await getPushPublicKey());
    await saveDevice(subscription);
    setSubscribed(true);
    toastSuccess('Notificaciones activadas', PUSH_MESSAGES.subscribed);
  };

  const turnOff = async () => {
    const subscription = await currentPushSubscription();
    if (subscription) {
      await forgetDevice(subscription.endpoint);
      await subscription.unsubscribe();
    }
    setSubscribed(false);
    toastSuccess('Notificaciones desactivadas', PUSH_MESSAGES.unsubscribed);
  };

  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      await (on ? turnOn() : turnOff());
    } catch (err) {
      toastError('Error', getErrorMessage(err, 'No se pudo cambiar las notificaciones de este dispositivo'));
    } finally {
      setBusy(false);
    }
  };

  const test = async () => {
    setTesting(true);
    try {
      await sendTestPush();
      toastSuccess('Notificación enviada', PUSH_MESSAGES.testQueued);
    } catch (err) {
      toastError('Error', getErrorMessage(err, 'No se pudo enviar la notificación de prueba'));
    } finally {
      setTesting(false);
    }
  };

  let body: ReactNode;
  if (support === 'ios-install') body = <IosInstallSteps />;
  else if (support === 'ios-update')
    body = (
      <Alert color="orange" title="Actualiza tu iPhone o iPad">
        Las notificaciones de la app instalada necesitan iOS o iPadOS 16.4 o posterior.
      </Alert>
    );
  else if (support === 'unsupported')
    body = (
      <Text size="sm" c="dimmed">
        Este navegador no admite notificaciones push. Prueba con una versión reciente de Chrome, Edge, Firefox
        o Safari.
      </Text>
    );
  else if (subscribed === null) body = <Loader size="sm" aria-label="Comprobando este dispositivo" />;
  else
    body = (
      <Stack gap="md">
        <Switch
          label="Recibir notificaciones en este dispositivo"
          description="Avisos en la pantalla de este teléfono o computadora aunque el portal esté cerrado"
          checked={subscribed && permission === 'granted'}
          disabled={busy || permission === 'denied'}
          onChange={(e) => void toggle(e.currentTarget.checked)}
        />
        {permission === 'denied' && <DeniedHelp />}
        <Group>
          <Button
            variant="light"
            styles={WRAPPING_BUTTON_STYLES}
            leftSection={<IconBellRinging size={16} aria-hidden />}
            onClick={() => void test()}
            loading={testing}
            disabled={!subscribed || permission !== 'granted'}
          >
            Enviar notificación de prueba
          </Button>
        </Group>
      </Stack>
    );

  return (
    <Card withBorder radius="md" p="lg">
      <Group gap="xs" mb="md" wrap="nowrap">
        <IconDeviceMobile size={20} aria-hidden />
        <Title order={2} size="h4">
          Este dispositivo
        </Title>
      </Group>
      {body}
    </Card>
  );
}
