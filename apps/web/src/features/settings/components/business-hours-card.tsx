import '@mantine/dates/styles.css';
import {
  BusinessDaySchema,
  type BusinessHours,
  DEFAULT_BUSINESS_HOURS,
  mondayFirst,
  WEEKDAY_LABELS,
} from '@agencia/shared';
import { Alert, Button, Checkbox, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { businessHoursQuery } from '../../../lib/business-hours';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDisplayStore } from '../../../stores/display-store';
import { useUpdateBusinessHours } from '../api/settings-api';

/** One weekday row of the form, Monday first: closed days keep their last times. */
interface DayRow {
  dayOfWeek: number;
  open: boolean;
  startTime: string;
  endTime: string;
}

/** Weekdays in the form's order: lunes … domingo. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

/** The stored hours → seven rows (a day not listed is closed, with the usual 08:00–17:00 ready). */
export function toDayRows(hours: BusinessHours): DayRow[] {
  return WEEK.map((dayOfWeek) => {
    const day = hours.find((d) => d.dayOfWeek === dayOfWeek);
    return day
      ? { dayOfWeek, open: true, startTime: day.startTime, endTime: day.endTime }
      : { dayOfWeek, open: false, startTime: '08:00', endTime: '17:00' };
  });
}

/** The open rows → the request's `businessHours`, times cut to `HH:MM`. */
function toBusinessHours(rows: DayRow[]): BusinessHours {
  return rows
    .filter((r) => r.open)
    .map((r) => ({
      dayOfWeek: r.dayOfWeek,
      startTime: r.startTime.slice(0, 5),
      endTime: r.endTime.slice(0, 5),
    }))
    .sort((a, b) => mondayFirst(a.dayOfWeek) - mondayFirst(b.dayOfWeek));
}

/**
 * Configuración → Empresa → "Horario laboral" (decision 145): each weekday open or closed, with its
 * opening and closing time in the company's clock (12 or 24 h). Validated with the shared
 * `BusinessDaySchema` (closing after opening, Spanish messages); saved with
 * `PUT /settings/business-hours`. The calendar shades the hours outside them.
 */
export function BusinessHoursCard() {
  const query = useQuery(businessHoursQuery);
  const update = useUpdateBusinessHours();
  const timeFormat = useDisplayStore((s) => s.timeFormat);
  const form = useForm<{ days: DayRow[] }>({
    initialValues: { days: toDayRows(DEFAULT_BUSINESS_HOURS) },
    validate: {
      days: {
        startTime: (_value, values, path) => dayError(values.days, path, 'startTime'),
        endTime: (_value, values, path) => dayError(values.days, path, 'endTime'),
      },
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset once the stored hours arrive
  useEffect(() => {
    if (query.data) {
      form.setInitialValues({ days: toDayRows(query.data) });
      form.setValues({ days: toDayRows(query.data) });
    }
  }, [query.data]);

  if (query.isPending) return <Skeleton height={320} radius="md" />;
  if (query.isError) {
    return (
      <Alert color="red" title="Error">
        {getErrorMessage(query.error, 'No se pudo cargar el horario laboral')}
      </Alert>
    );
  }

  const submit = form.onSubmit(async (values) => {
    try {
      await update.mutateAsync(toBusinessHours(values.days));
      form.resetDirty();
      toastSuccess('Horario guardado', 'El calendario ya muestra el nuevo horario laboral.');
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo guardar el horario'));
    }
  });

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="business-hours-title">
      <form onSubmit={submit} noValidate>
        <Title order={2} size="h4" id="business-hours-title">
          Horario laboral
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Los días y horas en que la agencia trabaja. El calendario sombrea el resto y abre la vista semanal y
          diaria al inicio de la jornada.
        </Text>
        <Stack gap="sm">
          {form.values.days.map((day, i) => {
            const name = WEEKDAY_LABELS[day.dayOfWeek]!;
            return (
              <Grid key={day.dayOfWeek} gap="sm">
                <Grid.Col span={{ base: 12, xs: 4 }}>
                  <Checkbox
                    label={name}
                    mt={{ base: 0, xs: 8 }}
                    {...form.getInputProps(`days.${i}.open`, { type: 'checkbox' })}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 6, xs: 4 }}>
                  <TimePicker
                    label="Apertura"
                    hoursInputLabel={`Apertura del ${name.toLowerCase()}, hora`}
                    minutesInputLabel={`Apertura del ${name.toLowerCase()}, minutos`}
                    amPmInputLabel={`Apertura del ${name.toLowerCase()}, a. m. o p. m.`}
                    format={timeFormat === '24h' ? '24h' : '12h'}
                    amPmLabels={{ am: 'a. m.', pm: 'p. m.' }}
                    disabled={!day.open}
                    {...form.getInputProps(`days.${i}.startTime`)}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 6, xs: 4 }}>
                  <TimePicker
                    label="Cierre"
                    hoursInputLabel={`Cierre del ${name.toLowerCase()}, hora`}
                    minutesInputLabel={`Cierre del ${name.toLowerCase()}, minutos`}
                    amPmInputLabel={`Cierre del ${name.toLowerCase()}, a. m. o p. m.`}
                    format={timeFormat === '24h' ? '24h' : '12h'}
                    amPmLabels={{ am: 'a. m.', pm: 'p. m.' }}
                    disabled={!day.open}
                    {...form.getInputProps(`days.${i}.endTime`)}
                  />
                </Grid.Col>
              </Grid>
            );
          })}
        </Stack>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            Guardar horario
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

/** The shared schema's Spanish message for one time of an open row (`days.{i}.{field}`), if any. */
function dayError(days: DayRow[], path: string, field: 'startTime' | 'endTime'): string | null {
  const index = Number(path.split('.')[1]);
  const day = days[index];
  if (!day?.open) return null;
  const parsed = BusinessDaySchema.safeParse({
    dayOfWeek: day.dayOfWeek,
    startTime: day.startTime.slice(0, 5),
    endTime: day.endTime.slice(0, 5),
  });
  if (parsed.success) return null;
  return parsed.error.issues.find((issue) => issue.path[0] === field)?.message ?? null;
}
