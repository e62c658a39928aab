import {
  LEAD_ACTIVITY_TYPE_LABELS,
  LEAD_SOURCE_LABELS,
  type LeadEvent,
  type LeadSource,
} from '@agencia/shared';
import { Anchor, Badge, Group, Text, Timeline } from '@mantine/core';
import {
  IconArrowsRightLeft,
  IconMail,
  IconNote,
  IconPhone,
  IconSparkles,
  IconUserCheck,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';

const ICONS = {
  created: IconSparkles,
  note: IconNote,
  call: IconPhone,
  meeting: IconUsers,
  email: IconMail,
  stage_changed: IconArrowsRightLeft,
  converted: IconUserCheck,
} as const;

/** The heading of one entry: "Creado desde Formulario de cotización", "Llamada", "Nuevo → Contactado"… */
function heading(e: LeadEvent): string {
  const m = e.meta ?? {};
  switch (e.kind) {
    case 'created':
      return m.source === 'whatsapp'
        ? 'Creado desde WhatsApp'
        : `Creado desde ${(LEAD_SOURCE_LABELS[m.source as LeadSource] ?? 'el portal').toLowerCase()}`;
    case 'note':
      return 'Nota';
    case 'stage_changed':
      return `${String(m.fromStage ?? '')} → ${String(m.toStage ?? '')}`;
    case 'converted':
      return 'Convertido en cliente';
    default:
      return LEAD_ACTIVITY_TYPE_LABELS[e.kind];
  }
}

/** The lead's history, oldest first: creation, notes, activities with follow-ups, moves, conversion. */
export function LeadTimeline({ events }: { events: LeadEvent[] }) {
  useDateDisplay();
  if (events.length === 0) return <Text c="dimmed">Sin actividad todavía.</Text>;
  return (
    <Timeline bulletSize={26} lineWidth={2} active={events.length - 1}>
      {events.map((e) => {
        const Icon = ICONS[e.kind];
        const m = e.meta ?? {};
        return (
          <Timeline.Item key={e._id} bullet={<Icon size={14} aria-hidden />} title={heading(e)}>
            {e.body && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {e.body}
              </Text>
            )}
            {e.kind === 'stage_changed' && typeof m.reason === 'string' && (
              <Text size="sm">Motivo: {m.reason}</Text>
            )}
            {e.kind === 'stage_changed' && typeof m.cause === 'string' && <Text size="sm">{m.cause}</Text>}
            {e.kind === 'converted' && typeof m.clientId === 'string' && (
              <Anchor component={Link} to={`/clients/${m.clientId}`} size="sm" underline="always">
                Ver cliente
              </Anchor>
            )}
            {e.followUpDate && (
              <Group gap={4} mt={2}>
                <Badge size="sm" variant="light" color={e.followUpNotifiedAt ? 'gray' : 'orange'}>
                  Seguimiento: {formatDate(e.followUpDate)}
                  {e.followUpNotifiedAt ? ' (recordado)' : ''}
                </Badge>
              </Group>
            )}
            <Text size="xs" c="dimmed" mt={2}>
              {formatDateTime(e.createdAt)}
              {e.author ? ` · ${e.author.firstName} ${e.author.lastName}` : ''}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
