import { TICKET_TYPE_LABELS, type TicketDetail } from '@agencia/shared';
import { Anchor, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { WRAPPING_BUTTON_STYLES } from '../../../components/ui/wrapping-button';
import { formatDateTime } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
import { formatHours, TicketPriorityBadge, TicketSeverityBadge, TicketStatusBadge } from './ticket-badges';
import { TicketField as Field } from './ticket-field';
import { TicketAttachments } from './ticket-parts';

/**
 * The ticket detail's side column: details, time worked against the estimate, followers (with the
 * follow button), related tickets and attachments. Staff also see the client.
 */
export function TicketSidebar({
  ticket,
  staff,
  watching,
  onToggleWatch,
}: {
  ticket: TicketDetail;
  staff: boolean;
  watching: boolean;
  onToggleWatch: () => void;
}) {
  useDateDisplay();
  const est = ticket.estimatedResolutionTime;
  const progress = est ? Math.min(100, Math.round((ticket.actualTimeSpent / est) * 100)) : 0;
  return (
    <Stack gap="lg">
      <Card withBorder radius="md">
        <Title order={2} size="h4" mb="sm">
          Detalles
        </Title>
        <Stack gap={8}>
          <Field label="Estado">
            <TicketStatusBadge status={ticket.status} />
          </Field>
          <Field label="Prioridad">
            <TicketPriorityBadge priority={ticket.priority} />
          </Field>
          <Field label="Severidad">
            <TicketSeverityBadge severity={ticket.severity} />
          </Field>
          <Field label="Tipo">{TICKET_TYPE_LABELS[ticket.type]}</Field>
          {ticket.category && <Field label="Categoría">{ticket.category}</Field>}
          {staff && ticket.client && (
            <Field label="Cliente">
              {ticket.client.companyName ?? `${ticket.client.firstName} ${ticket.client.lastName}`}
            </Field>
          )}
          <Field label="Proyecto">{ticket.project?.title ?? 'Sin proyecto'}</Field>
          <Field label="Asignado a">
            {ticket.assignedTo
              ? `${ticket.assignedTo.firstName} ${ticket.assignedTo.lastName}`
              : 'Sin asignar'}
          </Field>
          <Field label="Reportado por">
            {ticket.reportedBy
              ? `${ticket.reportedBy.firstName} ${ticket.reportedBy.lastName}`
              : ticket.reporterEmail
                ? `${ticket.reporterEmail} (por correo)`
                : '—'}
          </Field>
        </Stack>
      </Card>

      <Card withBorder radius="md">
        <Title order={2} size="h4" mb="sm">
          Tiempo
        </Title>
        <Group justify="space-between" mb={6}>
          <Text size="sm">Trabajado: {formatHours(ticket.actualTimeSpent)}</Text>
          <Text size="sm" c="dimmed">
            Estimado: {formatHours(est)}
          </Text>
        </Group>
        <Progress
          value={progress}
          color={est && ticket.actualTimeSpent > est ? 'red' : 'blue'}
          aria-label="Tiempo trabajado frente al estimado"
        />
        <Stack gap={6} mt="md">
          <Field label="Reportado">{formatDateTime(ticket.reportedDate)}</Field>
          <Field label="Actualizado">{formatDateTime(ticket.updatedAt)}</Field>
          {ticket.resolvedAt && <Field label="Resuelto">{formatDateTime(ticket.resolvedAt)}</Field>}
          {ticket.closedAt && <Field label="Cerrado">{formatDateTime(ticket.closedAt)}</Field>}
        </Stack>
      </Card>

      <Card withBorder radius="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            Seguidores
          </Title>
          <Button size="compact-sm" variant="light" onClick={onToggleWatch} styles={WRAPPING_BUTTON_STYLES}>
            {watching ? 'Dejar de seguir' : 'Seguir'}
          </Button>
        </Group>
        {ticket.watchers.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nadie sigue este ticket.
          </Text>
        ) : (
          <Stack gap={4}>
            {ticket.watchers.map((w) => (
              <Text key={w._id} size="sm">
                {w.firstName} {w.lastName}
              </Text>
            ))}
          </Stack>
        )}
      </Card>

      <Card withBorder radius="md">
        <Title order={2} size="h4" mb="sm">
          Tickets relacionados
        </Title>
        {ticket.relatedTickets.length === 0 ? (
          <Text size="sm" c="dimmed">
            Sin tickets relacionados.
          </Text>
        ) : (
          <Stack gap={6}>
            {ticket.relatedTickets.map((r) => (
              <Group key={r._id} justify="space-between" wrap="nowrap" gap="xs">
                <Anchor component={Link} to={`/tickets/${r._id}`} size="sm" truncate>
                  {r.ticketNumber} · {r.title}
                </Anchor>
                <TicketStatusBadge status={r.status} />
              </Group>
            ))}
          </Stack>
        )}
      </Card>

      <Card withBorder radius="md">
        <Title order={2} size="h4" mb="sm">
          Adjuntos ({ticket.attachmentsTotal})
        </Title>
        <TicketAttachments ticketId={ticket._id} />
      </Card>
    </Stack>
  );
}
