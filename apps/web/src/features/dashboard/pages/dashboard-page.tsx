import {
  Alert,
  Box,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Skeleton,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCash, IconFolders, IconHeadset, IconUsers } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useSocketEvent } from '../../../components/realtime/realtime-provider';
import { PageHeader } from '../../../components/ui/page-header';
import { StatGrid } from '../../../components/ui/stat-grid';
import { getErrorMessage } from '../../../lib/api-client';
import { useMoney } from '../../../lib/format';
import { toastError } from '../../../lib/toast';
import { useSessionStore } from '../../../stores/session-store';
import { ClientDocumentsPanel } from '../../proposals';
import { DashboardMyTasks } from '../../tasks';
import {
  dashboardKeys,
  useActivity,
  useDashboardStats,
  useProjectProgress,
  useQuickActions,
  useRecentInvoices,
  useRecentProjects,
  useRecentTickets,
} from '../api/get-dashboard';
import { BackupStatusCard } from '../components/backup-status';
import {
  ActivityFeed,
  ListPanel,
  RecentInvoicesList,
  RecentProjectsList,
  RecentTicketsList,
  StatCard,
} from '../components/dashboard-widgets';
import { EcfWarning } from '../components/ecf-warning';
import { FiscalWarning } from '../components/fiscal-warning';

/**
 * The chart chunk (@mantine/charts + recharts, the dashboard's heaviest part) loads after the
 * first paint and only then (issue 32): the figures never wait for it. Its download starts when
 * the page mounts, alongside the data, not after the progress data arrives.
 */
const loadProgressChart = () => import('../components/progress-chart');
const ProgressChart = lazy(loadProgressChart);

/** Where each server quick action leads (ids from QUICK_ACTION_IDS; unknown ids are not shown). */
const QUICK_ACTION_ROUTES: Record<string, string> = {
  'new-project': '/projects/new',
  'new-ticket': '/tickets?new=1',
  'new-client': '/clients?new=1',
  'new-invoice': '/billing?new=1',
  'new-event': '/calendar?new=1',
  'view-projects': '/projects',
  'view-tickets': '/tickets',
  'view-calendar': '/calendar',
  'view-reports': '/reports',
  'view-invoices': '/billing',
  'log-time': '/projects?status=in_progress',
};

const fmtInt = (n: number) => n.toLocaleString('es-DO');

