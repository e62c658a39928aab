import { type ProjectTaskSettings, ProjectTaskSettingsSchema } from '@agencia/shared';
import { Alert, Button, Center, Group, Loader, Modal, Stack, Switch, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useTaskSettings } from '../api/get-tasks';
import { useUpdateTaskSettings } from '../api/task-mutations';

/** The three settings, in the order the panel shows them, with their Spanish explanations. */
const FIELDS: { key: keyof ProjectTaskSettings; label: string; description: string }[] = [
  {
    key: 'progressFromTasks',
    label: 'El progreso del proyecto sigue a sus tareas',
    description:
      'El porcentaje de progreso se calcula solo: tareas hechas entre todas las tareas (las solicitudes del cliente aún no aceptadas no cuentan). Cada cambio en el tablero lo actualiza.',
  },
  {
    key: 'clientRequestsEnabled',
    label: 'El cliente puede enviar solicitudes',
    description:
      'Los usuarios del cliente ven «Nueva solicitud»; lo que envían llega a la columna «Solicitudes del cliente» y el equipo lo acepta al moverlo al tablero.',
  },
  {
    key: 'timerBillable',
    label: 'El tiempo del cronómetro es facturable',
    description:
      'Al detener el cronómetro de una tarea, el tiempo se registra como facturable en el proyecto. Cada registro puede cambiarse después en la pestaña «Tiempo».',
  },
];

/**
 * "Ajustes del tablero" (admins, decision 165): the project's task settings
 * (`GET/PUT /projects/{id}/task-settings`) as three switches with what each one does; saved
 * together.
 */
export function TaskSettingsModal({
  projectId,
  opened,
  onClose,
}: {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const query = useTaskSettings(projectId, opened);
  const save = useUpdateTaskSettings(projectId);
  const [draft, setDraft] = useState<ProjectTaskSettings | null>(null);
  // A fresh copy of the saved settings each time the panel opens.
  useEffect(() => {
    if (opened && query.data) setDraft(query.data);
    if (!opened) setDraft(null);
  }, [opened, query.data]);
  const changed =
    !!draft &&
    !!query.data &&
    FIELDS.some((field) => draft[field.key] !== (query.data as ProjectTaskSettings)[field.key]);

  const submit = async () => {
    if (!draft) return;
    try {
      await save.mutateAsync(ProjectTaskSettingsSchema.parse(draft));
      toastSuccess('Ajustes guardados', 'El tablero usa los nuevos ajustes.');
      onClose();
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudieron guardar los ajustes'));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Ajustes del tablero" size="lg">
      {query.isPending ? (
        <Center py="lg" role="status">
          <Loader aria-label="Cargando ajustes" />
        </Center>
      ) : query.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title="No se pudieron cargar">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{getErrorMessage(query.error, 'Intenta nuevamente.')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => query.refetch()}>
              Reintentar
            </Button>
          </Stack>
        </Alert>
      ) : draft ? (
        <Stack gap="lg">
          {FIELDS.map((field) => (
            <Switch
              key={field.key}
              label={field.label}
              description={field.description}
              checked={draft[field.key]}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setDraft((current) => (current ? { ...current, [field.key]: checked } : current));
              }}
            />
          ))}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button onClick={() => void submit()} loading={save.isPending} disabled={!changed}>
              Guardar ajustes
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
