import { BACKUP_STALE_HOURS } from '@agencia/shared';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
import { useBackupStatus } from '../api/get-backup-status';

/**
 * The admin's backup line on the dashboard (decision 143): the last good backup, or a warning
 * when there is none in the last {@link BACKUP_STALE_HOURS} hours.
 */
export function BackupStatusCard() {
  useDateDisplay();
  const status = useBackupStatus(true);
  if (!status.data) return null;
  const { lastBackupAt, stale } = status.data;
  const link = (
    <Anchor component={Link} to="/settings?tab=backups" size="sm" c="inherit" fw={600} underline="always">
      Configuración → Copias de seguridad
    </Anchor>
  );
  if (stale)
    return (
      <Alert
        color="yellow"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        title="Copias de seguridad"
        mb="lg"
      >
        {lastBackupAt
          ? `No hay una copia de seguridad en las últimas ${BACKUP_STALE_HOURS} horas: la última es del ${formatDateTime(lastBackupAt)}. `
          : 'Aún no hay ninguna copia de seguridad. '}
        Revisa {link}.
      </Alert>
    );
  return (
    <Text size="sm" c="dimmed" mb="lg">
      Última copia de seguridad: {formatDateTime(lastBackupAt!)}
    </Text>
  );
}
