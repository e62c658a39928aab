import { Alert, Anchor, Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { todayDateOnly } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
import { useDashboardTasks } from '../api/get-tasks';
import { TaskDueDate } from './task-badges';

/** Dashboard card (staff): my tasks overdue and due today, each opening its drawer in "Mis tareas". */
export function DashboardMyTasks() {
  useDateDisplay();
  const query = useDashboardTasks();
  const today = todayDateOnly();
  const list = query.data ? [...query.data.overdue, ...query.data.today] : [];
  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby="dashboard-my-tasks">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="dashboard-my-tasks">
          Mis tareas de hoy
        </Title>
        {query.data && (
          <Group gap={6}>
            <Badge color="red" variant="light">
              {query.data.overdueTotal} vencidas
            </Badge>
            <Badge color="blue" variant="light">
              {query.data.todayTotal} para hoy
            </Badge>
          </Group>
        )}
      </Group>
      {query.isPending ? (
        <Loader size="sm" aria-label="Cargando mis tareas" />
      ) : query.isError ? (
        <Alert color="red" variant="light">
          No se pudieron cargar tus tareas.
        </Alert>
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed">
          No tienes tareas vencidas ni para hoy.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((task) => (
            <li key={task._id}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} miw={0}>
                  <Anchor component={Link} to={`/tasks?tarea=${task._id}`} size="sm" underline="always">
                    {task.title}
                  </Anchor>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {task.project.title}
                  </Text>
                </Stack>
                <TaskDueDate task={task} today={today} />
              </Group>
            </li>
          ))}
        </Stack>
      )}
      <Anchor component={Link} to="/tasks" size="sm" mt="sm" display="inline-block" underline="always">
        Ver todas mis tareas
      </Anchor>
    </Card>
  );
}
