import {
  isStaff as isStaffRole,
  type ProjectDetail,
  TASK_BOARD_COLUMN_LABELS,
  TASK_DUE_FILTER_LABELS,
  TASK_STATUS_LABELS,
  type Task,
  type TaskBoardColumn,
  TaskStatusSchema,
  taskBoardColumn,
} from '@agencia/shared';
import { Alert, Button, Center, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  IconAdjustmentsHorizontal,
  IconAlertCircle,
  IconLayoutKanban,
  IconList,
  IconPlus,
} from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import { type BoardMove, KanbanBoard } from '../../../components/board/kanban-board';
import { ListFilters } from '../../../components/ui/list-filters';
import { getErrorMessage } from '../../../lib/api-client';
import { todayDateOnly } from '../../../lib/format';
import { useListParams } from '../../../lib/list-params';
import { toastError } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useSessionStore } from '../../../stores/session-store';
import { useProjectTasks } from '../api/get-tasks';
import { useMoveTask } from '../api/task-mutations';
import { useMilestoneOffer } from '../components/milestone-offer';
import { NewTaskModal } from '../components/new-task-modal';
import { TaskCard } from '../components/task-card';
import { TaskDrawer } from '../components/task-drawer';
import { TaskListView } from '../components/task-list-view';
import { TaskSettingsModal } from '../components/task-settings-modal';
import { useDrawerParam } from '../components/use-drawer-param';

const options = <K extends string>(labels: Record<K, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label: label as string }));

/**
 * Project → "Tareas" (decision 165): the board (drag with mouse, touch or keyboard) or the list
 * (the default on phones), filters in the URL (`responsable`, `estado`, `vence`, `q`, `vista`),
 * the drawer at `?tarea=<id>`. Staff create and move; a client reads its visible tasks, comments
 * in the drawer and sends "Nueva solicitud" when the project allows it.
 */
