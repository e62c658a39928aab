import {
  TASK_PRIORITY_COLORS,
  TASK_PRIORITY_LABELS,
  TASK_STATUS_COLORS,
  TASK_STATUS_LABELS,
  type Task,
  type TaskPerson,
  type TaskStatus,
} from '@agencia/shared';
import { Avatar, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconCalendarDue } from '@tabler/icons-react';
import { formatNumericDate } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
import { isOverdue } from './group-my-tasks';
import classes from './task-badges.module.css';

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return (
    <Badge color={TASK_STATUS_COLORS[status]} variant="light" size="sm">
      {TASK_STATUS_LABELS[status]}
    </Badge>
  );
}

export function TaskPriorityBadge({ priority }: { priority: Task['priority'] }) {
  return (
    <Badge color={TASK_PRIORITY_COLORS[priority]} variant="dot" size="sm">
      {TASK_PRIORITY_LABELS[priority]}
    </Badge>
  );
}

const fullName = (person: TaskPerson) => `${person.firstName} ${person.lastName}`.trim();

/** Assignees as stacked avatars with their names for screen readers. */
export function TaskAssignees({ people, max = 3 }: { people: TaskPerson[]; max?: number }) {
  if (people.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        Sin asignar
      </Text>
    );
  }
  const shown = people.slice(0, max);
  const names = people.map(fullName).join(', ');
  return (
    <Tooltip label={names} withinPortal>
      <Avatar.Group spacing="xs" role="img" aria-label={`Responsables: ${names}`}>
        {shown.map((person) => (
          <Avatar
            key={person._id}
            size="sm"
            radius="xl"
            src={person.avatar}
            name={fullName(person)}
            color="initials"
          />
        ))}
        {people.length > max && (
          <Avatar size="sm" radius="xl">
            +{people.length - max}
          </Avatar>
        )}
      </Avatar.Group>
    </Tooltip>
  );
}

/** The due day; red with "Vencida" when an open task is past it. */
export function TaskDueDate({ task, today }: { task: Pick<Task, 'dueDate' | 'status'>; today: string }) {
  useDateDisplay();
  if (!task.dueDate) return null;
  const late = isOverdue(task, today);
  return (
    <Group
      gap={4}
      wrap="nowrap"
      c={late ? undefined : 'dimmed'}
      className={late ? classes.overdue : undefined}
      data-overdue={late || undefined}
    >
      <IconCalendarDue size={14} aria-hidden />
      <Text size="xs" fw={late ? 700 : 400} c="inherit">
        {late ? 'Vencida: ' : 'Entrega: '}
        {formatNumericDate(task.dueDate)}
      </Text>
    </Group>
  );
}
