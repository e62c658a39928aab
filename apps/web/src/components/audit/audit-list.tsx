import { type AuditEntry, auditActionLabel } from '@agencia/shared';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { formatNumericDateTime } from '../../lib/format';
import { useDateDisplay } from '../../stores/display-store';

const SECURITY_PREFIXES = [
  'auth.',
  'account.',
  'user.password',
  'user.status',
  'user.role',
  'user.permissions',
];

/** Colour of an action's badge: failures red, security events orange, the rest blue. */
function actionColor(action: string): string {
  if (/failed|reuse|throttled/.test(action)) return 'red';
  if (SECURITY_PREFIXES.some((p) => action.startsWith(p))) return 'orange';
  return 'blue';
}

/** Audit entries (who, what, when, from where, request id) as a compact list. */
export function AuditList({ entries, showActor = true }: { entries: AuditEntry[]; showActor?: boolean }) {
  useDateDisplay();
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {entries.map((entry) => (
        <Paper component="li" key={entry._id} withBorder p="sm" radius="md">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Group gap="xs" wrap="wrap">
              <Badge color={actionColor(entry.action)} variant="light" tt="none">
                {auditActionLabel(entry.action)}
              </Badge>
              {showActor && (
                <Text size="sm">
                  {entry.actor ? `${entry.actor.firstName} ${entry.actor.lastName}` : 'Anónimo'}
                </Text>
              )}
            </Group>
            <Text size="xs" c="dimmed" component="time" dateTime={entry.createdAt}>
              {formatNumericDateTime(entry.createdAt, { seconds: true })}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" mt={4} style={{ wordBreak: 'break-all' }}>
            {entry.action}
            {entry.targetType
              ? ` · ${entry.targetType}${entry.targetId ? ` ${entry.targetId.slice(0, 8)}` : ''}`
              : ''}
            {entry.ip ? ` · IP ${entry.ip}` : ''}
            {entry.requestId ? ` · solicitud ${entry.requestId.slice(0, 8)}` : ''}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
