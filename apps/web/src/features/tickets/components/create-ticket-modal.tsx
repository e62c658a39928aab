import {
  CreateTicketRequestSchema,
  TICKET_PRIORITY_LABELS,
  TICKET_TYPE_LABELS,
  type TicketPriority,
  type TicketType,
} from '@agencia/shared';
import { Button, FileInput, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPaperclip } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ClientPicker, ProjectPicker } from '../../../components/pickers/pickers';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSessionStore } from '../../../stores/session-store';
import { useCreateTicket } from '../api/ticket-mutations';
import { optionsOf } from './ticket-badges';

interface FormValues {
  title: string;
  description: string;
  type: TicketType;
  priority: TicketPriority;
  projectId: string | null;
  clientId: string | null;
}

/** Accepted attachment types (the server sniffs the bytes and enforces the same list, max 10 MB). */
export const ATTACHMENT_ACCEPT = 'image/png,image/jpeg,image/webp,application/pdf,text/plain,application/zip';
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * 'Nuevo Ticket' (spec doc 2 §2): creates the ticket, uploads attachments, opens it. Staff who
 * may read clients pick the client (any client; the project list narrows to that client's
 * projects, decision 072); a client's ticket is always its own (the server sets it).
 */
export function CreateTicketModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const mutation = useCreateTicket();
  const user = useSessionStore((state) => state.user);
  const pickClient =
    (user?.role === 'admin' || user?.role === 'employee') &&
    (user.permissions?.includes('clients.read') ?? false);
  const form = useForm<FormValues & { files: File[] }>({
    initialValues: {
      title: '',
      description: '',
      type: 'support',
      priority: 'medium',
      projectId: null,
      clientId: null,
      files: [],
    },
    validate: (values) => {
      const errors = zodResolver(CreateTicketRequestSchema)(values) as Record<string, string>;
      if (values.files.some((f) => f.size > ATTACHMENT_MAX_BYTES))
        errors.files = 'Cada archivo debe pesar como máximo 10 MB';
      if (values.files.length > 5) errors.files = 'Máximo 5 archivos';
      return errors;
    },
  });

  const clientId = pickClient ? form.values.clientId : null;

  const close = () => {
    form.reset();
    mutation.reset();
    onClose();
  };

  const submit = form.onSubmit(async ({ files, clientId: picked, ...rest }) => {
    const body = pickClient ? { ...rest, clientId: picked } : rest;
    try {
      const ticket = await mutation.mutateAsync({ body, files });
      toastSuccess('Ticket creado', `${ticket.ticketNumber}: ${ticket.title}`);
      close();
      navigate(`/tickets/${ticket._id}`);
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo crear el ticket'));
    }
  });

  return (
    <Modal opened={opened} onClose={close} title="Nuevo Ticket" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Título"
            placeholder="Resumen breve del problema"
            withAsterisk
            data-autofocus
            {...form.getInputProps('title')}
          />
          <Textarea
            label="Descripción"
            placeholder="Describe qué sucede, desde cuándo y cómo reproducirlo"
            withAsterisk
            autosize
            minRows={4}
            {...form.getInputProps('description')}
          />
          <Group grow align="flex-start">
            <Select
              label="Tipo"
              data={optionsOf(TICKET_TYPE_LABELS)}
              allowDeselect={false}
              {...form.getInputProps('type')}
            />
            <Select
              label="Prioridad"
              data={optionsOf(TICKET_PRIORITY_LABELS)}
              allowDeselect={false}
              {...form.getInputProps('priority')}
            />
          </Group>
          {pickClient && (
            <ClientPicker
              enabled={opened}
              placeholder="Selecciona un cliente (opcional)"
              description="Sin cliente, se usa el del proyecto elegido"
              error={form.errors.clientId}
              clearable
              value={form.values.clientId}
              onChange={(value) => {
                form.setFieldValue('clientId', value);
                form.setFieldValue('projectId', null);
              }}
            />
          )}
          <ProjectPicker
            // A new client starts a new search (and forgets the previous client's projects).
            key={clientId ?? 'all'}
            enabled={opened}
            clientId={clientId}
            placeholder="Selecciona un proyecto (opcional)"
            nothingFoundMessage={
              clientId ? 'Este cliente no tiene proyectos con ese nombre' : 'No se encontraron proyectos'
            }
            clearable
            value={form.values.projectId}
            onChange={(v) => form.setFieldValue('projectId', v)}
            error={form.errors.projectId}
          />
          <FileInput
            label="Adjuntos"
            description="Imágenes, PDF, texto o ZIP; hasta 5 archivos de 10 MB"
            placeholder="Seleccionar archivos"
            multiple
            clearable
            accept={ATTACHMENT_ACCEPT}
            leftSection={<IconPaperclip size={16} aria-hidden />}
            {...form.getInputProps('files')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Crear Ticket
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
