import {
  BUSINESS_TIME_ZONE,
  CREDIT_NOTE_MODIFICATION_LABELS,
  type CreditNote,
  type CreditNoteModificationCode,
  FISCAL_DOCUMENT_TYPE_LABELS,
  formatTaxId,
  fromCents,
  INVOICE_EVENT_LABELS,
  INVOICE_STATUS_LABELS,
  invoiceAwaitsPayment,
  isElectronicType,
  PAYMENT_METHOD_LABELS,
  taxIdLabel,
  toCents,
} from '@agencia/shared';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Divider,
  Grid,
  Group,
  Loader,
  Menu,
  Paper,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconBellRinging,
  IconCash,
  IconChevronDown,
  IconCopy,
  IconDownload,
  IconFileInvoice,
  IconPencil,
  IconReceiptRefund,
  IconSend,
  IconSignature,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PaymentInstructionsCard } from '../../../components/payment-instructions-card';
import { ShareDocumentActions } from '../../../components/share/share-document-actions';
import { TableScroll } from '../../../components/ui/table-scroll';
import { getErrorMessage, getErrorStatus } from '../../../lib/api-client';
import { useSessionStore } from '../../../stores/session-store';
import { downloadCreditNotePdf, useInvoice } from '../api/invoices';
import { CreditNoteModal } from '../components/credit-note-modal';
import { EcfSignatureModal } from '../components/ecf-signature-modal';
import { formatDate, formatDateTime, formatMoney } from '../components/format';
import { InvoiceFormModal } from '../components/invoice-form-modal';
import { CancelLockedItem } from '../components/invoice-row-menu';
import { creditedCentsOf, invoiceActionRules } from '../components/invoice-rules';
import { InvoiceStatusBadge } from '../components/invoice-status-badge';
import { PayInvoiceModal } from '../components/pay-invoice-modal';
import { useInvoiceActions } from '../components/use-invoice-actions';

/** `3 · Corrige montos del NCF modificado` (DGII CodigoModificacion). */
const modificationLabel = (code: number) =>
  `${code} · ${CREDIT_NOTE_MODIFICATION_LABELS[code as CreditNoteModificationCode] ?? ''}`;

