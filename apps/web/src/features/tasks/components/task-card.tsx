import type { Task } from '@agencia/shared';
import { Anchor, Badge, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconChecklist, IconMessage, IconPaperclip } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { TimerButton } from '../../../components/timer/timer-button';
import { useDateDisplay } from '../../../stores/display-store';
import { TaskAssignees, TaskDueDate, TaskPriorityBadge } from './task-badges';

/** The link that opens a task's drawer on the current screen (`?tarea=<id>`, kept in the URL). */
export function useTaskHref() {
  const location = useLocation();
  return (taskId: string) => {
    const params = new URLSearchParams(location.search);
    params.set('tarea', taskId);
    return `${location.pathname}?${params.toString()}`;
  };
}

/**
 * A task on the board or in a list: title (opens the drawer), priority, assignees, due date (red
 * when overdue), checklist progress, comment and file counts, and the timer button for staff.
 */
export function TaskCard({
  task,
  today,
  handle,
  withTimer,
  showProject = false,
}: {
  task: Task;
  today: string;
  handle?: ReactNode;
  withTimer: boolean;
  showProject?: boolean;
}) {
  useDateDisplay();
  const href = useTaskHref();
  const { done, total } = task.checklist;
  return (
    <Paper withBorder radius="md" p="xs" shadow="xs" data-task-card={task._id}>
      <Stack gap={6}>
        <Group gap={4} wrap="nowrap" align="flex-start" justify="space-between">
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            {showProject && (
              <Text size="xs" c="dimmed" lineClamp={1}>
                {task.project.title}
              </Text>
            )}
            <Anchor
              component={Link}
              to={href(task._id)}
              size="sm"
              fw={600}
              c="var(--mantine-color-text)"
              underline="hover"
              style={{ overflowWrap: 'anywhere' }}
            >
              {task.title}
            </Anchor>
          </Stack>
          {handle}
        </Group>
        <Group gap={6} wrap="wrap">
          <TaskPriorityBadge priority={task.priority} />
          {task.labels.slice(0, 3).map((label) => (
            <Badge key={label} size="xs" variant="outline" color="gray">
              {label}
            </Badge>
          ))}
        </Group>
        <TaskDueDate task={task} today={today} />
        {total > 0 && (
          <Group gap={6} wrap="nowrap">
            <IconChecklist size={14} aria-hidden />
            <Progress
              value={(done / total) * 100}
              size="sm"
              style={{ flex: 1 }}
              aria-label={`Lista de verificación: ${done} de ${total}`}
            />
            <Text size="xs" c="dimmed">
              {done}/{total}
            </Text>
          </Group>
        )}
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <TaskAssignees people={task.assignees} />
          <Group gap={8} wrap="nowrap">
            <Group
              gap={2}
              wrap="nowrap"
              c="dimmed"
              aria-label={`${task.commentsCount} comentarios`}
              role="img"
            >
              <IconMessage size={14} aria-hidden />
              <Text size="xs" c="inherit" aria-hidden>
                {task.commentsCount}
              </Text>
            </Group>
            <Group gap={2} wrap="nowrap" c="dimmed" aria-label={`${task.filesCount} archivos`} role="img">
              <IconPaperclip size={14} aria-hidden />
              <Text size="xs" c="inherit" aria-hidden>
                {task.filesCount}
              </Text>
            </Group>
            {withTimer && <TimerButton taskId={task._id} taskTitle={task.title} />}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
