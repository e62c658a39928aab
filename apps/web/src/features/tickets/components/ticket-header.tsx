import type { TicketDetail, TicketStatus } from '@agencia/shared';
import { ActionIcon, Anchor, Button, Group, Menu, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconBrandWhatsapp,
  IconCheck,
  IconClock,
  IconDots,
  IconEdit,
  IconEye,
  IconEyeOff,
  IconLink,
  IconLock,
  IconPlayerPause,
  IconPlayerPlay,
  IconRefresh,
  IconTrash,
  IconUserPlus,
  IconX,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useShareDocument } from '../../../components/share/share-document-actions';
import { TicketPriorityBadge, TicketStatusBadge } from './ticket-badges';

/**
 * The ticket detail's header: back link, number, badges and title, then one primary action
 * ("Editar" when the viewer may edit) and the "Más acciones" menu with the rest: assign, log time,
 * share, status changes, follow and delete (issue 32: six buttons took four rows on a phone
 * before any content). Staff and clients get different status items; only `canDelete` shows
 * "Eliminar".
 */
export function TicketHeader({
  ticket,
  staff,
  canDelete,
  watching,
  onEdit,
  onAssign,
  onTimeLog,
  onResolve,
  onStatus,
  onToggleWatch,
  onDelete,
}: {
  ticket: TicketDetail;
  staff: boolean;
  canDelete: boolean;
  watching: boolean;
  onEdit: () => void;
  onAssign: () => void;
  onTimeLog: () => void;
  onResolve: (mode: 'resolved' | 'closed') => void;
  onStatus: (status: TicketStatus) => Promise<void>;
  onToggleWatch: () => void;
  onDelete: () => void;
}) {
  const s = ticket.status;
  const clientEditable = !staff && (s === 'open' || s === 'pending_client');
  const share = useShareDocument('ticket', ticket._id);
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Stack gap={4} miw={0} style={{ flex: 1 }}>
        <Anchor component={Link} to="/tickets" size="sm">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={14} aria-hidden /> Volver a tickets
          </Group>
        </Anchor>
        <Group gap="xs">
          <Text c="dimmed" ff="monospace">
            {ticket.ticketNumber}
          </Text>
          <TicketStatusBadge status={s} />
          <TicketPriorityBadge priority={ticket.priority} />
        </Group>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {ticket.title}
        </Title>
      </Stack>
      <Group gap="xs">
        {(staff || clientEditable) && (
          <Button variant="default" leftSection={<IconEdit size={16} aria-hidden />} onClick={onEdit}>
            Editar
          </Button>
        )}
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" size="lg" aria-label="Más acciones">
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {staff && (
              <>
                <Menu.Item leftSection={<IconUserPlus size={14} />} onClick={onAssign}>
                  Asignar
                </Menu.Item>
                <Menu.Item leftSection={<IconClock size={14} />} onClick={onTimeLog}>
                  Registrar tiempo
                </Menu.Item>
              </>
            )}
            <Menu.Item leftSection={<IconBrandWhatsapp size={14} />} onClick={share.openShare}>
              Compartir por WhatsApp
            </Menu.Item>
            <Menu.Item leftSection={<IconLink size={14} />} onClick={share.openLinks}>
              Enlaces compartidos
            </Menu.Item>
            <Menu.Divider />
            {staff ? (
              <>
                <Menu.Item
                  leftSection={<IconPlayerPlay size={14} />}
                  disabled={s === 'in_progress' || s === 'closed' || s === 'cancelled'}
                  onClick={() => void onStatus('in_progress')}
                >
                  Marcar en progreso
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconPlayerPause size={14} />}
                  disabled={!['open', 'in_progress'].includes(s)}
                  onClick={() => void onStatus('pending_client')}
                >
                  Pausar (esperando cliente)
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconCheck size={14} />}
                  disabled={!['open', 'in_progress', 'pending_client'].includes(s)}
                  onClick={() => onResolve('resolved')}
                >
                  Marcar como resuelto
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconLock size={14} />}
                  disabled={s === 'closed' || s === 'cancelled'}
                  onClick={() => onResolve('closed')}
                >
                  Cerrar ticket
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconRefresh size={14} />}
                  disabled={!['resolved', 'closed', 'cancelled'].includes(s)}
                  onClick={() => void onStatus('open')}
                >
                  Reabrir
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconX size={14} />}
                  disabled={['closed', 'cancelled', 'resolved'].includes(s)}
                  onClick={() => void onStatus('cancelled')}
                >
                  Cancelar ticket
                </Menu.Item>
              </>
            ) : (
              <>
                <Menu.Item
                  leftSection={<IconRefresh size={14} />}
                  disabled={s !== 'resolved'}
                  onClick={() => void onStatus('open')}
                >
                  Reabrir
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconX size={14} />}
                  disabled={!['open', 'pending_client'].includes(s)}
                  onClick={() => void onStatus('cancelled')}
                >
                  Cancelar ticket
                </Menu.Item>
              </>
            )}
            <Menu.Item
              leftSection={watching ? <IconEyeOff size={14} /> : <IconEye size={14} />}
              onClick={onToggleWatch}
            >
              {watching ? 'Dejar de seguir' : 'Seguir ticket'}
            </Menu.Item>
            {canDelete && (
              <>
                <Menu.Divider />
                <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
                  Eliminar
                </Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
        {share.dialogs}
      </Group>
    </Group>
  );
}
