import {
  type CreateTimeEntryRequest,
  CreateTimeEntryRequestSchema,
  type ProjectDetail,
  type TimeEntry,
  type UpdateTimeEntryRequest,
  UpdateTimeEntryRequestSchema,
} from '@agencia/shared';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { type GetInputPropsReturnType, useForm } from '@mantine/form';
import { IconClockPlus, IconFileInvoice, IconPencil, IconTrash } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { ColorBadge } from '../../../components/ui/color-badge';
import { DateField } from '../../../components/ui/date-field';
import { PagedSection, useUrlPage } from '../../../components/ui/paged-section';
import { TableScroll } from '../../../components/ui/table-scroll';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { formatDate, todayDateOnly, useMoney } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useSessionStore } from '../../../stores/session-store';
import { useProjectTimeEntries } from '../api/get-project-sub-lists';
import { useAddTimeEntry, useDeleteTimeEntry, useUpdateTimeEntry } from '../api/project-mutations';
import { confirmDelete } from './confirm-delete';

// The dates picker and its styles load only when an admin opens "Facturar horas".
const BillTimeModal = lazy(() => import('./bill-time-modal').then((m) => ({ default: m.BillTimeModal })));

const hoursLabel = (h: number) => `${h.toLocaleString('es-DO', { maximumFractionDigits: 1 })} h`;

/**
 * The fields a time entry is logged and corrected with: hours (0.5 to 24, step 0.5) and date (not
 * in the future) side by side, then `children` (the member picker when logging), then the
 * description. `inputProps` is the form's `getInputProps`.
 */
function TimeEntryFields({
  inputProps,
  children,
}: {
  inputProps: (path: 'hours' | 'date' | 'description') => GetInputPropsReturnType;
  children?: ReactNode;
}) {
  return (
    <>
      <SimpleGrid cols={2}>
        <NumberInput
          label="Horas"
          min={0.5}
          max={24}
          step={0.5}
          decimalScale={1}
          withAsterisk
          data-autofocus
          {...inputProps('hours')}
        />
        <DateField label="Fecha" max={todayDateOnly()} {...inputProps('date')} />
      </SimpleGrid>
      {children}
      <Textarea label="Descripción" withAsterisk autosize minRows={2} {...inputProps('description')} />
    </>
  );
}

