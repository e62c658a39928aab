import {
  ROLE_LABELS,
  type TicketDetail,
  type TicketMessage,
  type TicketTimelineEntry,
} from '@agencia/shared';
import {
  Anchor,
  Avatar,
  Badge,
  Button,
  FileInput,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  Timeline,
} from '@mantine/core';
import {
  IconArrowsExchange,
  IconClock,
  IconMessageCircle,
  IconPaperclip,
  IconPlus,
  IconUserCheck,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { announce } from '../../../lib/live-region';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useSessionStore } from '../../../stores/session-store';
import { useTicketConversation } from '../api/get-ticket-messages';
import { openTicketAttachment, type useTicketActions } from '../api/ticket-mutations';
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_BYTES } from './create-ticket-modal';

const initials = (p: { firstName: string; lastName: string }) =>
  `${p.firstName[0] ?? ''}${p.lastName[0] ?? ''}`.toUpperCase();

/** The author's name; a client contact without a portal user writing by e-mail is named by address. */
const authorName = (m: TicketMessage) =>
  m.author ? `${m.author.firstName} ${m.author.lastName}` : (m.authorEmail ?? 'Usuario eliminado');

/** What a screen reader says when a message arrives live: author and the start of the text. */
export function arrivalAnnouncement(message: TicketMessage): string {
  const author = authorName(message);
  const text = message.content.replace(/\s+/g, ' ').trim();
  const excerpt = text.length > 140 ? `${text.slice(0, 140)}…` : text;
  return `Nuevo mensaje de ${author}${excerpt ? `: ${excerpt}` : ''}`;
}

/**
 * Announces (politely) messages that arrive at the end of the open conversation from someone else
 * — a reply pushed live — but not the first load, older pages, or the user's own reply, which
 * has its toast (decision 112).
 */
function useAnnounceArrivals(messages: TicketMessage[]): void {
  const userId = useSessionStore((state) => state.user?._id);
  const known = useRef<Set<string> | null>(null);
  useEffect(() => {
    const ids = new Set(messages.map((m) => m._id));
    const before = known.current;
    known.current = ids;
    if (!before) return;
    const last = messages.at(-1);
    if (!last || before.has(last._id)) return;
    // Only the new tail: messages after the last one already shown.
    const arrived: TicketMessage[] = [];
    for (let i = messages.length - 1; i >= 0; i--) {
      const message = messages[i] as TicketMessage;
      if (before.has(message._id)) break;
      arrived.unshift(message);
    }
    for (const message of arrived) {
      if (message.author?._id !== userId) announce(arrivalAnnouncement(message));
    }
  }, [messages, userId]);
}

/**
 * Messages of the ticket, oldest first; internal notes are marked (staff only ever gets them).
 * Long conversations show the newest 20 and a 'Ver mensajes anteriores' button above them that
 * loads 20 older ones at a time (decision 102).
 */
