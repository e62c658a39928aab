import {
  AcceptQuoteBodySchema,
  type AcceptQuoteResponse,
  type Quote,
  RejectQuoteBodySchema,
} from '@agencia/shared';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Checkbox,
  Divider,
  Grid,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCheck,
  IconDownload,
  IconPencil,
  IconSend,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ShareDocumentActions } from '../../../components/share/share-document-actions';
import { TableScroll } from '../../../components/ui/table-scroll';
import { getErrorMessage, getErrorStatus } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useSessionStore } from '../../../stores/session-store';
import { formatDate, formatDateTime, formatMoney } from '../../billing-shared/components/format';
import { downloadQuotePdf, useAcceptQuote, useQuote, useRejectQuote, useSendQuote } from '../api/quotes';
import { QuoteFormModal } from '../components/quote-form-modal';
import { QuoteStatusBadge } from '../components/quote-status-badge';

/** The status timeline: created, sent, then accepted / rejected / expired (decision 114). */
function QuoteTimeline({ quote }: { quote: Quote }) {
  useDateDisplay();
  const steps: Array<{ title: string; at: string | null; note?: string }> = [
    { title: 'Creada', at: quote.createdAt },
    { title: 'Enviada al cliente', at: quote.sentAt },
  ];
  if (quote.acceptedAt)
    steps.push({
      title: 'Aceptada',
      at: quote.acceptedAt,
      note: `Firmada por ${quote.signedName ?? '—'}${quote.acceptedIp ? ` · IP ${quote.acceptedIp}` : ''}`,
    });
  if (quote.rejectedAt)
    steps.push({ title: 'Rechazada', at: quote.rejectedAt, note: quote.rejectionReason ?? undefined });
  if (quote.status === 'expired')
    steps.push({
      title: 'Vencida',
      at: quote.expiredAt,
      note: `Válida hasta el ${formatDate(quote.validUntil)}`,
    });
  const done = steps.filter((s) => s.at).length;
  return (
    <Timeline bulletSize={14} lineWidth={2} active={done - 1}>
      {steps.map((s) => (
        <Timeline.Item key={s.title} title={s.title}>
          <Text size="xs" c="dimmed">
            {s.at ? formatDateTime(s.at) : 'Pendiente'}
          </Text>
          {s.note && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {s.note}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** "Aceptar": typed full name + agreement box; the server stores name, IP and time. */
function AcceptModal(props: {
  quote: Quote;
  opened: boolean;
  onClose: () => void;
  onAccepted: (r: AcceptQuoteResponse) => void;
}) {
  const accept = useAcceptQuote();
  const form = useForm({
    mode: 'controlled',
    initialValues: { signedName: '', agree: false },
    validate: zodResolver(AcceptQuoteBodySchema),
  });
  const total = formatMoney(props.quote.total, props.quote.currency);
  const submit = form.onSubmit(async (values) => {
    try {
      const result = await accept.mutateAsync({
        id: props.quote._id,
        body: { signedName: values.signedName, agree: true },
      });
      toastSuccess('Cotización aceptada', 'Gracias. Te enviaremos la factura por correo.');
      props.onAccepted(result);
      props.onClose();
    } catch (error) {
      toastError('No se pudo aceptar la cotización', getErrorMessage(error, 'Inténtalo de nuevo'));
    }
  });
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={`Aceptar la cotización ${props.quote.quoteNumber}`}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            Al aceptar, la agencia preparará la factura por {total}
            {props.quote.advancePercent ? ` (anticipo del ${props.quote.advancePercent} % y saldo)` : ''}.
          </Text>
          <TextInput
            label="Nombre completo"
            required
            autoComplete="name"
            {...form.getInputProps('signedName')}
          />
          <Checkbox
            label={`Acepto la cotización ${props.quote.quoteNumber} por ${total} y sus condiciones`}
            {...form.getInputProps('agree', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={accept.isPending}>
              Aceptar cotización
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** "Rechazar": the reason is required. */
function RejectModal(props: { quote: Quote; opened: boolean; onClose: () => void }) {
  const reject = useRejectQuote();
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: zodResolver(RejectQuoteBodySchema),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await reject.mutateAsync({ id: props.quote._id, body: values });
      toastSuccess('Cotización rechazada', 'Le avisamos a la agencia.');
      props.onClose();
    } catch (error) {
      toastError('No se pudo rechazar la cotización', getErrorMessage(error, 'Inténtalo de nuevo'));
    }
  });
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={`Rechazar la cotización ${props.quote.quoteNumber}`}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Textarea
            label="Motivo del rechazo"
            required
            autosize
            minRows={3}
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancelar
            </Button>
            <Button type="submit" color="red" loading={reject.isPending}>
              Rechazar cotización
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * /billing/quotes/{id} (decision 114). Admin: edit (drafts), send, PDF, the invoices and project
 * created on acceptance. Client: review, download, accept (name + box) or reject (reason).
 */
export function QuoteDetailPage() {
  useDateDisplay();
  const { id } = useParams();
  const role = useSessionStore((s) => s.user?.role);
  const canManage = role === 'admin';
  const isClient = role === 'client';
  const query = useQuote(id);
  const send = useSendQuote();
  const [editing, setEditing] = useState(false);
  const [accepting, setAccepting] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [accepted, setAccepted] = useState<AcceptQuoteResponse | null>(null);

  const back = (
    <Button
      variant="subtle"
      leftSection={<IconArrowLeft size={16} />}
      component={Link}
      to="/billing/quotes"
      w="fit-content"
      px={0}
    >
      {isClient ? 'Volver a Mis cotizaciones' : 'Volver a Cotizaciones'}
    </Button>
  );
  if (query.isLoading)
    return (
      <Center mih="50vh">
        <Loader aria-label="Cargando cotización" />
      </Center>
    );
  if (query.isError || !query.data) {
    const missing = getErrorStatus(query.error) === 404 || getErrorStatus(query.error) === 400;
    return (
      <Stack>
        {back}
        <Alert
          color="red"
          icon={<IconAlertTriangle />}
          title={missing ? 'Cotización no encontrada' : 'Error'}
        >
          {missing
            ? 'La cotización no existe o no tienes permiso para verla.'
            : getErrorMessage(query.error, 'No se pudo cargar la cotización')}
        </Alert>
      </Stack>
    );
  }
  const q = query.data;
  const money = (n: number) => formatMoney(n, q.currency);
  const doSend = async () => {
    try {
      await send.mutateAsync(q._id);
      toastSuccess('Cotización enviada', `Se envió a ${q.client.email}`);
    } catch (error) {
      toastError('No se pudo enviar la cotización', getErrorMessage(error, 'Inténtalo de nuevo'));
    }
  };
  const download = () =>
    downloadQuotePdf(q._id, q.quoteNumber).catch((error: unknown) =>
      toastError('No se pudo descargar el PDF', getErrorMessage(error, 'Inténtalo de nuevo')),
    );
  const invoiceLinks = [q.invoice, q.balanceInvoice].filter((i): i is NonNullable<typeof i> => Boolean(i));

  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} size="h2">
              Cotización {q.quoteNumber}
            </Title>
            <QuoteStatusBadge status={q.status} />
          </Group>
          <Text c="dimmed" size="sm">
            {q.client.name} · válida hasta el {formatDate(q.validUntil)}
          </Text>
        </Stack>
        <Group gap="sm">
          {canManage && q.status === 'draft' && (
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
              Editar
            </Button>
          )}
          {canManage && (q.status === 'draft' || q.status === 'sent') && (
            <Button leftSection={<IconSend size={16} />} onClick={doSend} loading={send.isPending}>
              {q.status === 'draft' ? 'Enviar' : 'Reenviar'}
            </Button>
          )}
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={download}>
            Descargar PDF
          </Button>
          {!isClient && q.status !== 'draft' && <ShareDocumentActions type="quote" id={q._id} />}
        </Group>
      </Group>

      {isClient && q.status === 'sent' && (
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" gap="sm">
            <Text>¿Deseas aceptar esta cotización por {money(q.total)}?</Text>
            <Group gap="sm">
              <Button
                color="red"
                variant="default"
                leftSection={<IconX size={16} />}
                onClick={() => setRejecting(true)}
              >
                Rechazar
              </Button>
              <Button leftSection={<IconCheck size={16} />} onClick={() => setAccepting(true)}>
                Aceptar
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      {isClient && q.status === 'expired' && (
        <Alert color="orange" title="Cotización vencida">
          Esta cotización venció el {formatDate(q.validUntil)} y ya no se puede aceptar. Pide a la agencia una
          actualizada.
        </Alert>
      )}
      {q.status === 'accepted' && (
        <Alert color="green" icon={<IconCheck />} title="Cotización aceptada" role="status">
          <Stack gap={4}>
            {invoiceLinks.map((inv) =>
              isClient ? (
                // The client's words: what happens next, not the agency's draft/issue workflow.
                inv.status === 'draft' ? (
                  inv === invoiceLinks.find((d) => d.status === 'draft') && (
                    <Text size="sm" key={inv._id}>
                      Gracias. Estamos preparando tu factura: te la enviaremos por correo y también la verás
                      en{' '}
                      <Anchor component={Link} to="/billing">
                        Mis Facturas
                      </Anchor>
                      .
                    </Text>
                  )
                ) : (
                  <Text size="sm" key={inv._id}>
                    Tu factura ya está lista:{' '}
                    <Anchor component={Link} to={`/billing/${inv._id}`}>
                      {inv.invoiceNumber}
                    </Anchor>
                  </Text>
                )
              ) : (
                <Text size="sm" key={inv._id}>
                  Factura generada:{' '}
                  <Anchor component={Link} to={`/billing/${inv._id}`}>
                    {inv.invoiceNumber}
                  </Anchor>{' '}
                  ({inv.status === 'draft' ? 'borrador' : inv.status})
                </Text>
              ),
            )}
            {q.createdProject && (
              <Text size="sm">
                Proyecto:{' '}
                <Anchor component={Link} to={`/projects/${q.createdProject._id}`}>
                  {q.createdProject.title}
                </Anchor>
              </Text>
            )}
            {accepted && !invoiceLinks.length && (
              <Text size="sm">Factura {accepted.invoice.invoiceNumber}</Text>
            )}
          </Stack>
        </Alert>
      )}
      {q.status === 'rejected' && (
        <Alert color="red" title="Cotización rechazada">
          {q.rejectionReason}
        </Alert>
      )}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="md" radius="md">
            {/* The unit price column hides on phones; at 320 px the amounts may still need more room
                than there is: the table then scrolls in its own named region (decision 112). */}
            <TableScroll label="Partidas de la cotización" minWidth={300}>
              <Table verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Descripción</Table.Th>
                    <Table.Th ta="right">Cant.</Table.Th>
                    <Table.Th ta="right" visibleFrom="sm">
                      Precio
                    </Table.Th>
                    <Table.Th ta="right">Total</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {q.items.map((it) => (
                    <Table.Tr key={it._id}>
                      <Table.Td>
                        <Text size="sm">
                          {it.description}
                          {it.taxExempt ? ' (exento de ITBIS)' : ''}
                        </Text>
                        {it.details && (
                          <Text size="xs" c="dimmed">
                            {it.details}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{it.quantity}</Table.Td>
                      <Table.Td ta="right" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                        {money(it.unitPrice)}
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {money(it.total)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
            <Stack gap={4} mt="md" ml="auto" maw={320}>
              <Group justify="space-between">
                <Text c="dimmed">Subtotal</Text>
                <Text>{money(q.subtotal)}</Text>
              </Group>
              {q.discountAmount > 0 && (
                <Group justify="space-between">
                  <Text c="dimmed">Descuento</Text>
                  <Text>− {money(q.discountAmount)}</Text>
                </Group>
              )}
              <Group justify="space-between">
                <Text c="dimmed">ITBIS ({q.taxRate}&nbsp;%)</Text>
                <Text>{money(q.taxAmount)}</Text>
              </Group>
              <Divider />
              <Group justify="space-between">
                <Text fw={700}>Total</Text>
                <Text fw={700} data-testid="quote-total">
                  {money(q.total)}
                </Text>
              </Group>
            </Stack>
            {q.notes && (
              <>
                <Divider my="md" />
                <Text size="sm" fw={600}>
                  Notas
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {q.notes}
                </Text>
              </>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h4" mb="sm">
              Historial
            </Title>
            <QuoteTimeline quote={q} />
            {(q.advancePercent || q.createProject) && (
              <>
                <Divider my="md" />
                {q.advancePercent && (
                  <Text size="sm">Anticipo al aceptar: {q.advancePercent}&nbsp;% (y factura del saldo)</Text>
                )}
                {q.createProject && (
                  <Text size="sm">Al aceptarla se crea un proyecto con los ítems como hitos.</Text>
                )}
              </>
            )}
          </Paper>
        </Grid.Col>
      </Grid>

      {canManage && <QuoteFormModal opened={editing} onClose={() => setEditing(false)} quote={q} />}
      {isClient && (
        <>
          <AcceptModal
            quote={q}
            opened={accepting}
            onClose={() => setAccepting(false)}
            onAccepted={setAccepted}
          />
          <RejectModal quote={q} opened={rejecting} onClose={() => setRejecting(false)} />
        </>
      )}
    </Stack>
  );
}