/** /dashboard (spec doc 2 §2 "Dashboard") on real data, scoped by role on the server. */
export function DashboardPage() {
  const user = useSessionStore((state) => state.user);
  const isAdmin = user?.role === 'admin';
  const navigate = useNavigate();
  const money = useMoney(0);
  const queryClient = useQueryClient();
  const stats = useDashboardStats();
  const recentProjects = useRecentProjects();
  const recentTickets = useRecentTickets();
  const activity = useActivity();
  const progress = useProjectProgress();
  const quickActions = useQuickActions();
  // 'Facturas Recientes' for admins and clients holding invoices.read (decision 074).
  const showInvoices =
    (user?.role === 'admin' || user?.role === 'client') &&
    (user.permissions?.includes('invoices.read') ?? false);
  const recentInvoices = useRecentInvoices(showInvoices);

  useEffect(() => {
    // After the first paint (effects run once the page is on screen): warm the chart chunk.
    void loadProgressChart();
  }, []);

  useSocketEvent('project:changed', () => {
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
  });

  // §8: one notice per failure of the main data, plus the alert.
  const failed = stats.error ?? recentProjects.error;
  const notified = useRef<unknown>(null);
  useEffect(() => {
    if (failed && notified.current !== failed) {
      notified.current = failed;
      toastError('Error', 'No se pudo cargar la información del dashboard');
    }
  }, [failed]);

  const title = isAdmin ? 'Panel de Administración' : 'Mi Dashboard';
  const header = (
    <PageHeader
      title={title}
      description={
        <Text component="span" c="dimmed">
          Bienvenido, {user?.firstName ?? ''}. Aquí tienes un resumen de tu actividad.
        </Text>
      }
    />
  );

  // Only the figures gate the page (issue 32): lists, chart and activity fill in as they arrive.
  if (stats.isPending) {
    return (
      <>
        {header}
        <Center py="xl" role="status" aria-live="polite">
          <Loader aria-label="Cargando dashboard" />
        </Center>
      </>
    );
  }

  if (failed || !stats.data) {
    return (
      <>
        {header}
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Error">
          {getErrorMessage(failed, 'Error loading dashboard data')}
        </Alert>
      </>
    );
  }

  const s = stats.data;
  const actions = (quickActions.data ?? []).filter((a) => QUICK_ACTION_ROUTES[a.id]);

  return (
    <>
      {header}
      {isAdmin && <FiscalWarning />}
      {isAdmin && <EcfWarning />}
      {isAdmin && <BackupStatusCard />}

      {actions.length > 0 && (
        <Group gap="sm" mb="lg" aria-label="Acciones rápidas" role="group">
          {actions.map((a, i) => (
            <Button
              key={a.id}
              variant={i === 0 ? 'filled' : 'light'}
              onClick={() => navigate(QUICK_ACTION_ROUTES[a.id]!)}
            >
              {a.title}
            </Button>
          ))}
        </Group>
      )}

      <StatGrid mb="lg">
        <StatCard
          title="Proyectos"
          value={fmtInt(s.projects.totalProjects)}
          detail={`${fmtInt(s.projects.activeProjects)} activos`}
          icon={<IconFolders size={24} />}
          color="blue"
        />
        <StatCard
          title="Tickets"
          value={fmtInt(s.tickets.totalTickets)}
          detail={`${fmtInt(s.tickets.openTickets)} abiertos`}
          icon={<IconHeadset size={24} />}
          color="orange"
        />
        {isAdmin && s.clients && (
          <StatCard
            title="Clientes"
            value={fmtInt(s.clients.total)}
            detail={`${fmtInt(s.clients.registered)} registrados`}
            icon={<IconUsers size={24} />}
            color="teal"
          />
        )}
        {isAdmin && (
          <StatCard
            title="Presupuesto"
            value={money(s.projects.totalBudget)}
            detail={`${s.projects.avgProgress}% progreso promedio`}
            icon={<IconCash size={24} />}
            color="grape"
          />
        )}
      </StatGrid>

      {/* A client: the proposals and contracts the agency sent it, to sign (decision 174). */}
      {user?.role === 'client' && <ClientDocumentsPanel />}

      {/* Staff: my tasks due today and overdue (decision 165). */}
      {user && user.role !== 'client' && (
        <Box mb="lg">
          <DashboardMyTasks />
        </Box>
      )}

      <SimpleGrid cols={{ base: 1, md: 2, xl: showInvoices ? 3 : 2 }} mb="lg">
        <ListPanel title="Proyectos Recientes" to="/projects">
          {recentProjects.isPending ? (
            <Skeleton h={120} />
          ) : (
            <RecentProjectsList projects={recentProjects.data ?? []} />
          )}
        </ListPanel>
        <ListPanel title="Tickets Recientes" to="/tickets">
          {recentTickets.isPending ? (
            <Skeleton h={120} />
          ) : (
            <RecentTicketsList tickets={recentTickets.data ?? []} />
          )}
        </ListPanel>
        {showInvoices && (
          <ListPanel title="Facturas Recientes" to="/billing">
            {recentInvoices.isPending ? (
              <Skeleton h={120} />
            ) : recentInvoices.isError ? (
              <Text c="dimmed" size="sm">
                No se pudieron cargar las facturas.
              </Text>
            ) : (
              <RecentInvoicesList invoices={recentInvoices.data ?? []} showClient={isAdmin} />
            )}
          </ListPanel>
        )}
      </SimpleGrid>

      <Grid>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Paper withBorder radius="md" p="md" h="100%">
            <Title order={2} size="h4" mb="sm">
              Progreso
            </Title>
            {progress.data ? (
              <Suspense fallback={<Skeleton h={200} />}>
                <ProgressChart data={progress.data} />
              </Suspense>
            ) : progress.isError ? (
              <Text c="dimmed" size="sm">
                No se pudo cargar el progreso.
              </Text>
            ) : (
              <Skeleton h={200} />
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Paper withBorder radius="md" p="md" h="100%">
            <Title order={2} size="h4" mb="sm">
              Actividad reciente
            </Title>
            {activity.data ? (
              <ActivityFeed entries={activity.data} />
            ) : activity.isError ? (
              <Text c="dimmed" size="sm">
                No se pudo cargar la actividad.
              </Text>
            ) : (
              <Skeleton h={200} />
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
