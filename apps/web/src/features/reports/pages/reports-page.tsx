import {
  GenerateReportRequestSchema,
  REPORT_PERIOD_LABELS,
  REPORT_PERIODS,
  REPORT_TYPE_LABELS,
  REPORT_TYPES,
  type Report,
  type ReportDashboard,
  type ReportPeriod,
  type ReportType,
} from '@agencia/shared';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Loader,
  Modal,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconArrowDownRight,
  IconArrowUpRight,
  IconDownload,
  IconEye,
  IconFileAnalytics,
  IconMinus,
  IconTrash,
} from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { StatGrid } from '../../../components/ui/stat-grid';
import { TableScroll } from '../../../components/ui/table-scroll';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { formatNumericDateTime } from '../../../lib/format';
import {
  fetchReport,
  useDeleteReport,
  useGenerateReport,
  useReportDashboard,
  useReports,
} from '../api/reports';
import { downloadCsv, toCsv } from '../components/csv';
import { DgiiReportsCard } from '../components/dgii-reports-card';

const ReportCharts = lazy(() => import('../components/report-charts'));

function Growth({ value }: { value: number | null }) {
  if (value === null)
    return (
      <Text size="xs" c="dimmed">
        Sin datos del período anterior
      </Text>
    );
  const up = value > 0;
  const Icon = value === 0 ? IconMinus : up ? IconArrowUpRight : IconArrowDownRight;
  // Palette names, not shades: their `-text` token reads at 4.5:1 in both schemes (decision 108).
  const color = value === 0 ? 'dimmed' : up ? 'teal' : 'red';
  return (
    <Group gap={2}>
      <Icon size={16} color={`var(--mantine-color-${color}${value === 0 ? '' : '-text'})`} aria-hidden />
      <Text size="xs" c={color} fw={600}>
        {up ? '+' : ''}
        {value}% vs. período anterior
      </Text>
    </Group>
  );
}

function Kpi({
  label,
  value,
  growth,
  hint,
}: {
  label: string;
  value: string;
  growth?: number | null;
  hint?: ReactNode;
}) {
  return (
    <Card withBorder radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value}
      </Text>
      {growth !== undefined ? <Growth value={growth} /> : hint}
    </Card>
  );
}

function dashboardCsv(d: ReportDashboard) {
  return toCsv([
    {
      title: `Reporte ${REPORT_PERIOD_LABELS[d.period]} (${d.startDate} a ${d.endDate})`,
      header: ['Indicador', 'Valor', 'Crecimiento %'],
      rows: [
        [`Ingresos totales (${d.currency})`, d.totalRevenue, d.revenueGrowth ?? ''],
        ['Proyectos nuevos', d.totalProjects, d.projectsGrowth ?? ''],
        ['Proyectos activos', d.activeProjects, ''],
        ['Clientes activos', d.activeClients, d.clientsGrowth ?? ''],
        ['Tasa de finalización %', d.completionRate, ''],
      ],
    },
    {
      title: 'Ingresos por mes',
      header: ['Mes', 'Facturado', 'Cobrado'],
      rows: d.revenueByMonth.map((r) => [r.month, r.invoiced, r.revenue]),
    },
    {
      title: 'Proyectos por estado',
      header: ['Estado', 'Cantidad'],
      rows: d.projectsByStatus.map((p) => [p.status, p.count]),
    },
  ]);
}

function reportCsv(r: Report) {
  const d = r.data;
  const sections: Array<{ title?: string; header: string[]; rows: unknown[][] }> = [
    {
      title: `${r.title} (${r.startDate} a ${r.endDate})`,
      header: ['Total', 'Valor'],
      rows: Object.entries(d.totals),
    },
  ];
  if (r.type === 'financial') {
    sections.push(
      {
        title: 'Ingresos por mes',
        header: ['Mes', 'Facturado', 'Cobrado'],
        rows: d.revenueByMonth.map((m) => [m.month, m.invoiced, m.revenue]),
      },
      {
        title: 'Ingresos por cliente',
        header: ['Cliente', 'Cobrado'],
        rows: d.revenueByClient.map((c) => [c.client, c.revenue]),
      },
      {
        title: 'Facturas por estado',
        header: ['Estado', 'Cantidad', 'Total'],
        rows: d.invoicesByStatus.map((s) => [s.status, s.count, s.total]),
      },
    );
  } else {
    sections.push(
      {
        title: 'Proyectos por estado',
        header: ['Estado', 'Cantidad'],
        rows: d.projectsByStatus.map((p) => [p.status, p.count]),
      },
      {
        title: 'Proyectos por categoría',
        header: ['Categoría', 'Cantidad'],
        rows: d.projectsByCategory.map((p) => [p.category, p.count]),
      },
      { title: 'Horas registradas', header: ['Horas'], rows: [[d.hoursLogged ?? 'No disponible']] },
    );
  }
  return toCsv(sections);
}