export function TicketMessages({ ticket }: { ticket: TicketDetail }) {
  useDateDisplay();
  const conversation = useTicketConversation(ticket);
  useAnnounceArrivals(conversation.messages);
  if (conversation.messages.length === 0)
    return (
      <Text c="dimmed" size="sm">
        Todavía no hay comentarios.
      </Text>
    );
  return (
    <Stack gap="sm">
      {conversation.hidden > 0 && (
        <Group justify="center" gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            loading={conversation.loading}
            onClick={conversation.loadOlder}
          >
            Ver mensajes anteriores ({conversation.hidden})
          </Button>
        </Group>
      )}
      {conversation.error && (
        <Text c="red" size="sm" ta="center" role="alert">
          No se pudieron cargar los mensajes anteriores
        </Text>
      )}
      {conversation.messages.map((m) => (
        <Paper
          key={m._id}
          withBorder
          radius="md"
          p="sm"
          bg={m.isInternal ? 'var(--mantine-color-yellow-light)' : undefined}
        >
          {/* Author, role and date wrap onto more lines on phones instead of cutting the name
              ("María Fer…", issue 18). */}
          <Group justify="space-between" gap={4} mb={4} wrap="wrap">
            <Group gap="xs" wrap="wrap" miw={0} style={{ rowGap: 2 }}>
              <Avatar
                size="sm"
                radius="xl"
                color={m.author?.role === 'client' || m.authorEmail ? 'teal' : 'blue'}
              >
                {m.author ? initials(m.author) : '?'}
              </Avatar>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {authorName(m)}
              </Text>
              {!m.author && m.authorEmail && (
                <Text size="xs" c="dimmed">
                  Contacto del cliente, por correo
                </Text>
              )}
              {m.author && (
                <Text size="xs" c="dimmed">
                  {ROLE_LABELS[m.author.role]}
                </Text>
              )}
              {m.isInternal && (
                <Badge size="xs" color="yellow" variant="filled">
                  Interno
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {formatDateTime(m.createdAt)}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {m.content}
          </Text>
          {m.attachments.length > 0 && (
            <Group gap="xs" mt="xs">
              {m.attachments.map((a) => (
                <Anchor
                  key={a._id}
                  component="button"
                  type="button"
                  size="xs"
                  onClick={() => void openTicketAttachment(a)}
                >
                  <Group gap={4} wrap="nowrap">
                    <IconPaperclip size={12} aria-hidden />
                    {a.filename}
                  </Group>
                </Anchor>
              ))}
            </Group>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

const TIMELINE_ICONS: Record<TicketTimelineEntry['type'], typeof IconPlus> = {
  created: IconPlus,
  comment: IconMessageCircle,
  status_change: IconArrowsExchange,
  time_logged: IconClock,
  assigned: IconUserCheck,
};

/** Activity timeline (created, comment, status_change, time_logged, assigned). */
export function TicketTimeline({ entries }: { entries: TicketTimelineEntry[] }) {
  useDateDisplay();
  return (
    <Timeline bulletSize={26} lineWidth={2} active={entries.length - 1}>
      {entries.map((e) => {
        const Icon = TIMELINE_ICONS[e.type];
        return (
          <Timeline.Item key={e._id} bullet={<Icon size={14} aria-hidden />} title={e.description}>
            <Text size="xs" c="dimmed">
              {[e.actor ? `${e.actor.firstName} ${e.actor.lastName}` : null, formatDateTime(e.createdAt)]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

/** Add-comment box: button disabled while empty; staff may mark it internal; up to 5 attachments. */
export function AddCommentBox({
  actions,
  staff,
  disabled,
}: {
  actions: ReturnType<typeof useTicketActions>;
  staff: boolean;
  disabled?: boolean;
}) {
  const [content, setContent] = useState('');
  const [isInternal, setInternal] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const tooBig = files.some((f) => f.size > ATTACHMENT_MAX_BYTES);

  const submit = async () => {
    try {
      await actions.message.mutateAsync({ body: { content, isInternal }, files });
      setContent('');
      setFiles([]);
      setInternal(false);
      toastSuccess('Comentario agregado', 'Tu comentario ha sido agregado al ticket');
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo agregar el comentario'));
    }
  };

  return (
    <Stack gap="xs">
      <Textarea
        label="Agregar comentario"
        placeholder={disabled ? 'Este ticket está cerrado' : 'Escribe tu comentario…'}
        autosize
        minRows={3}
        maxLength={5000}
        value={content}
        disabled={disabled}
        onChange={(e) => setContent(e.currentTarget.value)}
      />
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end">
          <FileInput
            aria-label="Adjuntar archivos"
            placeholder="Adjuntar archivos"
            multiple
            clearable
            size="xs"
            w={220}
            accept={ATTACHMENT_ACCEPT}
            value={files}
            onChange={setFiles}
            disabled={disabled}
            leftSection={<IconPaperclip size={14} aria-hidden />}
            error={tooBig ? 'Máximo 10 MB por archivo' : undefined}
          />
          {staff && (
            <Switch
              label="Nota interna (no visible para el cliente)"
              checked={isInternal}
              onChange={(e) => setInternal(e.currentTarget.checked)}
              disabled={disabled}
            />
          )}
        </Group>
        <Button
          onClick={() => void submit()}
          disabled={disabled || content.trim().length === 0 || tooBig || files.length > 5}
          loading={actions.message.isPending}
        >
          Agregar comentario
        </Button>
      </Group>
    </Stack>
  );
}
