import {
  isStaff as isStaffRole,
  PROJECT_CHANGED_EVENT,
  PROJECT_STATUS_LABELS,
  type ProjectDetail,
  type ProjectStatus,
  projectClientName,
  TASKS_CHANGED_EVENT,
} from '@agencia/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Menu,
  Paper,
  Progress,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconChevronDown,
  IconClock,
  IconCoin,
  IconFiles,
  IconFlag,
  IconInfoCircle,
  IconLayoutKanban,
  IconMessage,
  IconPencil,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useSocketEvent } from '../../../components/realtime/realtime-provider';
import { PageHeader } from '../../../components/ui/page-header';
import { StatGrid } from '../../../components/ui/stat-grid';
import { getErrorMessage, getErrorStatus } from '../../../lib/api-client';
import { useMoney } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSessionStore } from '../../../stores/session-store';
import { ProjectTasksTab, usePrefetchProjectTasks } from '../../tasks';
import { useProject } from '../api/get-project';
import { projectKeys } from '../api/get-projects';
import { useUpdateProject } from '../api/project-mutations';
import { CommentsTab } from '../components/comments-tab';
import { FilesTab } from '../components/files-tab';
import { FinancesTab } from '../components/finances-tab';
import { MilestonesTab } from '../components/milestones-tab';
import { OverviewTab } from '../components/overview-tab';
import { ProjectPriorityBadge, ProjectStatusBadge } from '../components/project-badges';
import { TeamTab } from '../components/team-tab';
import { TimeTab } from '../components/time-tab';
import { useConfirmDeleteProject } from '../components/use-delete-project';

function StatCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={6}>
        {label}
      </Text>
      {children}
    </Paper>
  );
}