function GenerateReportCard() {
  const generate = useGenerateReport();
  const today = new Date().toISOString().slice(0, 10);
  const form = useForm({
    initialValues: {
      type: 'financial',
      title: '',
      description: '',
      startDate: `${today.slice(0, 4)}-01-01`,
      endDate: today,
    },
  });
  const submit = form.onSubmit(async (v) => {
    const body = {
      title: v.title,
      description: v.description || null,
      startDate: v.startDate,
      endDate: v.endDate,
    };
    const errors = zodResolver(GenerateReportRequestSchema)(body as never);
    if (Object.keys(errors).length) return form.setErrors(errors);
    try {
      const report = await generate.mutateAsync({ type: v.type as ReportType, body });
      notifications.show({
        color: 'green',
        title: 'Reporte generado',
        message: report.title,
      });
      form.setFieldValue('title', '');
      form.setFieldValue('description', '');
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Error',
        message: getErrorMessage(error, 'No se pudo generar el reporte'),
      });
    }
  });
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        Generar reporte
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label="Tipo"
            data={REPORT_TYPES.map((t) => ({ value: t, label: REPORT_TYPE_LABELS[t] }))}
            allowDeselect={false}
            {...form.getInputProps('type')}
          />
          <TextInput label="Título" required {...form.getInputProps('title')} />
          <SimpleGrid cols={2}>
            <TextInput type="date" label="Desde" required {...form.getInputProps('startDate')} />
            <TextInput type="date" label="Hasta" required {...form.getInputProps('endDate')} />
          </SimpleGrid>
          <Textarea label="Descripción" autosize minRows={2} {...form.getInputProps('description')} />
          <Button type="submit" loading={generate.isPending} leftSection={<IconFileAnalytics size={16} />}>
            Generar
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

