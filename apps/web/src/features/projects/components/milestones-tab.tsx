import {
  type CreateMilestoneRequest,
  CreateMilestoneRequestSchema,
  MILESTONE_STATUS_COLORS,
  MILESTONE_STATUS_LABELS,
  type ProjectDetail,
} from '@agencia/shared';
import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { ColorBadge } from '../../../components/ui/color-badge';
import { DateField } from '../../../components/ui/date-field';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { formatDate, formatDateTime } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useAddMilestone, useUpdateMilestone } from '../api/project-mutations';

/** Hitos (milestones) tab: ordered list; staff complete/reopen with a checkbox and add new ones. */
export function MilestonesTab({ project, canManage }: { project: ProjectDetail; canManage: boolean }) {
  useDateDisplay();
  const add = useAddMilestone(project._id);
  const update = useUpdateMilestone(project._id);
  const form = useForm<CreateMilestoneRequest>({
    mode: 'controlled',
    initialValues: { title: '', dueDate: null },
    validate: zodResolver(CreateMilestoneRequestSchema),
  });
  const done = project.milestones.filter((m) => m.status === 'completed').length;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {done} de {project.milestones.length} hitos completados
      </Text>
      {project.milestones.length === 0 && <Text c="dimmed">Este proyecto aún no tiene hitos.</Text>}
      {project.milestones.map((m) => (
        <Paper key={m._id} withBorder radius="md" p="md" data-testid="milestone">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
              {canManage && (
                <Checkbox
                  mt={2}
                  aria-label={m.status === 'completed' ? `Reabrir ${m.title}` : `Completar ${m.title}`}
                  checked={m.status === 'completed'}
                  disabled={update.isPending}
                  onChange={async (e) => {
                    try {
                      await update.mutateAsync({
                        milestoneId: m._id,
                        status: e.currentTarget.checked ? 'completed' : 'in_progress',
                      });
                      toastSuccess('Hito actualizado', m.title);
                    } catch (error) {
                      toastError('Error', getErrorMessage(error, 'No se pudo actualizar el hito'));
                    }
                  }}
                />
              )}
              <Stack gap={2} miw={0}>
                <Text fw={600} td={m.status === 'completed' ? 'line-through' : undefined}>
                  {m.title}
                </Text>
                {m.description && (
                  <Text size="sm" c="dimmed">
                    {m.description}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {m.dueDate ? `Fecha límite: ${formatDate(m.dueDate)}` : 'Sin fecha límite'}
                  {m.completedAt ? ` · Completado el ${formatDateTime(m.completedAt)}` : ''}
                </Text>
              </Stack>
            </Group>
            <ColorBadge color={MILESTONE_STATUS_COLORS[m.status]}>
              {MILESTONE_STATUS_LABELS[m.status]}
            </ColorBadge>
          </Group>
        </Paper>
      ))}

      {canManage && (
        <Paper withBorder radius="md" p="md">
          <Title order={3} size="h5" mb="sm">
            Nuevo hito
          </Title>
          <form
            noValidate
            onSubmit={form.onSubmit(async (values) => {
              try {
                await add.mutateAsync({ ...values, dueDate: values.dueDate || null });
                form.reset();
                toastSuccess('Hito agregado', values.title);
              } catch (error) {
                toastError('Error', getErrorMessage(error, 'No se pudo agregar el hito'));
              }
            })}
          >
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput label="Título" withAsterisk {...form.getInputProps('title')} />
              <DateField
                label="Fecha límite"
                {...form.getInputProps('dueDate')}
                value={form.values.dueDate ?? ''}
                onChange={(value) => form.setFieldValue('dueDate', value || null)}
              />
              <Group align="flex-end">
                <Button type="submit" leftSection={<IconPlus size={16} />} loading={add.isPending}>
                  Agregar hito
                </Button>
              </Group>
            </SimpleGrid>
          </form>
        </Paper>
      )}
    </Stack>
  );
}
