import type { Task } from '@agencia/shared';
import { Stack, Text, Title } from '@mantine/core';
import { TaskCard } from './task-card';

/** The list view (phones' default): the tasks under one heading per column, in board order. */
export function TaskListView({
  groups,
  today,
  withTimer,
}: {
  groups: { id: string; title: string; tasks: Task[] }[];
  today: string;
  withTimer: boolean;
}) {
  return (
    <Stack gap="lg" data-task-list>
      {groups.map((group) => (
        <Stack key={group.id} gap="xs" component="section" aria-labelledby={`task-list-${group.id}`}>
          <Title order={3} size="h5" id={`task-list-${group.id}`}>
            {group.title} ({group.tasks.length})
          </Title>
          {group.tasks.length === 0 ? (
            <Text size="sm" c="dimmed">
              Sin tareas.
            </Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {group.tasks.map((task) => (
                <li key={task._id}>
                  <TaskCard task={task} today={today} withTimer={withTimer} />
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
