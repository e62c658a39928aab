import { Text } from '@mantine/core';
import { PageHeader } from '../../../components/ui/page-header';
import { useSessionStore } from '../../../stores/session-store';

/** /dashboard (spec doc 2 §2 "Dashboard"): title by role and a welcome with the first name. */
export function DashboardPage() {
  const user = useSessionStore((state) => state.user);
  const title = user?.role === 'admin' ? 'Panel de Administración' : 'Mi Dashboard';
  return (
    <PageHeader
      title={title}
      description={
        <Text component="span" c="dimmed">
          Bienvenido, {user?.firstName ?? ''}. Aquí tienes un resumen de tu actividad.
        </Text>
      }
    />
  );
}