function ReportView({ report, onClose }: { report: Report | null; onClose: () => void }) {
  const d = report?.data;
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      opened={Boolean(report)}
      onClose={onClose}
      title={report?.title}
      size="lg"
    >
      {report && d && (
        <Stack>
          <Text size="sm" c="dimmed">
            {REPORT_TYPE_LABELS[report.type]} · {report.startDate} a {report.endDate}
            {report.description ? ` · ${report.description}` : ''}
          </Text>
          <Table>
            <Table.Tbody>
              {Object.entries(d.totals).map(([k, v]) => (
                <Table.Tr key={k}>
                  <Table.Td>
                    {{
                      invoiced: 'Facturado',
                      collected: 'Cobrado',
                      pending: 'Pendiente',
                      taxInvoiced: 'ITBIS facturado',
                      projects: 'Proyectos',
                      completed: 'Completados',
                      cancelled: 'Cancelados',
                    }[k] ?? k}
                  </Table.Td>
                  <Table.Td ta="right">
                    {report.type === 'financial'
                      ? new Intl.NumberFormat('es-DO', { style: 'currency', currency: d.currency }).format(v)
                      : v}
                  </Table.Td>
                </Table.Tr>
              ))}
              {report.type === 'projects' && (
                <Table.Tr>
                  <Table.Td>Horas registradas</Table.Td>
                  <Table.Td ta="right">{d.hoursLogged ?? 'No disponible'}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          {report.type === 'financial' && d.revenueByClient.length > 0 && (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Cliente</Table.Th>
                  <Table.Th ta="right">Cobrado</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.revenueByClient.map((c) => (
                  <Table.Tr key={c.clientId}>
                    <Table.Td>{c.client}</Table.Td>
                    <Table.Td ta="right">
                      {new Intl.NumberFormat('es-DO', { style: 'currency', currency: d.currency }).format(
                        c.revenue,
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group justify="flex-end">
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              onClick={() =>
                downloadCsv(`reporte-${report.startDate}-${report.endDate}.csv`, reportCsv(report))
              }
            >
              Exportar CSV
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function ReportsList() {
  const [page, setPage] = useState(1);
  const list = useReports(page);
  const remove = useDeleteReport();
  const [viewing, setViewing] = useState<Report | null>(null);
  const open = async (id: string) => {
    try {
      setViewing(await fetchReport(id));
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Error',
        message: getErrorMessage(error, 'No se pudo cargar el reporte'),
      });
    }
  };
  const reports = list.data?.reports ?? [];
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        Reportes generados
      </Title>
      {list.isLoading ? (
        <Loader aria-label="Cargando reportes" />
      ) : reports.length === 0 ? (
        <Text c="dimmed" py="md" ta="center">
          Aún no hay reportes generados
        </Text>
      ) : (
        <TableScroll label="Reportes generados" minWidth={520}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Título</Table.Th>
                <Table.Th>Tipo</Table.Th>
                <Table.Th>Período</Table.Th>
                <Table.Th w={90}>Acciones</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {reports.map((r) => (
                <Table.Tr key={r._id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {r.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatNumericDateTime(r.createdAt)}
                      {r.createdBy ? ` · ${r.createdBy}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>{REPORT_TYPE_LABELS[r.type]}</Table.Td>
                  <Table.Td>
                    {r.startDate} a {r.endDate}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon variant="subtle" aria-label={`Ver ${r.title}`} onClick={() => open(r._id)}>
                        <IconEye size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Eliminar ${r.title}`}
                        onClick={() =>
                          modals.openConfirmModal({
                            title: 'Eliminar reporte',
                            children: (
                              <Text size="sm">
                                ¿Eliminar el reporte "{r.title}"? Esta acción no se puede deshacer.
                              </Text>
                            ),
                            labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
                            confirmProps: { color: 'red' },
                            onConfirm: () =>
                              remove.mutateAsync(r._id).then(
                                () =>
                                  notifications.show({
                                    color: 'green',
                                    title: 'Reporte eliminado',
                                    message: r.title,
                                  }),
                                (error) =>
                                  notifications.show({
                                    color: 'red',
                                    title: 'Error',
                                    message: getErrorMessage(error, 'No se pudo eliminar el reporte'),
                                  }),
                              ),
                          })
                        }
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {(list.data?.pagination.total ?? 0) > 10 && (
        <Pagination
          mt="sm"
          total={Math.ceil((list.data?.pagination.total ?? 0) / 10)}
          value={page}
          onChange={setPage}
          size="sm"
        />
      )}
      <ReportView report={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}

/**
 * /reports (spec doc 2 §2 "Reports"): period select (default 6m), CSV export, four cards with
 * growth arrows, real charts (lazy) and generated financial / project reports.
 */
export function ReportsPage() {
  const [period, setPeriod] = useState<ReportPeriod>('6m');
  const q = useReportDashboard(period);
  const d = q.data;
  useEffect(() => {
    if (q.isError)
      notifications.show({
        color: 'red',
        title: 'Error',
        message: 'No se pudieron cargar los datos del reporte',
      });
  }, [q.isError]);
  const money = (v: number) =>
    new Intl.NumberFormat('es-DO', {
      style: 'currency',
      currency: d?.currency ?? 'DOP',
      maximumFractionDigits: 0,
    }).format(v);

  return (
    <>
      <PageHeader
        title="Reportes"
        description="Indicadores del negocio por período"
        actions={
          <Group gap="sm">
            <Select
              aria-label="Período"
              data={REPORT_PERIODS.map((p) => ({ value: p, label: REPORT_PERIOD_LABELS[p] }))}
              value={period}
              onChange={(v) => v && setPeriod(v as ReportPeriod)}
              allowDeselect={false}
              w={190}
            />
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              disabled={!d}
              onClick={() => d && downloadCsv(`reporte-${d.period}-${d.endDate}.csv`, dashboardCsv(d))}
            >
              Exportar CSV
            </Button>
          </Group>
        }
      />
      {q.isLoading ? (
        <Center py="xl">
          <Loader aria-label="Cargando reporte" />
        </Center>
      ) : q.isError || !d ? (
        <Alert color="red" icon={<IconAlertTriangle />} title="Error">
          No se pudieron cargar los datos del reporte
        </Alert>
      ) : (
        <Stack gap="lg">
          <StatGrid>
            <Kpi label="Ingresos totales" value={money(d.totalRevenue)} growth={d.revenueGrowth} />
            <Kpi label="Proyectos activos" value={String(d.activeProjects)} growth={d.projectsGrowth} />
            <Kpi label="Clientes activos" value={String(d.activeClients)} growth={d.clientsGrowth} />
            <Kpi
              label="Tasa de finalización"
              value={`${d.completionRate}%`}
              hint={
                <Text size="xs" c="dimmed">
                  {d.totalProjects} proyectos nuevos en el período
                </Text>
              }
            />
          </StatGrid>
          <Suspense
            fallback={
              <Center h={300}>
                <Loader aria-label="Cargando gráficos" />
              </Center>
            }
          >
            <ReportCharts data={d} />
          </Suspense>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Stack gap="lg">
                <GenerateReportCard />
                <DgiiReportsCard />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <ReportsList />
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </>
  );
}
