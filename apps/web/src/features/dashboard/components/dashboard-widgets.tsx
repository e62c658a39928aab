import {
  type ActivityEntry,
  type DashboardTicket,
  formatMoney,
  INVOICE_STATUS_COLORS,
  INVOICE_STATUS_LABELS,
  type InvoiceSummary,
  PROJECT_STATUS_COLORS,
  PROJECT_STATUS_LABELS,
  type ProjectSummary,
  projectClientName,
  TICKET_STATUS_COLORS,
  TICKET_STATUS_LABELS,
  type TicketStatus,
} from '@agencia/shared';
import {
  Anchor,
  Button,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Timeline,
  Title,
} from '@mantine/core';
import {
  IconActivity,
  IconCheck,
  IconClock,
  IconFile,
  IconFolderPlus,
  IconMessage,
  IconRefresh,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ColorBadge } from '../../../components/ui/color-badge';
import { formatDate, formatRelative } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';

/**
 * A dashboard stat card: a title, a big number and a secondary figure. The `data-stat-*` marks
 * let the stat grid compact it on phones (issue 32).
 */
export function StatCard({
  title,
  value,
  detail,
  icon,
  color,
}: {
  title: string;
  value: string;
  detail: string;
  icon: ReactNode;
  color: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="stat-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        {/* miw 0: a long amount wraps inside the card instead of pushing past it (decision 112). */}
        <Stack gap={2} miw={0} style={{ overflowWrap: 'anywhere' }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} data-stat-label>
            {title}
          </Text>
          <Text fw={700} fz={28} lh={1.2} data-stat-value>
            {value}
          </Text>
          <Text size="sm" c="dimmed" data-stat-hint>
            {detail}
          </Text>
        </Stack>
        <ThemeIcon size={44} radius="md" variant="light" color={color} aria-hidden data-stat-icon>
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

/** A titled panel with a 'Ver todos' link. */
export function ListPanel({ title, to, children }: { title: string; to: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" h="100%">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Button
          component={Link}
          to={to}
          variant="subtle"
          size="compact-sm"
          aria-label={`Ver todos: ${title}`}
        >
          Ver todos
        </Button>
      </Group>
      {children}
    </Paper>
  );
}

/** 'Proyectos Recientes' rows. */
export function RecentProjectsList({ projects }: { projects: ProjectSummary[] }) {
  if (projects.length === 0) return <Text c="dimmed">No hay proyectos recientes.</Text>;
  return (
    <Stack gap="sm">
      {projects.map((p) => (
        <Stack key={p._id} gap={4} data-testid="recent-project">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Anchor component={Link} to={`/projects/${p._id}`} fw={600} size="sm" lineClamp={1}>
              {p.title}
            </Anchor>
            <ColorBadge color={PROJECT_STATUS_COLORS[p.status]} size="sm">
              {PROJECT_STATUS_LABELS[p.status]}
            </ColorBadge>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed" truncate style={{ flex: 1 }}>
              {projectClientName(p.client)}
            </Text>
            <Text size="xs" fw={600}>
              {p.progressPercentage}%
            </Text>
          </Group>
          <Progress value={p.progressPercentage} size="sm" aria-label={`Progreso de ${p.title}`} />
        </Stack>
      ))}
    </Stack>
  );
}

/** 'Tickets Recientes' rows (filled once the tickets module answers). */
export function RecentTicketsList({ tickets }: { tickets: DashboardTicket[] }) {
  if (tickets.length === 0) return <Text c="dimmed">No hay tickets recientes.</Text>;
  return (
    <Stack gap="sm">
      {tickets.map((t) => (
        <Group key={t._id} justify="space-between" wrap="nowrap" data-testid="recent-ticket">
          <Stack gap={0} miw={0}>
            <Anchor component={Link} to={`/tickets/${t._id}`} fw={600} size="sm" lineClamp={1}>
              {t.title}
            </Anchor>
            <Text size="xs" c="dimmed" truncate>
              {t.project?.title ??
                (t.client ? t.client.companyName || `${t.client.firstName} ${t.client.lastName}` : '')}
            </Text>
          </Stack>
          <ColorBadge color={TICKET_STATUS_COLORS[t.status as TicketStatus] ?? 'gray'} size="sm">
            {TICKET_STATUS_LABELS[t.status as TicketStatus] ?? t.status}
          </ColorBadge>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * 'Facturas Recientes' rows: number (opens the invoice), client (staff) or due date (clients),
 * total in the invoice's currency and the status badge.
 */
export function RecentInvoicesList({
  invoices,
  showClient,
}: {
  invoices: InvoiceSummary[];
  showClient: boolean;
}) {
  useDateDisplay();
  if (invoices.length === 0) return <Text c="dimmed">No hay facturas</Text>;
  return (
    <Stack gap="sm">
      {invoices.map((inv) => (
        <Group key={inv._id} justify="space-between" wrap="nowrap" data-testid="recent-invoice">
          <Stack gap={0} miw={0}>
            <Anchor component={Link} to={`/billing/${inv._id}`} fw={600} size="sm">
              {inv.invoiceNumber}
            </Anchor>
            <Text size="xs" c="dimmed" truncate>
              {showClient
                ? inv.client.company || `${inv.client.firstName} ${inv.client.lastName}`
                : `Vence ${formatDate(inv.dueDate)}`}
            </Text>
          </Stack>
          <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
            <Text size="sm" fw={600}>
              {formatMoney(inv.total, inv.currency, 0)}
            </Text>
            <ColorBadge color={INVOICE_STATUS_COLORS[inv.status]} size="sm">
              {INVOICE_STATUS_LABELS[inv.status]}
            </ColorBadge>
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

function activityIcon(type: string) {
  if (type.startsWith('milestone')) return <IconCheck size={14} />;
  if (type.startsWith('note')) return <IconMessage size={14} />;
  if (type.startsWith('time')) return <IconClock size={14} />;
  if (type.startsWith('file')) return <IconFile size={14} />;
  if (type === 'project.created') return <IconFolderPlus size={14} />;
  if (type === 'project.status_changed') return <IconRefresh size={14} />;
  return <IconActivity size={14} />;
}

/** Activity feed of the last days (written by the services). */
export function ActivityFeed({ entries }: { entries: ActivityEntry[] }) {
  if (entries.length === 0) return <Text c="dimmed">Sin actividad en los últimos 7 días.</Text>;
  return (
    <Timeline bulletSize={24} lineWidth={2}>
      {entries.slice(0, 10).map((a) => (
        <Timeline.Item key={a._id} bullet={activityIcon(a.type)} data-testid="activity-entry">
          <Text size="sm">
            {a.projectId && a.type !== 'project.deleted' ? (
              <Anchor component={Link} to={`/projects/${a.projectId}`} inherit>
                {a.title}
              </Anchor>
            ) : (
              a.title
            )}
          </Text>
          <Text size="xs" c="dimmed">
            {a.actor ? `${a.actor.firstName} ${a.actor.lastName} · ` : ''}
            {formatRelative(a.createdAt)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
