import { type Client, clientStatusBadge, formatMoney } from '@agencia/shared';
import { ActionIcon, Avatar, Badge, Card, Divider, Group, Menu, Stack, Text } from '@mantine/core';
import {
  IconDotsVertical,
  IconEye,
  IconLink,
  IconMail,
  IconMapPin,
  IconPencil,
  IconPhone,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CardLink, cardLinkAbove } from '../../../components/ui/card-link';
import { formatDate } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
import { bounceLine } from './client-email-bounce';

const initials = (c: Client) => `${c.firstName[0] ?? ''}${c.lastName[0] ?? ''}`.toUpperCase();
const date = (iso: string | null) => (iso ? formatDate(iso) : 'Sin actividad');

function Metric({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </Stack>
  );
}

interface Props {
  client: Client;
  currency: string;
  onEdit: () => void;
  onLink: () => void;
  onDelete: () => void;
}

/**
 * A client card of /clients (spec doc 2 §2): identity, contact, totals, dates and the card menu.
 * The card is a link to the client (its name's link covers it, `CardLink`), and shows the status
 * badge and the name whole: the name wraps, the badge never shrinks (issue 32: "A…", "Carmen Ros…").
 */
export function ClientCard({ client, currency, onEdit, onLink, onDelete }: Props) {
  useDateDisplay();
  const badge = clientStatusBadge(client.status);
  const name = `${client.firstName} ${client.lastName}`.trim();
  const place = [client.address.city, client.address.state].filter(Boolean).join(', ');
  const href = `/clients/${client._id}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={name}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
          <Avatar src={client.avatar} color="blue" radius="xl">
            {initials(client)}
          </Avatar>
          <Stack gap={0} miw={0}>
            <CardLink to={href} fw={600} style={{ overflowWrap: 'break-word' }}>
              {name}
            </CardLink>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'break-word' }}>
              {client.companyName ?? 'Persona física'}
            </Text>
          </Stack>
        </Group>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }} className={cardLinkAbove}>
          <Badge color={badge.color} variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
            {badge.label}
          </Badge>
          <Menu position="bottom-end" withinPortal shadow="md">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Acciones de ${name}`}>
                <IconDotsVertical size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item component={Link} to={href} leftSection={<IconEye size={16} />}>
                Ver detalles
              </Menu.Item>
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
                Editar
              </Menu.Item>
              <Menu.Item leftSection={<IconLink size={16} />} onClick={onLink}>
                Generar link
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
                Eliminar
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      <Stack gap={4} mt="sm">
        <Group gap={6} wrap="nowrap">
          <IconMail size={14} aria-hidden />
          <Text size="sm" miw={0} style={{ overflowWrap: 'anywhere' }}>
            {client.email}
          </Text>
          {client.emailFailingAt && (
            <Badge
              color="orange"
              variant="light"
              size="sm"
              style={{ flexShrink: 0, overflow: 'visible' }}
              title={bounceLine(client)}
            >
              Rebotó
            </Badge>
          )}
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconPhone size={14} aria-hidden />
          <Text size="sm">{client.phone ?? '—'}</Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconMapPin size={14} aria-hidden />
          <Text size="sm" miw={0}>
            {place || '—'}
          </Text>
        </Group>
      </Stack>
      <Divider my="sm" />
      {/* Wraps instead of three fixed columns: with text at 200 % the revenue no longer fits a
          third of the card (WCAG 1.4.4, decision 112). */}
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Metric label="Proyectos" value={client.totalProjects} />
        <Metric label="Activos" value={client.activeProjects} />
        <Metric label="Ingresos" value={formatMoney(client.totalRevenue, currency, 0)} />
      </Group>
      <Group justify="space-between" mt="sm" gap="xs">
        <Text size="xs" c="dimmed">
          Cliente desde {date(client.joinDate)}
        </Text>
        <Text size="xs" c="dimmed">
          Última actividad: {date(client.lastActivity)}
        </Text>
      </Group>
    </Card>
  );
}
