import { MY_TASK_GROUP_LABELS } from '@agencia/shared';
import { Alert, Badge, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { PageHeader } from '../../../components/ui/page-header';
import { getErrorMessage } from '../../../lib/api-client';
import { todayDateOnly } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
import { useMyTasks } from '../api/get-tasks';
import { groupMyTasks, MY_TASK_GROUPS } from '../components/group-my-tasks';
import { TaskCard } from '../components/task-card';
import { TaskDrawer } from '../components/task-drawer';
import { useDrawerParam } from '../components/use-drawer-param';

/**
 * "Mis tareas" (admin, employee): every open task assigned to me across projects, grouped by
 * overdue / today / this week / later, each with its timer; `?tarea=<id>` opens the drawer.
 */
export function MyTasksPage() {
  useDateDisplay();
  const query = useMyTasks();
  const [openTask, closeTask] = useDrawerParam();
  const today = todayDateOnly();

  return (
    <>
      <PageHeader title="Mis tareas" description="Todo lo que tienes asignado, por fecha de entrega." />
      {query.isPending ? (
        <Center py="xl" role="status" aria-live="polite">
          <Loader aria-label="Cargando mis tareas" />
        </Center>
      ) : query.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="No se pudieron cargar tus tareas">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{getErrorMessage(query.error, 'Intenta nuevamente.')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => query.refetch()}>
              Reintentar
            </Button>
          </Stack>
        </Alert>
      ) : query.data.tasks.length === 0 ? (
        <Alert color="gray" variant="light" title="Nada pendiente">
          No tienes tareas abiertas asignadas. Cuando alguien te asigne una, aparecerá aquí.
        </Alert>
      ) : (
        <MyTaskGroups
          tasks={query.data.tasks}
          today={today}
          more={query.data.pagination.total > query.data.tasks.length}
        />
      )}
      <TaskDrawer taskId={openTask} onClose={closeTask} />
    </>
  );
}

function MyTaskGroups({
  tasks,
  today,
  more,
}: {
  tasks: Parameters<typeof groupMyTasks>[0];
  today: string;
  more: boolean;
}) {
  const groups = groupMyTasks(tasks, today);
  return (
    <Stack gap="xl">
      {MY_TASK_GROUPS.map((key) => (
        <Stack
          key={key}
          gap="xs"
          component="section"
          aria-labelledby={`my-tasks-${key}`}
          data-my-tasks-group={key}
        >
          <Group gap="xs">
            <Title
              order={2}
              size="h4"
              id={`my-tasks-${key}`}
              c={key === 'overdue' && groups[key].length > 0 ? 'red.8' : undefined}
            >
              {MY_TASK_GROUP_LABELS[key]}
            </Title>
            <Badge variant="light" color={key === 'overdue' ? 'red' : 'gray'}>
              {groups[key].length}
            </Badge>
          </Group>
          {groups[key].length === 0 ? (
            <Text size="sm" c="dimmed">
              Sin tareas.
            </Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {groups[key].map((task) => (
                <li key={task._id}>
                  <TaskCard task={task} today={today} withTimer showProject />
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      ))}
      {more && (
        <Text size="sm" c="dimmed">
          Se muestran tus primeras 100 tareas abiertas por fecha de entrega.
        </Text>
      )}
    </Stack>
  );
}
