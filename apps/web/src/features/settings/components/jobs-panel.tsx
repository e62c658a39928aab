import { JOB_RUN_STATUS_LABELS, ReminderSettingsSchema, type ScheduledJob } from '@agencia/shared';
import { Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { TableScroll } from '../../../components/ui/table-scroll';
import { getErrorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useJobs, useReminderSettings, useRunJob, useUpdateReminderSettings } from '../api/jobs-api';

const STATUS_COLORS = { running: 'blue', ok: 'green', error: 'red' } as const;

function JobStatus({ job }: { job: ScheduledJob }) {
  if (job.running) return <Badge color="blue">En ejecución</Badge>;
  // A sentence, not "Resultado: Nunca" (issue 32 point 12).
  if (!job.lastStatus) return <Text size="sm">Aún no se ha ejecutado</Text>;
  return (
    <Stack gap={2}>
      <Badge color={STATUS_COLORS[job.lastStatus]} variant="light">
        {JOB_RUN_STATUS_LABELS[job.lastStatus]}
      </Badge>
      {job.lastSummary && <Text size="xs">{job.lastSummary}</Text>}
      {job.lastError && (
        <Text size="xs" c="red.8">
          {job.lastError}
        </Text>
      )}
    </Stack>
  );
}

/** "Sin recordatorios" or "3 días antes, 1, 7 y 15 días después" typed as "-3, 1, 7, 15". */
function RemindersCard() {
  const settings = useReminderSettings();
  const save = useUpdateReminderSettings();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (settings.data) setText(settings.data.offsets.join(', '));
  }, [settings.data]);

  const submit = async () => {
    const parts = text
      .split(',')
      .map((p) => p.trim().replace('−', '-'))
      .filter(Boolean);
    const parsed = ReminderSettingsSchema.safeParse({ offsets: parts.map(Number) });
    if (!parsed.success || parts.some((p) => !/^[+-]?\d+$/.test(p))) {
      setError(
        parsed.success ? 'Escribe números enteros separados por comas' : parsed.error.issues[0]!.message,
      );
      return;
    }
    setError(null);
    try {
      await save.mutateAsync(parsed.data);
      toastSuccess('Recordatorios guardados');
    } catch (err) {
      setError(getErrorMessage(err, 'No se pudieron guardar los recordatorios'));
    }
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Recordatorios automáticos de pago
        </Title>
        <Text size="sm" c="dimmed">
          Días respecto al vencimiento en que se envía un recordatorio con el PDF y el saldo (negativo =
          antes). Vacío = sin recordatorios automáticos. Nunca más de uno cada 24 horas por factura; se
          detienen al pagarse.
        </Text>
        <Group align="flex-end">
          <TextInput
            label="Días (separados por comas)"
            placeholder="-3, 1, 7, 15"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={error}
            w={280}
          />
          <Button onClick={submit} loading={save.isPending}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Settings → "Tareas programadas" (admin, decision 110): jobs, last/next run, failures, run now. */
export function JobsPanel() {
  useDateDisplay();
  const jobs = useJobs();
  const run = useRunJob();

  const runNow = async (job: ScheduledJob) => {
    try {
      const result = await run.mutateAsync(job.name);
      if (result.lastStatus === 'error') toastError(`${job.label}: con error`, result.lastError ?? undefined);
      else toastSuccess(`${job.label}: ejecutada`, result.lastSummary ?? undefined);
    } catch (err) {
      toastError('No se pudo ejecutar la tarea', getErrorMessage(err, 'Inténtalo de nuevo'));
    }
  };

  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <TableScroll label="Tareas programadas" minWidth={700}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tarea</Table.Th>
                <Table.Th>Última ejecución</Table.Th>
                <Table.Th>Resultado</Table.Th>
                <Table.Th>Fallos seguidos</Table.Th>
                <Table.Th>Próxima ejecución</Table.Th>
                <Table.Th>Acción</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(jobs.data ?? []).map((job) => (
                <Table.Tr key={job.name}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {job.label}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {job.schedule}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {job.lastRunAt ? formatDateTime(job.lastRunAt) : '—'}
                  </Table.Td>
                  <Table.Td>
                    <JobStatus job={job} />
                  </Table.Td>
                  <Table.Td>{job.failures}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(job.nextRunAt)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      onClick={() => runNow(job)}
                      loading={run.isPending && run.variables === job.name}
                      aria-label={`Ejecutar ahora: ${job.label}`}
                    >
                      Ejecutar ahora
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Paper>
      <RemindersCard />
    </Stack>
  );
}
