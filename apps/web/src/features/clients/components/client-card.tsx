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
import type { KeyboardEvent, ReactNode } from 'react';
import { formatDate } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';

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
  onOpen: () => void;
  onEdit: () => void;
  onLink: () => void;
  onDelete: () => void;
}

/** A client card of /clients (spec doc 2 §2): identity, contact, totals, dates and the card menu. */
export function ClientCard({ client, currency, onOpen, onEdit, onLink, onDelete }: Props) {
  useDateDisplay();
  const badge = clientStatusBadge(client.status);
  const name = `${client.firstName} ${client.lastName}`.trim();
  const place = [client.address.city, client.address.state].filter(Boolean).join(', ');
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && e.target === e.currentTarget) onOpen();
  };
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      style={{ cursor: 'pointer' }}
      onClick={onOpen}
      onKeyDown={onKey}
      tabIndex={0}
      role="article"
      aria-label={name}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar src={client.avatar} color="blue" radius="xl">
            {initials(client)}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {name}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {client.companyName ?? 'Persona física'}
            </Text>
          </Stack>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Badge color={badge.color} variant="light">
            {badge.label}
          </Badge>
          <Menu position="bottom-end" withinPortal shadow="md">
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Acciones de ${name}`}
                onClick={(e) => e.stopPropagation()}
              >
                <IconDotsVertical size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
              <Menu.Item leftSection={<IconEye size={16} />} onClick={onOpen}>
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
          <Text size="sm" truncate>
            {client.email}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconPhone size={14} aria-hidden />
          <Text size="sm">{client.phone ?? '—'}</Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconMapPin size={14} aria-hidden />
          <Text size="sm" truncate>
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
