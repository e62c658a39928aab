import type { Ticket } from '@agencia/shared';
import { Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconMessageCircle, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
import { TicketPriorityBadge, TicketStatusBadge, TicketTypeBadge } from './ticket-badges';

/** One ticket in the list; the whole card opens `/tickets/{id}`. */
export function TicketCard({ ticket, showClient }: { ticket: Ticket; showClient: boolean }) {
  useDateDisplay();
  const client = ticket.client
    ? (ticket.client.companyName ?? `${ticket.client.firstName} ${ticket.client.lastName}`)
    : null;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component={Link}
      to={`/tickets/${ticket._id}`}
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" c="dimmed" ff="monospace">
            {ticket.ticketNumber}
          </Text>
          <TicketStatusBadge status={ticket.status} />
        </Group>
        <Text fw={600} lineClamp={2}>
          {ticket.title}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {ticket.description}
        </Text>
        <Group gap={6}>
          <TicketPriorityBadge priority={ticket.priority} />
          <TicketTypeBadge type={ticket.type} />
        </Group>
        {(showClient && client) || ticket.project ? (
          <Text size="xs" c="dimmed" truncate>
            {[showClient ? client : null, ticket.project?.title].filter(Boolean).join(' · ')}
          </Text>
        ) : null}
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={4} wrap="nowrap" miw={0}>
            <IconUser size={14} aria-hidden />
            <Text size="xs" c="dimmed" truncate>
              {ticket.assignedTo
                ? `${ticket.assignedTo.firstName} ${ticket.assignedTo.lastName}`
                : 'Sin asignar'}
            </Text>
          </Group>
          <Group gap={8} wrap="nowrap">
            <Group gap={2} wrap="nowrap">
              <IconMessageCircle size={14} aria-hidden />
              <Text size="xs">
                {ticket.messageCount}
                <VisuallyHidden> mensajes</VisuallyHidden>
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {formatDateTime(ticket.reportedDate)}
            </Text>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
