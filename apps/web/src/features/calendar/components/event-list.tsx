import {
  type CalendarEvent,
  EVENT_PRIORITY_COLORS,
  EVENT_PRIORITY_LABELS,
  EVENT_TYPE_COLORS,
  EVENT_TYPE_LABELS,
} from '@agencia/shared';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatEventDate } from './event-labels';

/** Event rows linking to `/calendar/{id}`. */
export function EventList({ events, empty }: { events: CalendarEvent[]; empty: string }) {
  if (events.length === 0)
    return (
      <Text c="dimmed" size="sm" ta="center" py="md">
        {empty}
      </Text>
    );
  return (
    <Stack gap="xs">
      {events.map((e) => (
        <Card
          key={e._id}
          withBorder
          radius="md"
          p="sm"
          component={Link}
          to={`/calendar/${e._id}`}
          style={{
            textDecoration: 'none',
            color: 'inherit',
            borderLeft: `4px solid var(--mantine-color-${EVENT_TYPE_COLORS[e.type]}-6)`,
          }}
        >
          {/* The title takes the card's whole width and wraps to two lines; the full title is the
              card's tooltip (issue 18: "Llamada con…" was cut with room to spare). */}
          <Text fw={600} size="sm" lineClamp={2} title={e.title}>
            {e.title}
          </Text>
          <Group gap={6} mt={4} wrap="wrap">
            <Text size="xs" c="dimmed">
              {e.isAllDay
                ? `${formatEventDate(e.startDate, true)} · Todo el día`
                : formatEventDate(e.startDate)}
            </Text>
            <Badge size="xs" color={EVENT_TYPE_COLORS[e.type]} variant="light">
              {EVENT_TYPE_LABELS[e.type]}
            </Badge>
            <Badge size="xs" color={EVENT_PRIORITY_COLORS[e.priority]} variant="outline">
              {EVENT_PRIORITY_LABELS[e.priority]}
            </Badge>
            {e.location && (
              <Group gap={2} wrap="nowrap">
                <IconMapPin size={12} aria-hidden />
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {e.location}
                </Text>
              </Group>
            )}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
