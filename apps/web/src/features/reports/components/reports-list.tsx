import { REPORT_TYPE_LABELS, type Report } from '@agencia/shared';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Pagination,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDownload, IconEye, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { TableScroll } from '../../../components/ui/table-scroll';
import { getErrorMessage } from '../../../lib/api-client';
import { formatNumericDateTime } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { fetchReport, useDeleteReport, useReports } from '../api/reports';
import { downloadCsv } from './csv';
import { reportCsv } from './report-csv';

/** A generated report in a modal: its totals, revenue by client and its CSV export. */
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

/** "Reportes generados": one page of the generated reports, to view (modal) or delete. */
export function ReportsList() {
  useDateDisplay();
  const [page, setPage] = useState(1);
  const list = useReports(page);
  const remove = useDeleteReport();
  const [viewing, setViewing] = useState<Report | null>(null);
  const open = async (id: string) => {
    try {
      setViewing(await fetchReport(id));
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo cargar el reporte'));
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
                                () => toastSuccess('Reporte eliminado', r.title),
                                (error) =>
                                  toastError(
                                    'Error',
                                    getErrorMessage(error, 'No se pudo eliminar el reporte'),
                                  ),
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
