import { type ProjectDetail, ROLE_LABELS } from '@agencia/shared';
import { Avatar, Button, Group, Paper, Stack, Switch, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { ColorBadge } from '../../../components/ui/color-badge';
import { getErrorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useAddNote } from '../api/project-mutations';

/** Comments tab: notes newest first; staff may mark a note internal (never shown to clients). */
export function CommentsTab({ project, isStaff }: { project: ProjectDetail; isStaff: boolean }) {
  const [content, setContent] = useState('');
  const [isInternal, setIsInternal] = useState(false);
  const add = useAddNote(project._id);

  const submit = async () => {
    try {
      await add.mutateAsync({ content, isInternal: isStaff && isInternal });
      setContent('');
      setIsInternal(false);
      notifications.show({
        color: 'green',
        title: 'Comentario agregado',
        message: 'Tu comentario ha sido agregado al proyecto',
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Error',
        message: getErrorMessage(error, 'No se pudo agregar el comentario'),
      });
    }
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Textarea
            label="Nuevo comentario"
            placeholder="Escribe un comentario…"
            autosize
            minRows={3}
            value={content}
            onChange={(e) => setContent(e.currentTarget.value)}
            maxLength={5000}
          />
          <Group justify="space-between">
            {isStaff ? (
              <Switch
                label="Nota interna (solo visible para el equipo)"
                checked={isInternal}
                onChange={(e) => setIsInternal(e.currentTarget.checked)}
              />
            ) : (
              <span />
            )}
            <Button onClick={submit} disabled={!content.trim()} loading={add.isPending}>
              Agregar comentario
            </Button>
          </Group>
        </Stack>
      </Paper>

      {project.notes.length === 0 && <Text c="dimmed">Aún no hay comentarios.</Text>}
      {project.notes.map((n) => (
        <Paper
          key={n._id}
          withBorder
          radius="md"
          p="md"
          data-testid="project-note"
          bg={
            n.isInternal
              ? 'light-dark(var(--mantine-color-yellow-0), var(--mantine-color-dark-6))'
              : undefined
          }
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Avatar
                radius="xl"
                size="sm"
                name={`${n.author.firstName} ${n.author.lastName}`}
                color="initials"
              />
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {n.author.firstName} {n.author.lastName}
                </Text>
                <Text size="xs" c="dimmed">
                  {n.author.role ? ROLE_LABELS[n.author.role] : ''} · {formatDateTime(n.createdAt)}
                </Text>
              </Stack>
            </Group>
            {n.isInternal && (
              <ColorBadge color="yellow" leftSection={<IconLock size={12} />}>
                Interna
              </ColorBadge>
            )}
          </Group>
          <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {n.content}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
