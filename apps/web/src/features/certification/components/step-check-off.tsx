import { type CertificationStepState, UpdateCertificationStepRequestSchema } from '@agencia/shared';
import { Alert, Button, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowBackUp, IconCheck, IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { getErrorMessage } from '../../../lib/api-client';
import { formatNumericDate, todayDateOnly } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useUpdateCertificationStep } from '../api/update-certification-step';
import { readableBy } from './labels';

/**
 * A step's own state: when it was done (and the note), with "Deshacer" behind a confirmation; or
 * the "Marcar como hecho" form — the day it was done on the DGII's portal (the shared date field,
 * today by default, never later) and an optional note.
 */
export function StepCheckOff({ step }: { step: CertificationStepState }) {
  useDateDisplay();
  const update = useUpdateCertificationStep();
  const [completedOn, setCompletedOn] = useState(todayDateOnly);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ completedOn?: string; note?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);

  if (step.completedAt) {
    const by = readableBy(step.completedBy);
    const undo = () =>
      modals.openConfirmModal({
        title: `¿Deshacer el paso ${step.step}?`,
        children: (
          <Text size="sm">
            «{step.title}» volverá a quedar pendiente y se borrarán su fecha y su nota. Lo que se hizo en el
            portal de la DGII no cambia.
          </Text>
        ),
        labels: { confirm: 'Deshacer', cancel: 'Volver' },
        confirmProps: { color: 'red' },
        onConfirm: async () => {
          try {
            await update.mutateAsync({ step: step.step, body: { completed: false } });
            toastSuccess('Paso marcado como pendiente', step.title);
          } catch (error) {
            setFormError(getErrorMessage(error, 'No se pudo deshacer el paso'));
          }
        },
      });
    return (
      <Stack gap="xs">
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconCircleCheck size={18} color="var(--mantine-color-green-light-color)" aria-hidden />
          <Text size="sm" fw={500}>
            Hecho el {formatNumericDate(step.completedAt)}
            {by ? ` por ${by}` : ''}
          </Text>
        </Group>
        {step.note && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            Nota: {step.note}
          </Text>
        )}
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Group>
          <Button
            variant="default"
            leftSection={<IconArrowBackUp size={16} />}
            loading={update.isPending}
            onClick={undo}
            aria-label={`Deshacer el paso ${step.step}`}
          >
            Deshacer
          </Button>
        </Group>
      </Stack>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const body = { completed: true, completedOn, ...(note.trim() ? { note: note.trim() } : {}) };
    const parsed = UpdateCertificationStepRequestSchema.safeParse(body);
    if (!completedOn || !parsed.success) {
      const issues = parsed.success ? [] : parsed.error.issues;
      setErrors({
        completedOn: completedOn
          ? issues.find((i) => i.path[0] === 'completedOn')?.message
          : 'Indica la fecha en que se hizo el paso.',
        note: issues.find((i) => i.path[0] === 'note')?.message,
      });
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync({ step: step.step, body: parsed.data });
      setNote('');
      toastSuccess('Paso marcado como hecho', step.title);
    } catch (error) {
      setFormError(getErrorMessage(error, 'No se pudo marcar el paso como hecho'));
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`Marcar el paso ${step.step} como hecho`}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateField
            label="Fecha en que se hizo"
            value={completedOn}
            onChange={(v) => {
              setCompletedOn(v);
              setErrors((current) => ({ ...current, completedOn: undefined }));
            }}
            max={todayDateOnly()}
            error={errors.completedOn}
            required
          />
          <Textarea
            label="Nota"
            description="Opcional: lo que respondió la DGII, un número de solicitud…"
            autosize
            minRows={1}
            maxRows={4}
            value={note}
            onChange={(e) => {
              setNote(e.currentTarget.value);
              setErrors((current) => ({ ...current, note: undefined }));
            }}
            error={errors.note}
          />
        </SimpleGrid>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconCheck size={16} />} loading={update.isPending}>
            Marcar como hecho
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
