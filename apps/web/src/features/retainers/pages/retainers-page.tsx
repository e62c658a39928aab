import { RECURRING_FREQUENCY_LABELS, RECURRING_STATUS_LABELS, type RecurringInvoice } from '@agencia/shared';
import { Anchor, Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { TableScroll } from '../../../components/ui/table-scroll';
import { getErrorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import {
  useRecurringInvoices,
  useRunRecurringInvoice,
  useUpdateRecurringInvoice,
} from '../api/recurring-invoices';
import { RetainerAmount } from '../components/retainer-amount';
import { RetainerFormModal } from '../components/retainer-form-modal';

const statusOf = (r: RecurringInvoice) => (r.finished ? 'finished' : r.status);
const STATUS_COLORS = { active: 'green', paused: 'yellow', finished: 'gray' } as const;

/** /billing/retainers (admin, decision 111): list, create, edit, pause/resume and "Generar ahora". */
export function RetainersPage() {
  useDateDisplay();
  const list = useRecurringInvoices();
  const run = useRunRecurringInvoice();
  const update = useUpdateRecurringInvoice();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<RecurringInvoice | null>(null);
  const [creating, setCreating] = useState(false);

  const generate = async (r: RecurringInvoice) => {
    try {
      const result = await run.mutateAsync(r._id);
      if (result.sendError) toastError('La factura quedó en borrador', result.sendError);
      else
        toastSuccess(
          result.created ? 'Factura generada' : 'La factura de este periodo ya existe',
          result.invoice.invoiceNumber,
        );
      navigate(`/billing/${result.invoice._id}`);
    } catch (err) {
      toastError('No se pudo generar la factura', getErrorMessage(err, 'Inténtalo de nuevo'));
    }
  };

  const toggle = async (r: RecurringInvoice) => {
    try {
      await update.mutateAsync({ id: r._id, input: { status: r.status === 'active' ? 'paused' : 'active' } });
      toastSuccess(r.status === 'active' ? 'Iguala en pausa' : 'Iguala reanudada');
    } catch (err) {
      toastError('No se pudo cambiar la iguala', getErrorMessage(err, 'Inténtalo de nuevo'));
    }
  };

  const rows = list.data ?? [];
  return (
    <>
      <PageHeader
        title="Igualas"
        description="Facturas recurrentes: cada periodo se genera su factura automáticamente."
        actions={
          <Group>
            <Button
              component={Link}
              to="/billing"
              variant="default"
              leftSection={<IconArrowLeft size={18} />}
            >
              Facturación
            </Button>
            <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
              Nueva iguala
            </Button>
          </Group>
        }
      />
      <Paper withBorder p="md">
        {list.isLoading ? (
          <Text c="dimmed">Cargando…</Text>
        ) : rows.length === 0 ? (
          <Text c="dimmed">Aún no hay igualas. Crea la primera con «Nueva iguala».</Text>
        ) : (
          <TableScroll label="Igualas" minWidth={800}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Cliente</Table.Th>
                  <Table.Th>Frecuencia</Table.Th>
                  <Table.Th>Monto</Table.Th>
                  <Table.Th>Próxima factura</Table.Th>
                  <Table.Th>Última factura</Table.Th>
                  <Table.Th>Estado</Table.Th>
                  <Table.Th>Acciones</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r._id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {r.client.name}
                      </Text>
                      {r.project && (
                        <Text size="xs" c="dimmed">
                          {r.project.title}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {RECURRING_FREQUENCY_LABELS[r.frequency]} · día {r.dayOfMonth}
                      {r.autoSend && (
                        <Text size="xs" c="dimmed">
                          Envío automático
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td data-amount>
                      <RetainerAmount retainer={r} />
                    </Table.Td>
                    <Table.Td>{r.nextInvoiceDate ? formatDate(r.nextInvoiceDate) : '—'}</Table.Td>
                    <Table.Td>
                      {r.lastInvoice ? (
                        <Anchor component={Link} to={`/billing/${r.lastInvoice._id}`} size="sm">
                          {r.lastInvoice.invoiceNumber}
                        </Anchor>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[statusOf(r)]} variant="light">
                        {RECURRING_STATUS_LABELS[statusOf(r)]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          onClick={() => generate(r)}
                          loading={run.isPending && run.variables === r._id}
                        >
                          Generar ahora
                        </Button>
                        <Button size="xs" variant="default" onClick={() => setEditing(r)}>
                          Editar
                        </Button>
                        {!r.finished && (
                          <Button size="xs" variant="default" onClick={() => toggle(r)}>
                            {r.status === 'active' ? 'Pausar' : 'Reanudar'}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Paper>
      <RetainerFormModal opened={creating} retainer={null} onClose={() => setCreating(false)} />
      <RetainerFormModal opened={Boolean(editing)} retainer={editing} onClose={() => setEditing(null)} />
    </>
  );
}