export function ProjectTasksTab({ project }: { project: ProjectDetail }) {
  useDateDisplay();
  const role = useSessionStore((state) => state.user?.role);
  const isStaff = !!role && isStaffRole(role);
  const isAdmin = role === 'admin';
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [params, setParams] = useListParams({ assigneeId: '', status: '', due: '', q: '', vista: '' });
  const view = params.vista || (isPhone ? 'lista' : 'tablero');
  const filters = { assigneeId: params.assigneeId, status: params.status, due: params.due, q: params.q };
  const query = useProjectTasks(project._id, filters);
  const move = useMoveTask();
  const offerMilestone = useMilestoneOffer();
  const [openTask, closeTask] = useDrawerParam();
  const [creating, createModal] = useDisclosure(false);
  const [settingsOpen, settingsModal] = useDisclosure(false);
  const today = todayDateOnly();

  const data = query.data;
  const showRequests =
    !!data && (data.settings.clientRequestsEnabled || data.tasks.some((t) => t.clientRequest));
  const columns = useMemo(
    () =>
      (showRequests
        ? (['client_requests', 'todo', 'in_progress', 'in_review', 'done'] as const)
        : TaskStatusSchema.options
      ).map((id) => ({ id, title: TASK_BOARD_COLUMN_LABELS[id as TaskBoardColumn] })),
    [showRequests],
  );
  const tasks = data?.tasks ?? [];
  const getId = useCallback((task: Task) => task._id, []);
  const getColumnId = useCallback((task: Task) => taskBoardColumn(task), []);
  const getLabel = useCallback((task: Task) => task.title, []);

  const team = project.team
    .filter((member) => member.userRole !== 'client')
    .map((member) => ({ value: member._id, label: `${member.firstName} ${member.lastName}` }));

  const onMove = async (boardMove: BoardMove) => {
    const status = TaskStatusSchema.safeParse(boardMove.toColumnId);
    if (!status.success) {
      toastError('Movimiento no permitido', 'Una tarea no puede volver a «Solicitudes del cliente».');
      throw new Error('client_requests');
    }
    const body = boardMove.beforeId
      ? { status: status.data, beforeId: boardMove.beforeId }
      : boardMove.afterId
        ? { status: status.data, afterId: boardMove.afterId }
        : { status: status.data };
    try {
      const result = await move.mutateAsync({ taskId: boardMove.itemId, body });
      offerMilestone(project._id, result.milestoneReady);
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo mover la tarea'));
      throw error;
    }
  };

  const canCreate = data?.permissions.canCreate ?? false;
  const canRequest = data?.permissions.canRequest ?? false;
  const canMove = data?.permissions.canMove ?? false;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        {/* At least 16rem: on a phone the filters take their own line rather than squeezing the
            search box beside the view switch (320 px, the screen walk). */}
        <div style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <ListFilters
            searchLabel="Buscar tareas"
            placeholder="Título o etiqueta"
            search={params.q}
            onSearch={(q) => setParams({ q })}
            selects={[
              ...(isStaff
                ? [
                    {
                      label: 'Responsable',
                      data: [{ value: 'all', label: 'Todos' }, { value: 'me', label: 'Yo' }, ...team],
                      value: params.assigneeId || 'all',
                      onChange: (value: string) => setParams({ assigneeId: value === 'all' ? '' : value }),
                    },
                  ]
                : []),
              {
                label: 'Estado',
                data: [{ value: 'all', label: 'Todos' }, ...options(TASK_STATUS_LABELS)],
                value: params.status || 'all',
                onChange: (value: string) => setParams({ status: value === 'all' ? '' : value }),
              },
              {
                label: 'Vencimiento',
                data: [{ value: 'all', label: 'Cualquiera' }, ...options(TASK_DUE_FILTER_LABELS)],
                value: params.due || 'all',
                onChange: (value: string) => setParams({ due: value === 'all' ? '' : value }),
              },
            ]}
          />
        </div>
        <Group gap="xs">
          <SegmentedControl
            aria-label="Vista de tareas"
            value={view}
            onChange={(value) => setParams({ vista: value === (isPhone ? 'lista' : 'tablero') ? '' : value })}
            data={[
              {
                value: 'tablero',
                label: (
                  <Group gap={4} wrap="nowrap">
                    <IconLayoutKanban size={16} aria-hidden /> Tablero
                  </Group>
                ),
              },
              {
                value: 'lista',
                label: (
                  <Group gap={4} wrap="nowrap">
                    <IconList size={16} aria-hidden /> Lista
                  </Group>
                ),
              },
            ]}
          />
          {isAdmin && (
            <Button
              variant="default"
              leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
              onClick={settingsModal.open}
            >
              Ajustes del tablero
            </Button>
          )}
          {canCreate && (
            <Button leftSection={<IconPlus size={16} />} onClick={createModal.open}>
              Nueva tarea
            </Button>
          )}
          {!isStaff && canRequest && (
            <Button leftSection={<IconPlus size={16} />} onClick={createModal.open}>
              Nueva solicitud
            </Button>
          )}
        </Group>
      </Group>

      {query.isPending ? (
        <Center py="xl" role="status" aria-live="polite">
          <Loader aria-label="Cargando tareas" />
        </Center>
      ) : query.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="No se pudieron cargar las tareas">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{getErrorMessage(query.error, 'Intenta nuevamente.')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => query.refetch()}>
              Reintentar
            </Button>
          </Stack>
        </Alert>
      ) : tasks.length === 0 && !params.q && !params.status && !params.due && !params.assigneeId ? (
        <Alert color="gray" variant="light" title="Sin tareas">
          {isStaff
            ? 'Este proyecto aún no tiene tareas. Crea la primera con «Nueva tarea».'
            : canRequest
              ? 'Aún no hay tareas visibles. Puedes enviar una con «Nueva solicitud».'
              : 'El equipo aún no ha compartido tareas de este proyecto.'}
        </Alert>
      ) : view === 'lista' ? (
        <TaskListView
          today={today}
          withTimer={isStaff}
          groups={columns.map((column) => ({
            id: column.id,
            title: column.title,
            tasks: tasks.filter((task) => taskBoardColumn(task) === column.id),
          }))}
        />
      ) : (
        <KanbanBoard<Task>
          label={`Tablero de tareas de ${project.title}`}
          columns={columns}
          items={tasks}
          getId={getId}
          getColumnId={getColumnId}
          getLabel={getLabel}
          readOnly={!canMove}
          onMove={onMove}
          nouns={{ one: 'una tarea' }}
          emptyText="Sin tareas"
          renderCard={(task, { handle }) => (
            <TaskCard task={task} today={today} handle={handle} withTimer={isStaff} />
          )}
        />
      )}
      {(canCreate || canRequest) && (
        <NewTaskModal
          projectId={project._id}
          opened={creating}
          onClose={createModal.close}
          mode={isStaff ? 'task' : 'request'}
          team={team}
        />
      )}
      {isAdmin && (
        <TaskSettingsModal projectId={project._id} opened={settingsOpen} onClose={settingsModal.close} />
      )}
      <TaskDrawer taskId={openTask} onClose={closeTask} />
    </Stack>
  );
}
