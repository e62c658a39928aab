import { TIMER_CHANGED_EVENT, type TimerChangedPayload } from '@agencia/shared';
import { ActionIcon, Anchor, Button, Group, Popover, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconClock, IconPlayerStop } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useSocketEvent } from '../realtime/realtime-provider';
import { formatElapsed, spokenElapsed, TIMER_QUERY_KEY, useRunningTimer } from './timer-api';
import { useNow } from './use-now';
import { useTimerActions } from './use-timer-actions';

/** Where a timer's task opens: its project's "Tareas" tab with the drawer open. */
export function taskLink(projectId: string, taskId: string): string {
  return `/projects/${projectId}?tab=tareas&tarea=${taskId}`;
}

/**
 * The running timer in the header on every portal screen (issue "Timers and time"): the task,
 * the elapsed time and a stop button; on phones a compact clock that opens the same. The state
 * lives on the server (`GET /timer`); a start or stop in another tab or device arrives live.
 */
export function HeaderTimer() {
  const queryClient = useQueryClient();
  const { data: timer } = useRunningTimer();
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const now = useNow(!!timer);
  const { stopTimer, pending } = useTimerActions();
  useSocketEvent<TimerChangedPayload>(TIMER_CHANGED_EVENT, (payload) => {
    queryClient.setQueryData(TIMER_QUERY_KEY, payload?.timer ?? null);
    void queryClient.invalidateQueries({ queryKey: ['projects'] });
  });
  if (!timer) return null;

  const elapsed = formatElapsed(timer.startedAt, now);
  const stop = (
    <Button
      size="compact-sm"
      color="red"
      variant="light"
      leftSection={<IconPlayerStop size={14} aria-hidden />}
      onClick={() => stopTimer(timer.needsConfirmation)}
      loading={pending}
    >
      Detener
    </Button>
  );
  const task = (
    <Anchor
      component={Link}
      to={taskLink(timer.project._id, timer.task._id)}
      size="sm"
      underline="always"
      lineClamp={1}
    >
      {timer.task.title}
    </Anchor>
  );

  if (isPhone) {
    return (
      <Popover position="bottom" withArrow shadow="md" width={280}>
        <Popover.Target>
          {/* A 36 px clock beside the bell: the brand keeps its width at 320 px (decision 112). */}
          <ActionIcon
            size="lg"
            variant="light"
            color="red"
            aria-label={`Temporizador en marcha: ${timer.task.title}, ${spokenElapsed(timer.startedAt, now)}`}
            data-header-timer
          >
            <IconClock size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs">
            <Text size="xs" c="dimmed">
              {timer.project.title}
            </Text>
            {task}
            <Group justify="space-between">
              <Text fw={600} ff="monospace">
                {elapsed}
              </Text>
              {stop}
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    );
  }

  return (
    <Group
      gap="xs"
      wrap="nowrap"
      data-header-timer
      role="group"
      aria-label="Temporizador en marcha"
      px="xs"
      py={4}
      style={{ borderRadius: 'var(--mantine-radius-sm)', background: 'var(--mantine-color-red-light)' }}
    >
      <IconClock size={16} aria-hidden />
      <Stack gap={0} miw={0} maw={220}>
        {task}
        <Text size="xs" c="dimmed" lineClamp={1}>
          {timer.project.title}
        </Text>
      </Stack>
      <Text size="sm" fw={600} ff="monospace">
        <span aria-hidden>{elapsed}</span>
        <VisuallyHidden>Tiempo: {spokenElapsed(timer.startedAt, now)}</VisuallyHidden>
      </Text>
      {stop}
    </Group>
  );
}
