import { formatMoney, INVOICE_STATUS_COLORS, INVOICE_STATUS_LABELS } from '@agencia/shared';
import { Anchor, Badge, Loader, Progress, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPagination } from '../../../components/ui/list-pagination';
import { TableScroll } from '../../../components/ui/table-scroll';
import { useDateDisplay } from '../../../stores/display-store';
import { useClientInvoices, useClientProjects, useClientTickets } from '../api/clients';
import { fmtDate } from './client-dates';
import { Empty } from './client-detail-parts';

/** The client detail's "Proyectos" tab: one page of its projects. */
export function ClientProjectsTab({ id, currency }: { id: string; currency: string }) {
  useDateDisplay();
  const [page, setPage] = useState(1);
  const q = useClientProjects(id, page);
  if (q.isLoading) return <Loader aria-label="Cargando proyectos" />;
  if (!q.data?.projects.length) return <Empty text="Este cliente no tiene proyectos" />;
  return (
    <>
      <TableScroll label="Proyectos del cliente" minWidth={640}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Proyecto</Table.Th>
              <Table.Th>Estado</Table.Th>
              <Table.Th>Inicio</Table.Th>
              <Table.Th>Fin</Table.Th>
              <Table.Th ta="right">Presupuesto</Table.Th>
              <Table.Th w={140}>Progreso</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data.projects.map((p) => (
              <Table.Tr key={p._id}>
                <Table.Td>
                  <Anchor component={Link} to={`/projects/${p._id}`}>
                    {p.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light">{p.status}</Badge>
                </Table.Td>
                <Table.Td>{fmtDate(p.startDate)}</Table.Td>
                <Table.Td>{fmtDate(p.endDate)}</Table.Td>
                <Table.Td ta="right">
                  {p.budget === null ? 'Sin presupuesto' : formatMoney(p.budget, currency)}
                </Table.Td>
                <Table.Td>
                  <Progress.Root>
                    <Progress.Section value={p.progress} aria-label={`Progreso ${p.progress}%`} />
                  </Progress.Root>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <ListPagination
        pagination={q.data?.pagination}
        noun="proyectos"
        singular="proyecto"
        onChange={setPage}
      />
    </>
  );
}

/** The client detail's "Tickets" tab: one page of its tickets. */
export function ClientTicketsTab({ id }: { id: string }) {
  useDateDisplay();
  const [page, setPage] = useState(1);
  const q = useClientTickets(id, page);
  if (q.isLoading) return <Loader aria-label="Cargando tickets" />;
  if (!q.data?.tickets.length) return <Empty text="Este cliente no tiene tickets" />;
  return (
    <>
      <TableScroll label="Tickets del cliente" minWidth={560}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Ticket</Table.Th>
              <Table.Th>Estado</Table.Th>
              <Table.Th>Prioridad</Table.Th>
              <Table.Th>Proyecto</Table.Th>
              <Table.Th>Creado</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data.tickets.map((t) => (
              <Table.Tr key={t._id}>
                <Table.Td>
                  <Anchor component={Link} to={`/tickets/${t._id}`}>
                    {t.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>{t.status}</Table.Td>
                <Table.Td>{t.priority}</Table.Td>
                <Table.Td>{t.project ?? '—'}</Table.Td>
                <Table.Td>{fmtDate(t.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <ListPagination pagination={q.data?.pagination} noun="tickets" singular="ticket" onChange={setPage} />
    </>
  );
}

/** The client detail's "Facturación" tab: one page of its invoices. */
export function ClientBillingTab({ id }: { id: string }) {
  useDateDisplay();
  const [page, setPage] = useState(1);
  const q = useClientInvoices(id, page);
  if (q.isLoading) return <Loader aria-label="Cargando facturas" />;
  const invoices = q.data?.invoices ?? [];
  if (!invoices.length) return <Empty text="No hay facturas" />;
  return (
    <>
      <TableScroll label="Facturas del cliente" minWidth={620}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Factura</Table.Th>
              <Table.Th ta="right">Monto</Table.Th>
              <Table.Th>Estado</Table.Th>
              <Table.Th>Emisión</Table.Th>
              <Table.Th>Vencimiento</Table.Th>
              <Table.Th>Pagada</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoices.map((inv) => (
              <Table.Tr key={inv._id}>
                <Table.Td>
                  <Anchor component={Link} to={`/billing/${inv._id}`}>
                    {inv.invoiceNumber}
                  </Anchor>
                  {inv.project && (
                    <Text size="xs" c="dimmed">
                      {inv.project.title}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" data-amount>
                  {formatMoney(inv.total, inv.currency)}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={INVOICE_STATUS_COLORS[inv.status]}>
                    {INVOICE_STATUS_LABELS[inv.status]}
                  </Badge>
                </Table.Td>
                <Table.Td>{fmtDate(inv.issueDate)}</Table.Td>
                <Table.Td>{fmtDate(inv.dueDate)}</Table.Td>
                <Table.Td>{fmtDate(inv.paidDate)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <ListPagination pagination={q.data?.pagination} noun="facturas" singular="factura" onChange={setPage} />
    </>
  );
}
