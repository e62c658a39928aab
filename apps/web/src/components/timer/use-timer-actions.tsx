import { TIMER_CONFIRM_AFTER_HOURS } from '@agencia/shared';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { getErrorMessage } from '../../lib/api-client';
import { toastError, toastSuccess } from '../../lib/toast';
import { isTimerConfirmationError, useStartTimer, useStopTimer } from './timer-api';

type Resolution = { confirmLong: true } | { endedAt: string } | { discard: true };

/** `YYYY-MM-DDTHH:mm` of an instant in the browser's zone (a `datetime-local` value). */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function LongTimerForm({ onDone }: { onDone: (resolution: Resolution | null) => void }) {
  const [end, setEnd] = useState(localInputValue(new Date()));
  return (
    <Stack>
      <Text size="sm">
        El temporizador lleva más de {TIMER_CONFIRM_AFTER_HOURS} horas en marcha. ¿Lo olvidaste encendido?
        Guarda el tiempo tal cual, corrige la hora en que terminaste o descártalo.
      </Text>
      <TextInput
        type="datetime-local"
        label="Hora real de fin"
        value={end}
        onChange={(event) => setEnd(event.currentTarget.value)}
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={() => onDone(null)}>
          Cancelar
        </Button>
        <Button variant="light" color="red" onClick={() => onDone({ discard: true })}>
          Descartar
        </Button>
        <Button
          variant="light"
          onClick={() => onDone({ endedAt: new Date(end).toISOString() })}
          disabled={!end}
        >
          Guardar hasta esa hora
        </Button>
        <Button onClick={() => onDone({ confirmLong: true })}>Guardar tal cual</Button>
      </Group>
    </Stack>
  );
}

/** Asks how to save a timer past 12 hours; resolves null when the user cancels. */
function askLongTimer(): Promise<Resolution | null> {
  return new Promise((resolve) => {
    const id = modals.open({
      title: 'Temporizador de más de 12 horas',
      onClose: () => resolve(null),
      children: (
        <LongTimerForm
          onDone={(resolution) => {
            resolve(resolution);
            modals.close(id);
          }}
        />
      ),
    });
  });
}

/**
 * Start and stop with the house's messages: a stop (or a start that stops another timer) past
 * 12 hours asks first (confirm, correct the end, or discard), as the server demands.
 */
export function useTimerActions() {
  const start = useStartTimer();
  const stop = useStopTimer();

  const stopTimer = async (needsConfirmation = false): Promise<void> => {
    try {
      let body = {};
      if (needsConfirmation) {
        const resolution = await askLongTimer();
        if (!resolution) return;
        body = resolution;
      }
      const stopped = await stop.mutateAsync(body);
      if (stopped?.timeEntry) {
        toastSuccess(
          'Tiempo registrado',
          `${stopped.timeEntry.hours} h en ${stopped.project.title}: ${stopped.task.title}`,
        );
      } else toastSuccess('Temporizador detenido', 'No se registró tiempo.');
    } catch (error) {
      if (isTimerConfirmationError(error)) return stopTimer(true);
      toastError('Error', getErrorMessage(error, 'No se pudo detener el temporizador'));
    }
  };

  const startTimer = async (taskId: string, body?: Resolution): Promise<void> => {
    try {
      const result = await start.mutateAsync({ taskId, body });
      toastSuccess('Temporizador en marcha', result.timer.task.title);
    } catch (error) {
      if (isTimerConfirmationError(error) && !body) {
        const resolution = await askLongTimer();
        if (resolution) return startTimer(taskId, resolution);
        return;
      }
      toastError('Error', getErrorMessage(error, 'No se pudo iniciar el temporizador'));
    }
  };

  return { startTimer, stopTimer, pending: start.isPending || stop.isPending };
}
