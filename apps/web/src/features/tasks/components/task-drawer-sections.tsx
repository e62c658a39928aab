import {
  TASK_LIMITS,
  TASK_MENTION_PATTERN,
  type TaskComment,
  type TaskDetail,
  taskMentionToken,
} from '@agencia/shared';
import {
  ActionIcon,
  Avatar,
  Button,
  Checkbox,
  FileButton,
  Group,
  Menu,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAt, IconDownload, IconFile, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { Fragment, type ReactNode, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { formatBytes, formatDateTime, formatNumericDate } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import {
  downloadTaskFile,
  useAddTaskComment,
  useToggleChecklistItem,
  useUpdateTask,
  useUploadTaskFile,
} from '../api/task-mutations';

/** A titled block of the drawer. */
export function Section({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={3} size="h5">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}

/** Checklist: tick items (staff), add and remove them. */
export function ChecklistSection({ task }: { task: TaskDetail }) {
  const toggle = useToggleChecklistItem(task._id);
  const update = useUpdateTask(task._id);
  const [text, setText] = useState('');
  const items = task.items;
  const done = items.filter((item) => item.done).length;

  const save = async (next: { _id?: string; text: string; done: boolean }[], message: string) => {
    try {
      await update.mutateAsync({ items: next });
      toastSuccess(message, task.title);
      return true;
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo guardar la lista'));
      return false;
    }
  };

  return (
    <Section title={`Lista de verificación (${done}/${items.length})`}>
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          Sin elementos.
        </Text>
      )}
      {items.map((item) => (
        <Group key={item._id} justify="space-between" wrap="nowrap" gap="xs">
          <Checkbox
            label={item.text}
            checked={item.done}
            disabled={!task.canEdit}
            onChange={async (event) => {
              try {
                await toggle.mutateAsync({ itemId: item._id, done: event.currentTarget.checked });
              } catch (error) {
                toastError('Error', getErrorMessage(error, 'No se pudo actualizar el elemento'));
              }
            }}
            styles={{ label: { overflowWrap: 'anywhere' } }}
          />
          {task.canEdit && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Quitar ${item.text}`}
              onClick={() =>
                save(
                  items.filter((other) => other._id !== item._id),
                  'Elemento quitado',
                )
              }
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      ))}
      {task.canEdit && (
        <form
          onSubmit={async (event) => {
            event.preventDefault();
            const value = text.trim();
            if (!value) return;
            if (await save([...items, { text: value, done: false }], 'Elemento agregado')) setText('');
          }}
        >
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label="Nuevo elemento"
              value={text}
              maxLength={TASK_LIMITS.checklistTextMax}
              onChange={(event) => setText(event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button
              type="submit"
              variant="light"
              leftSection={<IconPlus size={16} />}
              loading={update.isPending}
            >
              Agregar
            </Button>
          </Group>
        </form>
      )}
    </Section>
  );
}

/** Comment text with `@[Nombre](id)` tokens shown as bold "@Nombre". */
function CommentContent({ content }: { content: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of content.matchAll(new RegExp(TASK_MENTION_PATTERN.source, 'gi'))) {
    const index = match.index ?? 0;
    parts.push(<Fragment key={`t${last}`}>{content.slice(last, index)}</Fragment>);
    parts.push(<strong key={`m${index}`}>@{match[1]}</strong>);
    last = index + match[0].length;
  }
  parts.push(<Fragment key={`t${last}`}>{content.slice(last)}</Fragment>);
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts}
    </Text>
  );
}

function CommentItem({ comment }: { comment: TaskComment }) {
  const name = comment.author
    ? `${comment.author.firstName} ${comment.author.lastName}`
    : 'Usuario eliminado';
  return (
    <Paper
      withBorder
      p="xs"
      radius="md"
      bg={comment.isInternal ? 'var(--mantine-color-yellow-light)' : undefined}
    >
      <Group gap="xs" mb={4} wrap="nowrap">
        <Avatar size="sm" radius="xl" src={comment.author?.avatar ?? null} name={name} color="initials" />
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={600}>
            {name}
            {comment.isInternal ? ' · Interno' : ''}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(comment.createdAt)}
          </Text>
        </Stack>
      </Group>
      <CommentContent content={comment.content} />
    </Paper>
  );
}

/** Comments (oldest first) and the composer with mentions; staff may mark a comment internal. */
export function CommentsSection({
  task,
  isStaff,
  people,
}: {
  task: TaskDetail;
  isStaff: boolean;
  people: { _id: string; firstName: string; lastName: string }[];
}) {
  useDateDisplay();
  const add = useAddTaskComment(task._id);
  const [content, setContent] = useState('');
  const [internal, setInternal] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!content.trim()) return;
    try {
      await add.mutateAsync({ content, isInternal: isStaff && internal });
      setContent('');
      setInternal(false);
      toastSuccess('Comentario publicado', task.title);
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo publicar el comentario'));
    }
  };

  return (
    <Section title={`Comentarios (${task.comments.length})`}>
      {task.comments.length === 0 && (
        <Text size="sm" c="dimmed">
          Aún no hay comentarios.
        </Text>
      )}
      {task.comments.map((comment) => (
        <CommentItem key={comment._id} comment={comment} />
      ))}
      {task.canComment && (
        <form onSubmit={submit}>
          <Stack gap="xs">
            <Textarea
              label="Nuevo comentario"
              description="Escribe @ con el botón «Mencionar» para avisar a alguien."
              autosize
              minRows={2}
              maxLength={TASK_LIMITS.commentMax}
              value={content}
              onChange={(event) => setContent(event.currentTarget.value)}
            />
            <Group justify="space-between" gap="xs">
              <Group gap="xs">
                {people.length > 0 && (
                  <Menu position="bottom-start">
                    <Menu.Target>
                      <Button variant="default" size="xs" leftSection={<IconAt size={14} aria-hidden />}>
                        Mencionar
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {people.map((person) => (
                        <Menu.Item
                          key={person._id}
                          onClick={() =>
                            setContent(
                              (text) =>
                                `${text}${text && !text.endsWith(' ') ? ' ' : ''}${taskMentionToken(person)} `,
                            )
                          }
                        >
                          {person.firstName} {person.lastName}
                        </Menu.Item>
                      ))}
                    </Menu.Dropdown>
                  </Menu>
                )}
                {isStaff && (
                  <Checkbox
                    label="Interno (no lo ve el cliente)"
                    checked={internal}
                    onChange={(event) => setInternal(event.currentTarget.checked)}
                  />
                )}
              </Group>
              <Button type="submit" loading={add.isPending} disabled={!content.trim()}>
                Comentar
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Section>
  );
}

const ACCEPT = 'image/png,image/jpeg,image/webp,application/pdf,text/plain,application/zip,.txt,.pdf,.zip';

/** Files: the project files' upload rules (PDF, images, text, zip; 10 MB) and downloads. */
export function FilesSection({ task }: { task: TaskDetail }) {
  useDateDisplay();
  const upload = useUploadTaskFile(task._id);
  const onPick = async (file: File | null) => {
    if (!file) return;
    if (file.size > 10 * 1024 * 1024) {
      toastError('Error', 'El archivo supera el tamaño máximo de 10 MB');
      return;
    }
    try {
      await upload.mutateAsync(file);
      toastSuccess('Archivo subido', file.name);
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo subir el archivo'));
    }
  };
  return (
    <Section
      title={`Archivos (${task.files.length})`}
      actions={
        task.canComment ? (
          <FileButton onChange={onPick} accept={ACCEPT}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconUpload size={14} />}
                loading={upload.isPending}
              >
                Subir archivo
              </Button>
            )}
          </FileButton>
        ) : null
      }
    >
      {task.files.length === 0 && (
        <Text size="sm" c="dimmed">
          Sin archivos.
        </Text>
      )}
      {task.files.map((file) => (
        <Group key={file._id} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <IconFile size={18} aria-hidden />
            <Stack gap={0} miw={0}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {file.filename}
              </Text>
              <Text size="xs" c="dimmed">
                {formatBytes(file.size)} · {formatDateTime(file.createdAt)}
              </Text>
            </Stack>
          </Group>
          <ActionIcon
            variant="subtle"
            aria-label={`Descargar ${file.filename}`}
            onClick={() =>
              downloadTaskFile(task._id, file).catch((error) =>
                toastError('Error', getErrorMessage(error, 'No se pudo descargar el archivo')),
              )
            }
          >
            <IconDownload size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
    </Section>
  );
}

/** Time entries logged on the task (staff): date, person, hours, and the total. */
export function TimeSection({ task }: { task: TaskDetail }) {
  useDateDisplay();
  const entries = task.timeEntries ?? [];
  const hours = (task.loggedMinutes ?? 0) / 60;
  return (
    <Section title={`Tiempo registrado (${hours.toLocaleString('es-DO', { maximumFractionDigits: 2 })} h)`}>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aún no hay tiempo registrado en esta tarea.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Persona</Table.Th>
                <Table.Th ta="right">Horas</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry._id}>
                  <Table.Td>{formatNumericDate(entry.date)}</Table.Td>
                  <Table.Td>
                    {entry.user.firstName} {entry.user.lastName}
                  </Table.Td>
                  <Table.Td ta="right">{entry.hours}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