/** Register-time modal (spec doc 2 §2): hours min 0.5 step 0.5, description, team member. */
export function TimeEntryModal({
  project,
  opened,
  onClose,
}: {
  project: ProjectDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const user = useSessionStore((s) => s.user);
  const isAdmin = user?.role === 'admin';
  const add = useAddTimeEntry(project._id);
  const form = useForm<CreateTimeEntryRequest>({
    mode: 'controlled',
    initialValues: {
      hours: 1,
      description: '',
      // Yourself when on the team, else (admins) the first member.
      userId: project.team.some((m) => m._id === user?._id) ? user?._id : project.team[0]?._id,
      date: todayDateOnly(),
      billable: true,
    },
    validate: zodResolver(CreateTimeEntryRequestSchema),
  });
  const members = project.team.map((m) => ({ value: m._id, label: `${m.firstName} ${m.lastName}` }));

  return (
    <Modal opened={opened} onClose={onClose} title="Registrar tiempo" centered>
      <form
        noValidate
        onSubmit={form.onSubmit(async (values) => {
          try {
            await add.mutateAsync(values);
            toastSuccess('Tiempo registrado', `${values.hours} h`);
            form.reset();
            onClose();
          } catch (error) {
            toastError('Error', getErrorMessage(error, 'No se pudo registrar el tiempo'));
          }
        })}
      >
        <Stack gap="sm">
          <TimeEntryFields inputProps={form.getInputProps}>
            <Select
              label="Miembro del equipo"
              data={members}
              disabled={!isAdmin}
              allowDeselect={false}
              {...form.getInputProps('userId')}
            />
          </TimeEntryFields>
          <Checkbox label="Facturable" {...form.getInputProps('billable', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={add.isPending}>
              Registrar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Correct-time modal (decision 036): hours, date and description with the create rules; the
 * member and the billable flag stay as logged.
 */
function EditTimeEntryModal({
  projectId,
  entry,
  onClose,
}: {
  projectId: string;
  entry: TimeEntry;
  onClose: () => void;
}) {
  const update = useUpdateTimeEntry(projectId);
  const form = useForm<UpdateTimeEntryRequest>({
    mode: 'controlled',
    initialValues: { hours: entry.hours, date: entry.date, description: entry.description },
    validate: zodResolver(UpdateTimeEntryRequestSchema),
  });
  return (
    <Modal opened onClose={onClose} title="Editar registro de tiempo" centered>
      <form
        noValidate
        onSubmit={form.onSubmit(async (values) => {
          try {
            await update.mutateAsync({ entryId: entry._id, ...values });
            toastSuccess('Registro actualizado', `${values.hours} h`);
            onClose();
          } catch (error) {
            toastError('Error', getErrorMessage(error, 'No se pudo actualizar el registro'));
          }
        })}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {entry.user.firstName} {entry.user.lastName} · {entry.billable ? 'Facturable' : 'Interno'}
          </Text>
          <TimeEntryFields inputProps={form.getInputProps} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={update.isPending}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Time tab: totals, per member, entries; staff on the team register time. With `canEdit`
 * (staff with `projects.write`) each member corrects or deletes their own entries, admins any.
 */
export function TimeTab({
  project,
  canLog,
  canEdit = false,
}: {
  project: ProjectDetail;
  canLog: boolean;
  canEdit?: boolean;
}) {
  useDateDisplay();
  const [opened, setOpened] = useState(false);
  const [editing, setEditing] = useState<TimeEntry | null>(null);
  const user = useSessionStore((s) => s.user);
  const remove = useDeleteTimeEntry(project._id);
  const [billing, setBilling] = useState(false);
  const isAdmin = user?.role === 'admin';
  // Clients only ever get billable time (decision 032): the billable/internal split is agency talk.
  const isClient = user?.role === 'client';
  // A billed entry is frozen until its invoice is cancelled or deleted (decision 115).
  const canChange = (t: TimeEntry) => canEdit && !t.invoice && (isAdmin || t.user._id === user?._id);
  const [page, setPage] = useUrlPage();
  const entries = useProjectTimeEntries(project._id, page);
  const withActions = entries.data?.timeEntries.some(canChange) ?? false;
  const money = useMoney();
  const { timeSummary: s } = project;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <SimpleGrid
          cols={{ base: 2, sm: s.internalCost === undefined ? 2 : 3 }}
          style={{ flex: '1 1 320px' }}
          maw={600}
        >
          <Paper withBorder p="sm" radius="md">
            <Text size="xs" c="dimmed">
              {isClient
                ? 'Horas dedicadas'
                : s.internalCost === undefined
                  ? 'Horas facturables'
                  : 'Horas totales'}
            </Text>
            <Text fw={700} size="lg">
              {hoursLabel(s.internalCost === undefined ? s.billableHours : s.totalHours)}
            </Text>
          </Paper>
          {s.internalCost !== undefined && (
            <Paper withBorder p="sm" radius="md">
              <Text size="xs" c="dimmed">
                Horas facturables
              </Text>
              <Text fw={700} size="lg">
                {hoursLabel(s.billableHours)}
              </Text>
            </Paper>
          )}
          {s.internalCost !== undefined ? (
            <Paper withBorder p="sm" radius="md">
              <Text size="xs" c="dimmed">
                Costo interno
              </Text>
              <Text fw={700} size="lg">
                {money(s.internalCost)}
              </Text>
              {/* The one cost rule (decision 163): each person's cost rate, as Finanzas. */}
              <Text size="xs" c="dimmed" data-testid="time-unrated">
                {(s.unratedHours ?? 0) > 0
                  ? `Sin contar ${hoursLabel(s.unratedHours ?? 0)} sin tarifa de costo`
                  : 'Al costo por hora de cada persona'}
              </Text>
            </Paper>
          ) : (
            <Paper withBorder p="sm" radius="md">
              <Text size="xs" c="dimmed">
                Registros
              </Text>
              <Text fw={700} size="lg">
                {s.entries}
              </Text>
            </Paper>
          )}
        </SimpleGrid>
        <Group gap="xs">
          {isAdmin && (
            <Button
              variant="light"
              leftSection={<IconFileInvoice size={16} />}
              onClick={() => setBilling(true)}
            >
              Facturar horas
            </Button>
          )}
          {canLog && (
            <Button leftSection={<IconClockPlus size={16} />} onClick={() => setOpened(true)}>
              Registrar tiempo
            </Button>
          )}
        </Group>
      </Group>
      {billing && (
        <Suspense fallback={null}>
          <BillTimeModal projectId={project._id} opened onClose={() => setBilling(false)} />
        </Suspense>
      )}
      {canLog && <TimeEntryModal project={project} opened={opened} onClose={() => setOpened(false)} />}
      {editing && (
        <EditTimeEntryModal
          key={editing._id}
          projectId={project._id}
          entry={editing}
          onClose={() => setEditing(null)}
        />
      )}

      <PagedSection
        query={entries}
        label="Cargando registros de tiempo"
        empty="Aún no hay tiempo registrado."
        noun="registros"
        singular="registro"
        onPage={setPage}
      >
        <TableScroll label="Tiempo registrado" minWidth={withActions ? 640 : 560}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Miembro</Table.Th>
                <Table.Th>Descripción</Table.Th>
                <Table.Th ta="right">Horas</Table.Th>
                <Table.Th>{isClient ? 'Factura' : 'Tipo'}</Table.Th>
                {withActions && (
                  <Table.Th>
                    <VisuallyHidden>Acciones</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.data?.timeEntries.map((t) => (
                <Table.Tr key={t._id} data-testid="time-entry">
                  <Table.Td>{formatDate(t.date)}</Table.Td>
                  <Table.Td>
                    {t.user.firstName} {t.user.lastName}
                  </Table.Td>
                  <Table.Td>{t.description}</Table.Td>
                  <Table.Td ta="right">{hoursLabel(t.hours)}</Table.Td>
                  <Table.Td>
                    {t.invoice ? (
                      <Group gap={6} wrap="nowrap">
                        <ColorBadge color="blue" size="sm">
                          Facturada
                        </ColorBadge>
                        <Text size="sm" component={Link} to={`/billing/${t.invoice._id}`} c="anchor">
                          {t.invoice.invoiceNumber}
                        </Text>
                      </Group>
                    ) : isClient ? (
                      <Text size="sm" c="dimmed">
                        Por facturar
                      </Text>
                    ) : (
                      <ColorBadge color={t.billable ? 'green' : 'gray'} size="sm">
                        {t.billable ? 'Facturable' : 'Interno'}
                      </ColorBadge>
                    )}
                  </Table.Td>
                  {withActions && (
                    <Table.Td>
                      {canChange(t) && (
                        <Group gap={4} wrap="nowrap" justify="flex-end">
                          <Tooltip label="Editar">
                            <ActionIcon
                              variant="subtle"
                              aria-label={`Editar registro: ${t.description}`}
                              onClick={() => setEditing(t)}
                            >
                              <IconPencil size={18} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label="Eliminar">
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`Eliminar registro: ${t.description}`}
                              onClick={() =>
                                confirmDelete({
                                  title: 'Eliminar registro de tiempo',
                                  message: `¿Eliminar ${hoursLabel(t.hours)} de ${t.user.firstName} ${t.user.lastName} del ${formatDate(t.date)}? Los totales del proyecto se recalculan.`,
                                  remove: () => remove.mutateAsync(t._id),
                                  done: { title: 'Registro eliminado', message: t.description },
                                  failure: 'No se pudo eliminar el registro',
                                })
                              }
                            >
                              <IconTrash size={18} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </PagedSection>
    </Stack>
  );
}
