import { Group, Paper, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/** Whether the browser says it is online, kept current by its `online`/`offline` events. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine !== false);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine !== false);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    update();
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/**
 * The "Sin conexión" bar (issue 46, decision 169): while the device is offline — including a start
 * from the service worker's cached app shell — a bar at the foot of every screen says so; the data
 * on screen may be old and changes cannot be saved until the connection returns.
 */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <Paper
      role="status"
      shadow="md"
      radius={0}
      p="sm"
      bg="dark.6"
      c="white"
      style={{ position: 'fixed', insetInline: 0, bottom: 0, zIndex: 1000 }}
    >
      <Group gap="xs" justify="center" wrap="nowrap">
        <IconWifiOff size={18} aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm" fw={600}>
          Sin conexión.{' '}
          <Text span size="sm" fw={400}>
            Lo que ves puede no estar al día y los cambios no se guardarán hasta que vuelva la conexión.
          </Text>
        </Text>
      </Group>
    </Paper>
  );
}
