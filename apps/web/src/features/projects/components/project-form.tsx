import {
  type CreateProjectRequest,
  CreateProjectRequestSchema,
  PROJECT_CATEGORIES,
  PROJECT_CATEGORY_LABELS,
  PROJECT_PRIORITIES,
  PROJECT_PRIORITY_LABELS,
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  type ProjectDetail,
  type ProjectStatus,
  projectClientName,
} from '@agencia/shared';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Slider,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ClientPicker, UsersMultiPicker } from '../../../components/pickers/pickers';
import { DateField } from '../../../components/ui/date-field';
import { zodResolver } from '../../../lib/form';

/** Roles offered for team members (free text is stored; these are the usual ones). */
const TEAM_ROLES = ['Líder', 'Desarrollador', 'Diseñador', 'QA', 'Gestor de proyecto'];

/** What the inputs hold: empty strings for unset dates and amounts. */
export interface ProjectFormValues {
  title: string;
  description: string;
  clientId: string | null;
  status: ProjectStatus;
  priority: CreateProjectRequest['priority'] & string;
  category: CreateProjectRequest['category'] & string;
  progressPercentage: number;
  startDate: string;
  estimatedEndDate: string;
  approvedBudget: number | string;
  spent: number | string;
  budgetVisibleToClient: boolean;
  team: Array<{ userId: string; role: string }>;
}

/** Form values → request body (the shared CreateProjectRequestSchema shape). */
export function toProjectRequest(v: ProjectFormValues) {
  return {
    title: v.title,
    description: v.description,
    clientId: v.clientId ?? '',
    status: v.status,
    priority: v.priority,
    category: v.category,
    progressPercentage: v.progressPercentage,
    startDate: v.startDate || null,
    estimatedEndDate: v.estimatedEndDate || null,
    approvedBudget: v.approvedBudget === '' ? null : Number(v.approvedBudget),
    spent: v.spent === '' ? 0 : Number(v.spent),
    budgetVisibleToClient: v.budgetVisibleToClient,
    team: v.team,
  };
}

/** Initial values: empty for /projects/new, the project's for edit. */
export function projectFormInitialValues(project?: ProjectDetail): ProjectFormValues {
  return {
    title: project?.title ?? '',
    description: project?.description ?? '',
    clientId: project?.client._id ?? null,
    status: project?.status ?? 'requested',
    priority: project?.priority ?? 'medium',
    category: project?.category ?? 'webapp',
    progressPercentage: project?.progressPercentage ?? 0,
    startDate: project?.startDate ?? '',
    estimatedEndDate: project?.estimatedEndDate ?? '',
    approvedBudget: project?.approvedBudget ?? '',
    spent: project?.spent ?? 0,
    budgetVisibleToClient: project?.budgetVisibleToClient ?? true,
    team: project?.team.map((m) => ({ userId: m._id, role: m.role })) ?? [],
  };
}

const validateWithSchema = zodResolver(CreateProjectRequestSchema);

interface ProjectFormProps {
  /** The project being edited: labels of its client and team before any search. */
  project?: ProjectDetail;
  initialValues: ProjectFormValues;
  /** Statuses offered (edit: current + allowed transitions). */
  statuses?: readonly ProjectStatus[];
  submitLabel: string;
  submitting: boolean;
  currency: string;
  onSubmit: (body: ReturnType<typeof toProjectRequest>) => void;
  onCancel: () => void;
}

