import {
  AUDIT_CATEGORIES,
  type AuditEntry,
  auditActionMatches,
  auditCategoryFilter,
  describeAuditEntry,
} from '@agencia/shared';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatNumericDateTime } from '../../lib/format';
import { useDateDisplay } from '../../stores/display-store';

/** Failed or suspicious events (red), the rest by category. */
const ALERT = /failed|reuse|throttled/;

/** A short name ("FAC-2026-0042") never breaks at its hyphens; long ones (emails) may wrap. */
function keepTogether(label: string) {
  return label.length <= 24 ? { whiteSpace: 'nowrap' as const } : undefined;
}

/** The category an action belongs to (the first one matching: "Inicios de sesión fallidos" is also "Seguridad"). */
function categoryOf(action: string): string | undefined {
  return AUDIT_CATEGORIES.find((c) => auditActionMatches(auditCategoryFilter(c), action))?.label;
}

/**
 * Audit entries as sentences (issue 32): "Laura Céspedes creó la factura FAC-2026-0042", the
 * object linked to its screen, then when, from where and the request id in small print (the
 * action's code last, for support).
 */
export function AuditList({ entries, showActor = true }: { entries: AuditEntry[]; showActor?: boolean }) {
  useDateDisplay();
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {entries.map((entry) => {
        const d = describeAuditEntry(entry);
        const category = categoryOf(entry.action);
        const alert = ALERT.test(entry.action);
        return (
          <Paper component="li" key={entry._id} withBorder p="sm" radius="md" data-testid="audit-entry">
            <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
              <Text size="sm" style={{ flex: '1 1 16rem', minWidth: 0, overflowWrap: 'anywhere' }}>
                {showActor && (
                  <Text span fw={600} inherit>
                    {d.actor}
                  </Text>
                )}
                {showActor ? ' ' : ''}
                {d.lead}
                {d.target && ' '}
                {d.target?.href ? (
                  <Anchor
                    component={Link}
                    to={d.target.href}
                    inherit
                    fw={500}
                    style={keepTogether(d.target.label)}
                  >
                    {d.target.label}
                  </Anchor>
                ) : d.target ? (
                  <Text span fw={500} inherit style={keepTogether(d.target.label)}>
                    {d.target.label}
                  </Text>
                ) : null}
                {d.detail ? ` ${d.detail}` : ''}
              </Text>
              <Group gap={6} wrap="nowrap">
                {(alert || category) && (
                  <Badge color={alert ? 'red' : 'gray'} variant="light" tt="none" size="sm">
                    {alert ? 'Alerta' : category}
                  </Badge>
                )}
                <Text size="xs" c="dimmed" component="time" dateTime={entry.createdAt}>
                  {formatNumericDateTime(entry.createdAt, { seconds: true })}
                </Text>
              </Group>
            </Group>
            <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
              {[
                entry.ip ? `IP ${entry.ip}` : null,
                entry.requestId ? `solicitud ${entry.requestId.slice(0, 8)}` : null,
              ]
                .filter(Boolean)
                .join(' · ')}
              {entry.ip || entry.requestId ? ' · ' : ''}
              <Text span inherit ff="monospace" title="Código de la acción">
                {entry.action}
              </Text>
            </Text>
          </Paper>
        );
      })}
    </Stack>
  );
}
