import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useRunningTimer } from './timer-api';
import { useTimerActions } from './use-timer-actions';

/**
 * Start / stop the caller's timer on one task (cards, lists, the drawer). Starting while another
 * task's timer runs stops that one first (the server writes its time).
 */
export function TimerButton({
  taskId,
  taskTitle,
  variant = 'icon',
}: {
  taskId: string;
  taskTitle: string;
  variant?: 'icon' | 'button';
}) {
  const { data: timer } = useRunningTimer();
  const { startTimer, stopTimer, pending } = useTimerActions();
  const running = timer?.task._id === taskId;
  const label = running ? `Detener temporizador de ${taskTitle}` : `Iniciar temporizador en ${taskTitle}`;
  const onClick = () => (running ? stopTimer(timer?.needsConfirmation) : startTimer(taskId));
  const Icon = running ? IconPlayerStop : IconPlayerPlay;
  if (variant === 'button') {
    return (
      <Button
        variant={running ? 'filled' : 'light'}
        color={running ? 'red' : undefined}
        leftSection={<Icon size={16} aria-hidden />}
        onClick={onClick}
        loading={pending}
        aria-label={label}
      >
        {running ? 'Detener temporizador' : 'Iniciar temporizador'}
      </Button>
    );
  }
  return (
    <Tooltip label={label} withinPortal>
      <ActionIcon
        variant={running ? 'filled' : 'subtle'}
        color={running ? 'red' : 'gray'}
        onClick={onClick}
        loading={pending}
        aria-label={label}
        aria-pressed={running}
        data-timer-button={taskId}
      >
        <Icon size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