/** The project form of /projects/new and /projects/{id}/edit, validated with the shared schema. */
export function ProjectForm({
  project,
  initialValues,
  statuses = PROJECT_STATUSES,
  submitLabel,
  submitting,
  currency,
  onSubmit,
  onCancel,
}: ProjectFormProps) {
  const form = useForm<ProjectFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => validateWithSchema(toProjectRequest(values)),
  });
  // Names of the members, from the project and from the picker's answers.
  const [names, setNames] = useState(
    () => new Map(project?.team.map((m) => [m._id, `${m.firstName} ${m.lastName}`.trim()]) ?? []),
  );
  const teamIds = form.values.team.map((m) => m.userId);

  const setTeam = (ids: string[], options: Array<{ value: string; label: string }>) => {
    setNames((prev) => new Map([...prev, ...options.map((o) => [o.value, o.label] as const)]));
    const current = new Map(form.values.team.map((m) => [m.userId, m.role]));
    form.setFieldValue(
      'team',
      ids.map((id, i) => ({ userId: id, role: current.get(id) ?? (i === 0 ? 'Líder' : 'Desarrollador') })),
    );
  };

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(toProjectRequest(values)))} noValidate>
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h4" mb="md">
            Información general
          </Title>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <ClientPicker
                withAsterisk
                selected={
                  project
                    ? {
                        value: project.client._id,
                        label: projectClientName(project.client),
                      }
                    : null
                }
                value={form.values.clientId}
                onChange={(v) => form.setFieldValue('clientId', v)}
                error={form.errors.clientId}
              />
              <TextInput
                label="Título"
                placeholder="Nombre del proyecto"
                withAsterisk
                {...form.getInputProps('title')}
              />
            </SimpleGrid>
            <Textarea
              label="Descripción"
              placeholder="Alcance, objetivos y entregables"
              autosize
              minRows={3}
              maxRows={8}
              {...form.getInputProps('description')}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label="Estado"
                data={statuses.map((s) => ({ value: s, label: PROJECT_STATUS_LABELS[s] }))}
                allowDeselect={false}
                {...form.getInputProps('status')}
              />
              <Select
                label="Prioridad"
                data={PROJECT_PRIORITIES.map((p) => ({ value: p, label: PROJECT_PRIORITY_LABELS[p] }))}
                allowDeselect={false}
                {...form.getInputProps('priority')}
              />
              <Select
                label="Categoría"
                data={PROJECT_CATEGORIES.map((c) => ({ value: c, label: PROJECT_CATEGORY_LABELS[c] }))}
                allowDeselect={false}
                {...form.getInputProps('category')}
              />
            </SimpleGrid>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="progress-label">
                Progreso: {form.values.progressPercentage}%
              </Text>
              <Slider
                min={0}
                max={100}
                step={5}
                label={(v) => `${v}%`}
                thumbProps={{ 'aria-labelledby': 'progress-label' }}
                {...form.getInputProps('progressPercentage')}
              />
            </Stack>
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h4" mb="md">
            Fechas y presupuesto
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <DateField label="Fecha de inicio" {...form.getInputProps('startDate')} />
            <DateField label="Fecha estimada de fin" {...form.getInputProps('estimatedEndDate')} />
            <NumberInput
              label={`Presupuesto aprobado (${currency})`}
              placeholder="Sin presupuesto"
              min={0}
              decimalScale={2}
              thousandSeparator=","
              {...form.getInputProps('approvedBudget')}
            />
            <NumberInput
              label={`Consumido del presupuesto (${currency})`}
              description="Lo que el cliente ve consumido; no es el costo interno (gastos y horas: pestaña Finanzas)"
              min={0}
              decimalScale={2}
              thousandSeparator=","
              {...form.getInputProps('spent')}
            />
          </SimpleGrid>
          <Switch
            mt="md"
            label="El cliente ve el presupuesto y lo gastado"
            description="Si lo desactivas, el cliente no verá estas cifras del proyecto en el portal."
            {...form.getInputProps('budgetVisibleToClient', { type: 'checkbox' })}
          />
        </Paper>

        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h4" mb="md">
            Equipo
          </Title>
          <Stack gap="sm">
            <UsersMultiPicker
              label="Miembros del equipo"
              placeholder={teamIds.length ? undefined : 'Busca personas del equipo'}
              selected={project?.team.map((m) => ({
                value: m._id,
                label: `${m.firstName} ${m.lastName}`.trim(),
              }))}
              value={teamIds}
              onChange={setTeam}
              error={form.errors.team}
            />
            {form.values.team.map((member, index) => {
              const person = names.get(member.userId) ?? 'Miembro';
              return (
                <Group key={member.userId} gap="sm" wrap="nowrap">
                  <Text size="sm" style={{ flex: 1 }} truncate>
                    {person}
                  </Text>
                  <Select
                    aria-label={`Rol de ${person}`}
                    data={[...new Set([...TEAM_ROLES, member.role])]}
                    allowDeselect={false}
                    w={200}
                    {...form.getInputProps(`team.${index}.role`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Quitar a ${person}`}
                    onClick={() => form.removeListItem('team', index)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              );
            })}
          </Stack>
        </Paper>

        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
