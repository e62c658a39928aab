import {
  BUSINESS_TIME_ZONE,
  documentBuyer,
  exchangeRateLine,
  FISCAL_DOCUMENT_TYPE_LABELS,
  formatTaxId,
  INVOICE_EVENT_LABELS,
  INVOICE_STATUS_LABELS,
  invoiceAwaitsPayment,
  isElectronicType,
  PAYMENT_METHOD_LABELS,
  printsSequenceExpiry,
  taxIdLabel,
  toCents,
  toDopCents,
} from '@agencia/shared';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Loader,
  Menu,
  Stack,
  Text,
  Timeline,
  Title,
  Tooltip,
} from '@mantine/core';
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
  IconReceipt2,
  IconReceiptRefund,
  IconSend,
  IconSignature,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PaymentInstructionsCard } from '../../../components/payment-instructions-card';
import { ShareDocumentActions } from '../../../components/share/share-document-actions';
import { getErrorMessage, getErrorStatus } from '../../../lib/api-client';
import { toastError } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useSessionStore } from '../../../stores/session-store';
import { formatDate, formatDateTime, formatMoney } from '../../billing-shared/components/format';
import { useInvoice } from '../api/invoices';
import { CreditNoteModal } from '../components/credit-note-modal';
import { DebitNoteModal } from '../components/debit-note-modal';
import { EcfSection } from '../components/ecf-section';
import { EcfSignatureModal } from '../components/ecf-signature-modal';
import { InvoiceItemsCard, lastPaymentDate, Row } from '../components/invoice-detail-sections';
import { InvoiceFormModal } from '../components/invoice-form-modal';
import { InvoiceCreditNotesCard, InvoiceDebitNotesCard } from '../components/invoice-notes-cards';
import { InvoicePaymentsCard } from '../components/invoice-payments-card';
import { CancelLockedItem } from '../components/invoice-row-menu';
import { invoiceActionRules } from '../components/invoice-rules';
import { InvoiceStatusBadge } from '../components/invoice-status-badge';
import { PayInvoiceModal } from '../components/pay-invoice-modal';
import { InvoicePaymentReportsCard } from '../components/payment-reports-card';
import { CardResultAlert, PortalPaymentActions } from '../components/portal-payment-actions';
import { useInvoiceActions } from '../components/use-invoice-actions';

/**
 * /billing/{id} and /invoice/{id} (spec doc 2 §2 "Invoice detail") on real data: download,
 * send (drafts), edit/resend, record payments; 'Factura no encontrada' when missing.
 */
export function InvoiceDetailPage() {
  useDateDisplay();
  const { id } = useParams();
  const navigate = useNavigate();
  const role = useSessionStore((s) => s.user?.role);
  const canManage = role === 'admin';
  const query = useInvoice(id);
  const actions = useInvoiceActions();
  const [debiting, setDebiting] = useState(false);
  const notFound = getErrorStatus(query.error) === 404 || getErrorStatus(query.error) === 400;

  useEffect(() => {
    if (query.isError) toastError('Error', 'No se pudo cargar la factura');
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
  const { isDraft, payable, creditable, debitable, cancellable, cancelLocked, recordsSignature } =
    invoiceActionRules(inv);
  const electronic = inv.documentType ? isElectronicType(inv.documentType) : false;
  const ncfLabel = electronic ? 'e-NCF' : 'NCF';
  // The buyer as issued (fiscal snapshot, decision 132); a draft shows the client as it is now.
  const buyer = documentBuyer(inv);

  return (
    <Stack gap="lg">
      {back}
      <CardResultAlert />
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
            {buyer.name} · {formatMoney(inv.total, inv.currency)}
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
              label="Emite la factura con fecha de hoy (le asigna su NCF) y la envía por email al cliente"
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
          {canManage && inv.status === 'issued' && (
            <Tooltip
              label="La factura está emitida pero el cliente aún no la recibió por email"
              multiline
              w={260}
            >
              <Button
                leftSection={<IconSend size={16} />}
                loading={actions.busy}
                onClick={() => actions.send(inv)}
              >
                Enviar por email
              </Button>
            </Tooltip>
          )}
          {role !== 'client' && !isDraft && inv.status !== 'cancelled' && (
            <ShareDocumentActions type="invoice" id={inv._id} />
          )}
          {role === 'client' && payable && <PortalPaymentActions invoice={inv} />}
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
                {payable && inv.status !== 'issued' && (
                  <Menu.Item leftSection={<IconSend size={16} />} onClick={() => actions.send(inv)}>
                    {inv.sentAt ? 'Reenviar por email' : 'Enviar por email'}
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
                {debitable && (
                  <Menu.Item leftSection={<IconReceipt2 size={16} />} onClick={() => setDebiting(true)}>
                    Nota de débito
                  </Menu.Item>
                )}
                {recordsSignature && canManage && (
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
                  // B02 and E32 carry no range expiry (printsSequenceExpiry, issue 27).
                  ...(printsSequenceExpiry(inv.documentType)
                    ? [['Válido hasta', formatDate(inv.ncfExpiresOn)]]
                    : []),
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

            <EcfSection inv={inv} canRetry={canManage} probe={electronic && Boolean(inv.ncf)} />

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

            <InvoiceItemsCard inv={inv} />

            {!isDraft && <InvoicePaymentReportsCard inv={inv} canDecide={canManage} />}
            {inv.payments.length > 0 && <InvoicePaymentsCard inv={inv} canManage={canManage} />}
            {inv.creditNotes.length > 0 && (
              // Direct e-CF mode (the invoice has an e-CF status): its E34 notes offer their XML.
              <InvoiceCreditNotesCard inv={inv} ecfXml={inv.ecfStatus !== null} />
            )}
            {inv.debitNotes.length > 0 && (
              // Direct e-CF mode: its E33 notes offer their XML (decision 138).
              <InvoiceDebitNotesCard inv={inv} ecfXml={inv.ecfStatus !== null} />
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
                <Text fw={600}>{buyer.name}</Text>
              ) : (
                <Anchor component={Link} to={`/clients/${inv.client._id}`} fw={600}>
                  {buyer.name}
                </Anchor>
              )}
              {buyer.person && <Text size="sm">{buyer.person}</Text>}
              <Text size="sm" c="dimmed">
                {buyer.email}
              </Text>
              {buyer.taxId && (
                <Text size="sm" c="dimmed">
                  {taxIdLabel(buyer.taxId)}: {formatTaxId(buyer.taxId)}
                </Text>
              )}
              {inv.fiscalSnapshot && (
                <Text size="xs" c="dimmed" mt={4}>
                  Datos fiscales al emitir la factura
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
                pesoAmount={
                  inv.exchangeRate
                    ? `${formatMoney(toDopCents(toCents(inv.balance), inv.exchangeRate) / 100, 'DOP')}, el equivalente de ${formatMoney(inv.balance, inv.currency)} a ${exchangeRateLine(
                        inv.currency,
                        inv.exchangeRate,
                        inv.exchangeRateDate ?? inv.issueDate,
                      )
                        .replace('Tasa: ', '')
                        .replace(/ \((.+)\)$/, ' del $1')},`
                    : undefined
                }
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
          <DebitNoteModal invoice={debiting ? inv : null} onClose={() => setDebiting(false)} />
          <EcfSignatureModal invoice={actions.signing} onClose={() => actions.setSigning(null)} />
        </>
      )}
    </Stack>
  );
}
