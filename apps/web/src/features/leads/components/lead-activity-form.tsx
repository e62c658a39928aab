import {
  CreateLeadActivityRequestSchema,
  CreateLeadNoteRequestSchema,
  LEAD_ACTIVITY_TYPE_LABELS,
  LEAD_ACTIVITY_TYPES,
} from '@agencia/shared';
import { Button, Group, SegmentedControl, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DateField } from '../../../components/ui/date-field';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useAddLeadActivity, useAddLeadNote } from '../api/leads-api';

/**
 * Adds to the timeline: a note, or a call / meeting / e-mail with an optional follow-up day
 * (the owner is reminded that morning).
 */
export function LeadActivityForm({ leadId }: { leadId: string }) {
  const note = useAddLeadNote(leadId);
  const activity = useAddLeadActivity(leadId);
  const form = useForm({ initialValues: { kind: 'note', body: '', followUpDate: '' } });
  const isNote = form.values.kind === 'note';
  const submit = form.onSubmit(async (v) => {
    const body = isNote
      ? { body: v.body }
      : { type: v.kind, body: v.body, followUpDate: v.followUpDate || null };
    const errors = zodResolver(isNote ? CreateLeadNoteRequestSchema : CreateLeadActivityRequestSchema)(
      body as never,
    );
    if (Object.keys(errors).length) {
      form.setErrors(errors);
      return;
    }
    try {
      if (isNote) await note.mutateAsync(body as { body: string });
      else await activity.mutateAsync(body as never);
      toastSuccess(isNote ? 'Nota agregada' : 'Actividad registrada');
      form.setValues({ body: '', followUpDate: '' });
    } catch (e) {
      toastError('Error', getErrorMessage(e, 'No se pudo guardar'));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Agregar al historial">
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Tipo"
          data={[
            { value: 'note', label: 'Nota' },
            ...LEAD_ACTIVITY_TYPES.map((t) => ({ value: t, label: LEAD_ACTIVITY_TYPE_LABELS[t] })),
          ]}
          {...form.getInputProps('kind')}
        />
        <Textarea
          label={isNote ? 'Nota' : 'Descripción'}
          required
          autosize
          minRows={2}
          {...form.getInputProps('body')}
          error={form.errors.body}
        />
        {!isNote && <DateField label="Fecha de seguimiento" {...form.getInputProps('followUpDate')} />}
        <Group justify="flex-end">
          <Button type="submit" loading={note.isPending || activity.isPending}>
            {isNote ? 'Agregar nota' : 'Registrar actividad'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