function Row({ label, children }: { label: string; children: ReactNode }) {
  // Wraps: with text at 200 % a long value moves under its label instead of being cut by the
  // card (WCAG 1.4.4, decision 112); `ml="auto"` keeps it on the right either way.
  return (
    <Group justify="space-between" wrap="wrap" gap="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right" component="div" ml="auto" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** Date (YYYY-MM-DD) of the most recent payment; payments are listed in any order. */
export function lastPaymentDate(payments: ReadonlyArray<{ paidDate: string }>): string | null {
  return payments.reduce<string | null>(
    (latest, p) => (latest && latest >= p.paidDate ? latest : p.paidDate),
    null,
  );
}

/**
 * /billing/{id} and /invoice/{id} (spec doc 2 §2 "Invoice detail") on real data: download,
 * send (drafts), edit/resend, record payments; 'Factura no encontrada' when missing.
 */
export function InvoiceDetailPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const role = useSessionStore((s) => s.user?.role);
  const canManage = role === 'admin';
  const query = useInvoice(id);
  const actions = useInvoiceActions();
  const notFound = getErrorStatus(query.error) === 404 || getErrorStatus(query.error) === 400;

  useEffect(() => {
    if (query.isError)
      notifications.show({
        color: 'red',
        title: 'Error',
        message: 'No se pudo cargar la factura',
      });
  }, [query.isError]);

  const back = (
    <Button
      variant="subtle"
      leftSection={<IconArrowLeft size={16} />}
      component={Link}
      to="/billing"
      w="fit-content"
      px={0}
    >
      {role === 'client' ? 'Volver a Mis Facturas' : 'Volver a Facturación'}
    </Button>
  );

  if (query.isLoading)
    return (
      <Center mih="50vh">
        <Loader aria-label="Cargando factura" />
      </Center>
    );
  if (query.isError || !query.data)
    return (
      <Stack>
        {back}
        <Alert color="red" icon={<IconAlertTriangle />} title={notFound ? 'Factura no encontrada' : 'Error'}>
          {notFound
            ? 'La factura no existe o no tienes permiso para verla.'
            : getErrorMessage(query.error, 'No se pudo cargar la factura')}
        </Alert>
      </Stack>
    );

  const inv = query.data;
  const { isDraft, payable, fiscal, creditable, cancellable, cancelLocked } = invoiceActionRules(inv);
  const electronic = inv.documentType ? isElectronicType(inv.documentType) : false;
  const ncfLabel = electronic ? 'e-NCF' : 'NCF';
  const clientName = inv.client.company ?? `${inv.client.firstName} ${inv.client.lastName}`;
  // All the notes (amountCredited is only what they took off the balance) and what goes back to the client.
  const notesCents = creditedCentsOf(inv);
  const refundCents = inv.creditNotes.reduce((a, n) => a + toCents(n.refundAmount), 0);
  const downloadNote = (n: CreditNote) =>
    downloadCreditNotePdf(inv._id, n).catch((error: unknown) =>
      notifications.show({
        color: 'red',
        title: 'Error',
        message: getErrorMessage(error, 'No se pudo descargar el PDF'),
      }),
    );

  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} size="h2">
              Factura {inv.invoiceNumber}
            </Title>
            <InvoiceStatusBadge status={inv.status} />
          </Group>
          <Text size="sm" fw={600} data-testid="invoice-ncf">
            {inv.ncf
              ? `${ncfLabel} ${inv.ncf}`
              : inv.documentType
                ? `${inv.documentType} · el NCF se asigna al emitir`
                : 'Sin comprobante fiscal'}
          </Text>
          <Text c="dimmed">
            {clientName} · {formatMoney(inv.total, inv.currency)}
            {inv.isOverdue && (
              <Text span c="red" fw={600}>
                {' '}
                · {inv.daysOverdue} {inv.daysOverdue === 1 ? 'día' : 'días'} vencida
              </Text>
            )}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => actions.download(inv)}
          >
            Descargar PDF
          </Button>
          {canManage && isDraft && (
            <Button
              variant="light"
              leftSection={<IconFileInvoice size={16} />}
              loading={actions.busy}
              onClick={() => actions.issue(inv)}
            >
              Emitir
            </Button>
          )}
          {canManage && isDraft && (
            <Tooltip
              label="Emite la factura (le asigna su NCF) y la envía por email al cliente"
              multiline
              w={260}
            >
              <Button
                leftSection={<IconSend size={16} />}
                loading={actions.busy}
                onClick={() => actions.send(inv)}
              >
                Enviar
              </Button>
            </Tooltip>
          )}
          {role !== 'client' && !isDraft && inv.status !== 'cancelled' && (
            <ShareDocumentActions type="invoice" id={inv._id} />
          )}
          {canManage && payable && (
            <Button color="green" leftSection={<IconCash size={16} />} onClick={() => actions.setPaying(inv)}>
              Registrar pago
            </Button>
          )}
          {canManage && (
            <Menu position="bottom-end" shadow="md">
              <Menu.Target>
                <Button variant="default" rightSection={<IconChevronDown size={16} />}>
                  Más acciones
                </Button>
              </Menu.Target>
              <Menu.Dropdown maw={320}>
                {isDraft && (
                  <Menu.Item
                    leftSection={<IconPencil size={16} />}
                    onClick={() => actions.setEditing(inv._id)}
                  >
                    Editar
                  </Menu.Item>
                )}
                {payable && (
                  <Menu.Item leftSection={<IconSend size={16} />} onClick={() => actions.send(inv)}>
                    Reenviar por email
                  </Menu.Item>
                )}
                {payable && (
                  <Menu.Item leftSection={<IconBellRinging size={16} />} onClick={() => actions.remind(inv)}>
                    Enviar recordatorio de pago
                  </Menu.Item>
                )}
                {creditable && (
                  <Menu.Item
                    leftSection={<IconReceiptRefund size={16} />}
                    onClick={() => actions.setCrediting(inv)}
                  >
                    Nota de crédito
                  </Menu.Item>
                )}
                {fiscal && electronic && canManage && (
                  <Menu.Item
                    leftSection={<IconSignature size={16} />}
                    onClick={() => actions.setSigning(inv)}
                  >
                    Registrar e-CF firmado
                  </Menu.Item>
                )}
                <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => actions.duplicate(inv)}>
                  Duplicar
                </Menu.Item>
                {cancellable && (
                  <Menu.Item
                    leftSection={<IconX size={16} />}
                    color="orange"
                    onClick={() => actions.cancel(inv)}
                  >
                    Cancelar factura
                  </Menu.Item>
                )}
                {cancelLocked && <CancelLockedItem />}
                {isDraft && (
                  <Menu.Item
                    leftSection={<IconTrash size={16} />}
                    color="red"
                    onClick={() => actions.remove(inv, () => navigate('/billing'))}
                  >
                    Eliminar
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Card withBorder radius="md" aria-label="Comprobante fiscal" component="section">
              <Title order={2} size="h4" mb="xs">
                Comprobante fiscal
              </Title>
              <Grid>
                {[
                  [
                    'Tipo',
                    inv.documentType
                      ? `${inv.documentType} · ${FISCAL_DOCUMENT_TYPE_LABELS[inv.documentType]}`
                      : 'Sin tipo (factura anterior)',
                  ],
                  [ncfLabel, inv.ncf ?? 'Se asigna al emitir'],
                  ['Válido hasta', formatDate(inv.ncfExpiresOn)],
                  ...(electronic
                    ? [
                        ['Código de seguridad', inv.securityCode ?? 'Pendiente'],
                        // Entered in the agency's time (the e-CF provider's), shown the same way.
                        [
                          'Fecha de firma',
                          inv.signedAt ? formatDateTime(inv.signedAt, BUSINESS_TIME_ZONE) : '—',
                        ],
                      ]
                    : []),
                ].map(([label, value]) => (
                  <Grid.Col key={label} span={{ base: 6, sm: 4 }}>
                    <Text size="xs" c="dimmed">
                      {label}
                    </Text>
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {value}
                    </Text>
                  </Grid.Col>
                ))}
              </Grid>
            </Card>

            <Card withBorder radius="md">
              <Grid>
                {[
                  ['Fecha de emisión', formatDate(inv.issueDate)],
                  ['Fecha de vencimiento', formatDate(inv.dueDate)],
                  ['Proyecto', inv.project?.title ?? 'Sin proyecto'],
                  ['Método de pago', inv.paymentMethod ? PAYMENT_METHOD_LABELS[inv.paymentMethod] : '—'],
                ].map(([label, value]) => (
                  <Grid.Col key={label} span={{ base: 6, sm: 3 }}>
                    <Text size="xs" c="dimmed">
                      {label}
                    </Text>
                    {/* Long words ("Transferencia bancaria") hyphenate with the text at 200 %. */}
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere', hyphens: 'auto' }}>
                      {value}
                    </Text>
                  </Grid.Col>
                ))}
              </Grid>
            </Card>

            <Card withBorder radius="md">
              <Title order={2} size="h4" mb="sm">
                Ítems
              </Title>
              <Stack gap={0} hiddenFrom="sm" aria-label="Ítems de la factura">
                {inv.items.map((item, i) => (
                  <Stack
                    key={item._id}
                    gap={2}
                    py="xs"
                    style={i > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
                  >
                    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                      <Text size="sm" fw={500} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                        {item.description}
                      </Text>
                      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(item.total, inv.currency)}
                      </Text>
                    </Group>
                    {item.details && (
                      <Text size="xs" c="dimmed">
                        {item.details}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {item.quantity} × {formatMoney(item.unitPrice, inv.currency)}
                      {item.taxExempt ? ' · exento de ITBIS' : ''}
                    </Text>
                  </Stack>
                ))}
              </Stack>
              <TableScroll label="Conceptos de la factura" minWidth={520} visibleFrom="sm">
                <Table verticalSpacing="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Descripción</Table.Th>
                      <Table.Th ta="right">Cantidad</Table.Th>
                      <Table.Th ta="right">Precio unitario</Table.Th>
                      <Table.Th ta="right">Total</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {inv.items.map((item) => (
                      <Table.Tr key={item._id}>
                        <Table.Td>
                          <Text size="sm">
                            {item.description}
                            {item.taxExempt && (
                              <Text span size="xs" c="dimmed">
                                {' '}
                                (exento de ITBIS)
                              </Text>
                            )}
                          </Text>
                          {item.details && (
                            <Text size="xs" c="dimmed">
                              {item.details}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td ta="right">{item.quantity}</Table.Td>
                        <Table.Td ta="right">{formatMoney(item.unitPrice, inv.currency)}</Table.Td>
                        <Table.Td ta="right">{formatMoney(item.total, inv.currency)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScroll>
              <Stack gap={6} mt="md" ml="auto" maw={320} w="100%">
                <Row label="Subtotal">{formatMoney(inv.subtotal, inv.currency)}</Row>
                {inv.discountAmount > 0 && (
                  <Row label="Descuento">− {formatMoney(inv.discountAmount, inv.currency)}</Row>
                )}
                {inv.exemptSubtotal > 0 && (
                  <Row label="Subtotal exento">{formatMoney(inv.exemptSubtotal, inv.currency)}</Row>
                )}
                <Row label="Base imponible ITBIS">{formatMoney(inv.taxableBase, inv.currency)}</Row>
                <Row label={`ITBIS (${inv.taxRate}\u00a0%)`}>{formatMoney(inv.taxAmount, inv.currency)}</Row>
                <Divider />
                <Group justify="space-between">
                  <Text fw={700}>Total</Text>
                  <Text fw={700}>{formatMoney(inv.total, inv.currency)}</Text>
                </Group>
                {inv.amountPaid > 0 && <Row label="Pagado">{formatMoney(inv.amountPaid, inv.currency)}</Row>}
                {inv.amountWithheld > 0 && (
                  <Row label="Retenciones (ITBIS e ISR)">{formatMoney(inv.amountWithheld, inv.currency)}</Row>
                )}
                {notesCents > 0 && (
                  <Row label="Notas de crédito">− {formatMoney(fromCents(notesCents), inv.currency)}</Row>
                )}
                {refundCents > 0 && (
                  <Row label="Reembolso al cliente">{formatMoney(fromCents(refundCents), inv.currency)}</Row>
                )}
                {inv.amountPaid + inv.amountWithheld + notesCents > 0 && (
                  <Group justify="space-between">
                    <Text fw={700}>Saldo pendiente</Text>
                    <Text fw={700}>{formatMoney(inv.balance, inv.currency)}</Text>
                  </Group>
                )}
              </Stack>
              {inv.notes && (
                <>
                  <Divider my="md" />
                  <Text size="sm" fw={600}>
                    Notas
                  </Text>
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                    {inv.notes}
                  </Text>
                </>
              )}
            </Card>

            {inv.payments.length > 0 && (
              <Card withBorder radius="md">
                <Title order={2} size="h4" mb="sm">
                  Pagos
                </Title>
                {/* Phones: one stacked block per payment, nothing off screen (issue 18). */}
                <Stack gap={0} hiddenFrom="sm" aria-label="Pagos registrados">
                  {inv.payments.map((p, i) => (
                    <Stack
                      key={p._id}
                      gap={2}
                      py="xs"
                      style={
                        i > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined
                      }
                    >
                      <Group justify="space-between" wrap="nowrap" gap="sm">
                        <Text size="sm">{formatDate(p.paidDate)}</Text>
                        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                          {formatMoney(p.amount, inv.currency)}
                        </Text>
                      </Group>
                      <Text size="xs" c="dimmed">
                        {PAYMENT_METHOD_LABELS[p.paymentMethod]}
                        {p.reference ? ` · Ref. ${p.reference}` : ''}
                      </Text>
                      {p.itbisWithheld + p.isrWithheld > 0 && (
                        <Text size="xs" c="dimmed">
                          Retenciones: ITBIS {formatMoney(p.itbisWithheld, inv.currency)} · ISR{' '}
                          {formatMoney(p.isrWithheld, inv.currency)}
                        </Text>
                      )}
                    </Stack>
                  ))}
                </Stack>
                <TableScroll label="Pagos registrados" minWidth={480} visibleFrom="sm">
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Fecha</Table.Th>
                        <Table.Th>Método</Table.Th>
                        <Table.Th>Referencia</Table.Th>
                        <Table.Th ta="right">Retenciones</Table.Th>
                        <Table.Th ta="right">Monto</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {inv.payments.map((p) => (
                        <Table.Tr key={p._id}>
                          <Table.Td>{formatDate(p.paidDate)}</Table.Td>
                          <Table.Td>{PAYMENT_METHOD_LABELS[p.paymentMethod]}</Table.Td>
                          <Table.Td>{p.reference ?? '—'}</Table.Td>
                          <Table.Td ta="right">
                            {p.itbisWithheld + p.isrWithheld > 0
                              ? `ITBIS ${formatMoney(p.itbisWithheld, inv.currency)} · ISR ${formatMoney(p.isrWithheld, inv.currency)}`
                              : '—'}
                          </Table.Td>
                          <Table.Td ta="right">{formatMoney(p.amount, inv.currency)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </TableScroll>
              </Card>
            )}
            {inv.creditNotes.length > 0 && (
              <Card withBorder radius="md" component="section" aria-label="Notas de crédito">
                <Title order={2} size="h4" mb="sm">
                  Notas de crédito
                </Title>
                <Stack gap="sm" hiddenFrom="sm">
                  {inv.creditNotes.map((n) => (
                    <Paper key={n._id} withBorder radius="md" p="sm">
                      <Group justify="space-between" wrap="nowrap" align="flex-start">
                        <div style={{ minWidth: 0 }}>
                          <Text size="sm" fw={600}>
                            {n.ncf}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {formatDate(n.issueDate)} · {modificationLabel(n.modificationCode)}
                          </Text>
                        </div>
                        <Text size="sm" fw={600}>
                          {formatMoney(n.total, inv.currency)}
                        </Text>
                      </Group>
                      <Text size="sm" mt={4}>
                        {n.reason}
                      </Text>
                      {n.refundAmount > 0 && (
                        <Text size="xs">
                          Reembolso al cliente: {formatMoney(n.refundAmount, inv.currency)}
                        </Text>
                      )}
                      <Button
                        mt="xs"
                        size="xs"
                        variant="light"
                        aria-label={`PDF de la nota ${n.ncf}`}
                        leftSection={<IconDownload size={14} />}
                        onClick={() => downloadNote(n)}
                      >
                        PDF
                      </Button>
                    </Paper>
                  ))}
                </Stack>
                <TableScroll label="Notas de crédito" minWidth={560} visibleFrom="sm">
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>NCF</Table.Th>
                        <Table.Th>Fecha</Table.Th>
                        <Table.Th>Motivo</Table.Th>
                        <Table.Th ta="right">Total</Table.Th>
                        <Table.Th ta="right">Reembolso</Table.Th>
                        <Table.Th>
                          <VisuallyHidden>PDF</VisuallyHidden>
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {inv.creditNotes.map((n) => (
                        <Table.Tr key={n._id}>
                          <Table.Td>
                            <Text size="sm" fw={500}>
                              {n.ncf}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {modificationLabel(n.modificationCode)}
                            </Text>
                          </Table.Td>
                          <Table.Td>{formatDate(n.issueDate)}</Table.Td>
                          <Table.Td>
                            <Text size="sm">{n.reason}</Text>
                          </Table.Td>
                          <Table.Td ta="right">{formatMoney(n.total, inv.currency)}</Table.Td>
                          <Table.Td ta="right">
                            {n.refundAmount > 0 ? formatMoney(n.refundAmount, inv.currency) : '—'}
                          </Table.Td>
                          <Table.Td ta="right">
                            <Button
                              size="xs"
                              variant="subtle"
                              aria-label={`PDF de la nota ${n.ncf}`}
                              leftSection={<IconDownload size={14} />}
                              onClick={() => downloadNote(n)}
                            >
                              PDF
                            </Button>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </TableScroll>
              </Card>
            )}
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Card withBorder radius="md">
              <Title order={2} size="h4" mb="xs">
                Cliente
              </Title>
              {role === 'client' ? (
                <Text fw={600}>{clientName}</Text>
              ) : (
                <Anchor component={Link} to={`/clients/${inv.client._id}`} fw={600}>
                  {clientName}
                </Anchor>
              )}
              {inv.client.company && (
                <Text size="sm">
                  {inv.client.firstName} {inv.client.lastName}
                </Text>
              )}
              <Text size="sm" c="dimmed">
                {inv.client.email}
              </Text>
              {inv.client.companyRUC && (
                <Text size="sm" c="dimmed">
                  {taxIdLabel(inv.client.companyRUC)}: {formatTaxId(inv.client.companyRUC)}
                </Text>
              )}
            </Card>
            <Card withBorder radius="md">
              <Title order={2} size="h4" mb="xs">
                Información de pago
              </Title>
              <Stack gap={6}>
                <Row label="Estado">{INVOICE_STATUS_LABELS[inv.status]}</Row>
                <Row label="Método">{inv.paymentMethod ? PAYMENT_METHOD_LABELS[inv.paymentMethod] : '—'}</Row>
                {inv.paidDate || inv.payments.length === 0 ? (
                  <Row label="Fecha de pago">{formatDate(inv.paidDate)}</Row>
                ) : (
                  <Row label="Último pago">{formatDate(lastPaymentDate(inv.payments))}</Row>
                )}
                {inv.status !== 'draft' && inv.status !== 'cancelled' && inv.balance > 0 && (
                  <Row label="Saldo pendiente">{formatMoney(inv.balance, inv.currency)}</Row>
                )}
                <Row label="Moneda">{inv.currency}</Row>
              </Stack>
            </Card>
            {invoiceAwaitsPayment(inv) && (
              <PaymentInstructionsCard
                amount={formatMoney(inv.balance, inv.currency)}
                reference={inv.invoiceNumber}
                currency={inv.currency}
                canManage={canManage}
              />
            )}
            {inv.project && (
              <Card withBorder radius="md">
                <Title order={2} size="h4" mb="xs">
                  Proyecto relacionado
                </Title>
                <Anchor component={Link} to={`/projects/${inv.project._id}`}>
                  {inv.project.title}
                </Anchor>
              </Card>
            )}
            <Card withBorder radius="md">
              <Title order={2} size="h4" mb="xs">
                Detalles
              </Title>
              <Stack gap={6}>
                <Row label="Creada">{formatDateTime(inv.createdAt)}</Row>
                <Row label="Actualizada">{formatDateTime(inv.updatedAt)}</Row>
                <Row label="Condiciones de pago">{inv.paymentTerms} días</Row>
              </Stack>
            </Card>
            {inv.history.length > 0 && (
              <Card withBorder radius="md">
                <Title order={2} size="h4" mb="sm">
                  Historial
                </Title>
                <Timeline bulletSize={14} lineWidth={2} active={inv.history.length}>
                  {inv.history.map((h) => (
                    <Timeline.Item key={`${h.event}-${h.at}`} title={INVOICE_EVENT_LABELS[h.event]}>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(h.at)}
                        {h.by ? ` · ${h.by}` : ''}
                      </Text>
                      {h.note && <Text size="xs">{h.note}</Text>}
                    </Timeline.Item>
                  ))}
                </Timeline>
              </Card>
            )}
          </Stack>
        </Grid.Col>
      </Grid>

      {canManage && (
        <>
          <InvoiceFormModal
            opened={actions.editing === inv._id}
            invoice={inv}
            onClose={() => actions.setEditing(null)}
          />
          <PayInvoiceModal invoice={actions.paying} onClose={() => actions.setPaying(null)} />
          <CreditNoteModal invoice={actions.crediting} onClose={() => actions.setCrediting(null)} />
          <EcfSignatureModal invoice={actions.signing} onClose={() => actions.setSigning(null)} />
        </>
      )}
    </Stack>
  );
}