function StatusMenu({ project }: { project: ProjectDetail }) {
  const update = useUpdateProject(project._id);
  if (project.allowedTransitions.length === 0) return null;
  const change = async (status: ProjectStatus) => {
    try {
      await update.mutateAsync({ status });
      toastSuccess('Estado actualizado', `${project.title}: ${PROJECT_STATUS_LABELS[status]}`);
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo cambiar el estado'));
    }
  };
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="light" rightSection={<IconChevronDown size={16} />} loading={update.isPending}>
          Cambiar estado
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {project.allowedTransitions.map((s) => (
          <Menu.Item key={s} onClick={() => change(s)}>
            {PROJECT_STATUS_LABELS[s]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

const TABS = [
  'resumen',
  'tareas',
  'hitos',
  'equipo',
  'archivos',
  'tiempo',
  'finanzas',
  'comentarios',
] as const;
/** Tabs clients never get (the API refuses them too): expenses, costs and margins (decision 142). */
const STAFF_TABS: readonly string[] = ['finanzas'];

/**
 * /projects/{id} (spec doc 2 §2 "Project detail") on real data: stat cards and six tabs, plus
 * "Finanzas" for staff (decision 142).
 */
export function ProjectDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const user = useSessionStore((s) => s.user);
  const role = user?.role ?? 'client';
  const isAdmin = role === 'admin';
  const isStaff = isStaffRole(role);
  // Staff whose `projects.write` was removed read only (the server answers 403, decision 070).
  const canWrite = isStaff && (user?.permissions?.includes('projects.write') ?? false);
  // Clients comment with `projects.read` (they could not open the page without it); staff need write.
  const canComment = isStaff ? canWrite : true;
  const money = useMoney(0);
  const query = useProject(id);
  const queryClient = useQueryClient();
  const confirmDelete = useConfirmDeleteProject(() => navigate('/projects', { replace: true }));
  useSocketEvent<{ projectId?: string }>(PROJECT_CHANGED_EVENT, (payload) => {
    if (payload?.projectId === id) void queryClient.invalidateQueries({ queryKey: projectKeys.detail(id) });
  });
  // A project whose progress follows its tasks changes with every task write (decision 165).
  useSocketEvent<{ projectId?: string }>(TASKS_CHANGED_EVENT, (payload) => {
    if (payload?.projectId === id) void queryClient.invalidateQueries({ queryKey: projectKeys.detail(id) });
  });

  const tabParam = params.get('tab');
  // Opened on "Tareas": its board loads beside the project instead of after it (issue 45).
  usePrefetchProjectTasks(id, tabParam === 'tareas');
  const tab =
    TABS.includes(tabParam as (typeof TABS)[number]) && (isStaff || !STAFF_TABS.includes(tabParam as string))
      ? (tabParam as string)
      : 'resumen';

  if (query.isPending) {
    return (
      <Center py="xl" mih="50vh" role="status" aria-live="polite">
        <Loader aria-label="Cargando proyecto" />
      </Center>
    );
  }
  if (query.isError) {
    const missing = getErrorStatus(query.error) === 404;
    return (
      <>
        <PageHeader title={missing ? 'Proyecto no encontrado' : 'Proyecto'} />
        <Alert color="red" icon={<IconAlertCircle size={18} />} mb="md">
          {missing
            ? 'El proyecto no existe o no tienes acceso a él.'
            : getErrorMessage(query.error, 'No se pudo cargar el proyecto')}
        </Alert>
        <Button component={Link} to="/projects" variant="light" leftSection={<IconArrowLeft size={16} />}>
          Volver a proyectos
        </Button>
      </>
    );
  }

  const project = query.data;
  const budgetUse =
    project.approvedBudget && project.approvedBudget > 0 && project.spent !== undefined
      ? Math.min(100, Math.round((project.spent / project.approvedBudget) * 100))
      : null;

  return (
    <>
      <Anchor component={Link} to="/projects" size="sm" mb="xs" display="inline-block">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden /> Proyectos
        </Group>
      </Anchor>
      <PageHeader
        title={project.title}
        description={
          <Group gap="xs" component="span">
            <span>{projectClientName(project.client)}</span>
            <ProjectPriorityBadge priority={project.priority} size="sm" />
          </Group>
        }
        actions={
          <Group gap="xs">
            {canWrite && <StatusMenu project={project} />}
            {isAdmin && (
              <>
                <Button
                  variant="default"
                  component={Link}
                  to={`/projects/${project._id}/edit`}
                  leftSection={<IconPencil size={16} />}
                >
                  Editar
                </Button>
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => confirmDelete(project)}
                >
                  Eliminar
                </Button>
              </>
            )}
          </Group>
        }
      />

      {/* Four columns at 1440 px, fewer when the amounts need it: text at 200 % (decision 112). */}
      <StatGrid minColumn="12rem" mb="lg">
        <StatCard label="Estado">
          <ProjectStatusBadge status={project.status} size="lg" />
        </StatCard>
        <StatCard label="Progreso">
          <Text fw={700} size="xl">
            {project.progressPercentage}%
          </Text>
          <Progress
            value={project.progressPercentage}
            mt={6}
            aria-label={`Progreso ${project.progressPercentage}%`}
          />
        </StatCard>
        {/* A client whose budget the admin hid receives neither figure (decision 145). */}
        {project.approvedBudget !== undefined && project.spent !== undefined && (
          <StatCard label="Presupuesto">
            <Text fw={700} size="xl">
              {project.approvedBudget === null ? 'Sin presupuesto' : money(project.approvedBudget)}
            </Text>
            <Text size="sm" c="dimmed">
              Consumido: {money(project.spent)}
              {budgetUse !== null ? ` (${budgetUse}%)` : ''}
            </Text>
            {/* A figure the team types for the client, not the agency's cost (decision 163). */}
            {role !== 'client' && (
              <Text size="xs" c="dimmed">
                Cifra que registra el equipo para el cliente; el costo real está en Finanzas.
              </Text>
            )}
            {role !== 'client' && !project.budgetVisibleToClient && (
              <Text size="xs" c="dimmed">
                Oculto al cliente
              </Text>
            )}
          </StatCard>
        )}
        <StatCard label="Equipo">
          <Text fw={700} size="xl">
            {project.teamCount}
          </Text>
          <Text size="sm" c="dimmed">
            {project.teamCount === 1 ? 'miembro' : 'miembros'}
          </Text>
        </StatCard>
      </StatGrid>

      <Tabs
        value={tab}
        onChange={(value) => {
          const next = new URLSearchParams(params);
          if (value && value !== 'resumen') next.set('tab', value);
          else next.delete('tab');
          next.delete('page'); // a page number belongs to the tab it was chosen in
          setParams(next, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List mb="md" style={{ flexWrap: 'wrap' }}>
          <Tabs.Tab value="resumen" leftSection={<IconInfoCircle size={16} />}>
            Resumen
          </Tabs.Tab>
          <Tabs.Tab value="tareas" leftSection={<IconLayoutKanban size={16} />}>
            Tareas
          </Tabs.Tab>
          <Tabs.Tab value="hitos" leftSection={<IconFlag size={16} />}>
            Hitos
          </Tabs.Tab>
          <Tabs.Tab value="equipo" leftSection={<IconUsers size={16} />}>
            Equipo
          </Tabs.Tab>
          <Tabs.Tab value="archivos" leftSection={<IconFiles size={16} />}>
            Archivos
          </Tabs.Tab>
          <Tabs.Tab value="tiempo" leftSection={<IconClock size={16} />}>
            Tiempo
          </Tabs.Tab>
          {isStaff && (
            <Tabs.Tab value="finanzas" leftSection={<IconCoin size={16} />}>
              Finanzas
            </Tabs.Tab>
          )}
          <Tabs.Tab
            value="comentarios"
            leftSection={<IconMessage size={16} />}
            rightSection={
              project.notesTotal ? (
                <Badge size="xs" variant="filled" circle>
                  {project.notesTotal}
                </Badge>
              ) : null
            }
          >
            Comentarios
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="resumen">
          <OverviewTab project={project} isStaff={canWrite} />
        </Tabs.Panel>
        <Tabs.Panel value="tareas">
          <ProjectTasksTab project={project} />
        </Tabs.Panel>
        <Tabs.Panel value="hitos">
          <MilestonesTab project={project} canManage={canWrite} />
        </Tabs.Panel>
        <Tabs.Panel value="equipo">
          <TeamTab project={project} isAdmin={isAdmin} />
        </Tabs.Panel>
        <Tabs.Panel value="archivos">
          <FilesTab project={project} />
        </Tabs.Panel>
        <Tabs.Panel value="tiempo">
          <TimeTab project={project} canLog={canWrite && project.team.length > 0} canEdit={canWrite} />
        </Tabs.Panel>
        {isStaff && (
          <Tabs.Panel value="finanzas">
            <FinancesTab
              projectId={project._id}
              canBill={isAdmin && (user?.permissions?.includes('invoices.write') ?? false)}
            />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="comentarios">
          <Stack>
            <CommentsTab project={project} isStaff={isStaff} canPost={canComment} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
