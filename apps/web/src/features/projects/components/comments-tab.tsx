import {
  type ProjectDetail,
  type ProjectNote,
  ROLE_LABELS,
  UpdateProjectNoteRequestSchema,
} from '@agencia/shared';
import {
  ActionIcon,
  Alert,
  Avatar,
  Button,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconEye, IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ColorBadge } from '../../../components/ui/color-badge';
import { PagedSection, useUrlPage } from '../../../components/ui/paged-section';
import { getErrorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useSessionStore } from '../../../stores/session-store';
import { useProjectNotes } from '../api/get-project-sub-lists';
import { useAddNote, useDeleteNote, useUpdateNote } from '../api/project-mutations';
import { confirmDelete } from './confirm-delete';

const INTERNAL_LABEL = 'Nota interna (solo visible para el equipo)';
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The note's text, or (for its author) an inline editor with the shared schema's rules. */
function NoteEditor({
  projectId,
  note,
  isStaff,
  onDone,
}: {
  projectId: string;
  note: ProjectNote;
  isStaff: boolean;
  onDone: () => void;
}) {
  const [content, setContent] = useState(note.content);
  const [isInternal, setIsInternal] = useState(note.isInternal);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateNote(projectId);

  const save = async () => {
    // Clients never send the flag: the server answers 403 to a client's `isInternal: true`.
    const body = isStaff ? { content, isInternal } : { content };
    const parsed = UpdateProjectNoteRequestSchema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Comentario inválido');
      return;
    }
    try {
      await update.mutateAsync({ noteId: note._id, ...body });
      toastSuccess('Comentario actualizado', 'Se guardaron los cambios');
      onDone();
    } catch (e) {
      toastError('Error', getErrorMessage(e, 'No se pudo actualizar el comentario'));
    }
  };

  return (
    <Stack gap="sm" mt="sm">
      <Textarea
        aria-label="Editar comentario"
        autosize
        minRows={2}
        maxLength={5000}
        value={content}
        error={error}
        data-autofocus
        onChange={(e) => {
          setContent(e.currentTarget.value);
          setError(null);
        }}
      />
      <Group justify="space-between" gap="xs">
        {isStaff ? (
          <Switch
            label={INTERNAL_LABEL}
            checked={isInternal}
            onChange={(e) => setIsInternal(e.currentTarget.checked)}
          />
        ) : (
          <span />
        )}
        <Group gap="xs">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button onClick={save} disabled={!content.trim()} loading={update.isPending}>
            Guardar
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

function NoteCard({
  projectId,
  note,
  isStaff,
  canEdit,
  canDelete,
}: {
  projectId: string;
  note: ProjectNote;
  isStaff: boolean;
  canEdit: boolean;
  canDelete: boolean;
}) {
  useDateDisplay();
  const [editing, setEditing] = useState(false);
  const remove = useDeleteNote(projectId);
  const author = `${note.author.firstName} ${note.author.lastName}`;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="project-note"
      bg={
        note.isInternal ? 'light-dark(var(--mantine-color-yellow-0), var(--mantine-color-dark-6))' : undefined
      }
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Avatar radius="xl" size="sm" name={author} color="initials" />
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={600}>
              {author}
            </Text>
            {/* Each part wraps as a whole, so a date never breaks across lines on a phone. */}
            <Text size="xs" c="dimmed">
              {note.author.role ? `${ROLE_LABELS[note.author.role]} · ` : ''}
              <span style={NOWRAP}>{formatDateTime(note.createdAt)}</span>
              {note.editedAt && (
                <>
                  {' · '}
                  <span data-testid="note-edited" style={NOWRAP}>
                    (editado) <time dateTime={note.editedAt}>{formatDateTime(note.editedAt)}</time>
                  </span>
                </>
              )}
            </Text>
          </Stack>
        </Group>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {note.isInternal && (
            <ColorBadge color="yellow" leftSection={<IconLock size={12} />}>
              Interna
            </ColorBadge>
          )}
          {canEdit && !editing && (
            <Tooltip label="Editar">
              <ActionIcon variant="subtle" aria-label="Editar comentario" onClick={() => setEditing(true)}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {canDelete && (
            <Tooltip label="Eliminar">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label="Eliminar comentario"
                onClick={() =>
                  confirmDelete({
                    title: 'Eliminar comentario',
                    message: `¿Eliminar el comentario de ${author}? Esta acción no se puede deshacer.`,
                    remove: () => remove.mutateAsync(note._id),
                    done: { title: 'Comentario eliminado', message: 'El comentario fue eliminado' },
                    failure: 'No se pudo eliminar el comentario',
                  })
                }
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      {editing ? (
        <NoteEditor projectId={projectId} note={note} isStaff={isStaff} onDone={() => setEditing(false)} />
      ) : (
        <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {note.content}
        </Text>
      )}
    </Paper>
  );
}

/**
 * Comments tab: notes newest first, 20 a page (`GET /projects/{id}/notes`); staff may mark a note internal (never shown to clients).
 * `canPost` is false for staff without `projects.write` (decision 070): they read only.
 * Authors edit their notes; authors and admins delete them (decision 036).
 */
export function CommentsTab({
  project,
  isStaff,
  canPost,
}: {
  project: ProjectDetail;
  isStaff: boolean;
  canPost: boolean;
}) {
  const user = useSessionStore((s) => s.user);
  const [content, setContent] = useState('');
  const [isInternal, setIsInternal] = useState(false);
  const add = useAddNote(project._id);
  const [page, setPage] = useUrlPage();
  const notes = useProjectNotes(project._id, page);

  const submit = async () => {
    try {
      await add.mutateAsync({ content, isInternal: isStaff && isInternal });
      setContent('');
      setIsInternal(false);
      setPage(1); // the new note is the first of page 1
      toastSuccess('Comentario agregado', 'Tu comentario ha sido agregado al proyecto');
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo agregar el comentario'));
    }
  };

  return (
    <Stack gap="md">
      {canPost ? (
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
                  label={INTERNAL_LABEL}
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
      ) : (
        <Alert color="gray" variant="light" icon={<IconEye size={18} />} data-testid="comments-read-only">
          Solo lectura: no tienes permiso para comentar en proyectos.
        </Alert>
      )}

      <PagedSection
        query={notes}
        label="Cargando comentarios"
        empty="Aún no hay comentarios."
        noun="comentarios"
        singular="comentario"
        onPage={setPage}
      >
        {notes.data?.notes.map((n) => {
          const own = n.author._id !== null && n.author._id === user?._id;
          return (
            <NoteCard
              key={n._id}
              projectId={project._id}
              note={n}
              isStaff={isStaff}
              canEdit={canPost && own}
              canDelete={canPost && (own || user?.role === 'admin')}
            />
          );
        })}
      </PagedSection>
    </Stack>
  );
}
