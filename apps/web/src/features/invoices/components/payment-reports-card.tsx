import {
  type Invoice,
  PAYMENT_REPORT_STATUS_COLORS,
  PAYMENT_REPORT_STATUS_LABELS,
  type PaymentReport,
  RejectPaymentReportRequestSchema,
} from '@agencia/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconPaperclip, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { formatDate, formatDateTime, formatMoney } from '../../billing-shared/components/format';
import { useInvoice } from '../api/invoices';
import { openReportFile, useDecidePaymentReport, usePaymentReports } from '../api/payments';
import { PayInvoiceModal } from './pay-invoice-modal';

const fail = (error: unknown, fallback: string) => toastError('Error', getErrorMessage(error, fallback));

/** "Rechazar" with a reason the client reads (1–500 characters). */
function RejectReportModal({ report, onClose }: { report: PaymentReport | null; onClose: () => void }) {
  const decide = useDecidePaymentReport();
  const form = useForm({
    initialValues: { reason: '' },
    validate: zodResolver(RejectPaymentReportRequestSchema),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Modal opened={Boolean(report)} onClose={close} title="Rechazar transferencia reportada">
      <form
        noValidate
        onSubmit={form.onSubmit(async ({ reason }) => {
          if (!report) return;
          try {
            await decide.mutateAsync({ id: report._id, action: 'reject', reason });
            toastSuccess('Reporte rechazado', 'Le avisamos al cliente el motivo.');
            close();
          } catch (err) {
            fail(err, 'No se pudo rechazar el reporte');
          }
        })}
      >
        <Stack>
          <Textarea
            label="Motivo (lo verá el cliente)"
            required
            autosize
            minRows={3}
            maxLength={500}
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button color="red" type="submit" loading={decide.isPending}>
              Rechazar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * "Confirmar": the payment form pre-filled from the report (decision 163), so the admin checks
 * amount, date, reference and withholdings against the bank before anything is recorded. `inv`
 * is the invoice when the caller has it (its detail page); otherwise it is read here.
 */
function ConfirmReportModal({
  report,
  inv,
  onClose,
}: {
  report: PaymentReport | null;
  inv?: Invoice;
  onClose: () => void;
}) {
  const detail = useInvoice(report && !inv ? report.invoice._id : undefined);
  const invoice = report ? (inv ?? detail.data ?? null) : null;
  return <PayInvoiceModal invoice={invoice} report={report} onClose={onClose} />;
}

/** One report: amount, date, bank, reference, receipt link, status; confirm/reject for admins. */
function ReportRow({
  report,
  canDecide,
  showInvoice,
  onConfirm,
  onReject,
}: {
  report: PaymentReport;
  canDecide: boolean;
  showInvoice?: boolean;
  onConfirm: (r: PaymentReport) => void;
  onReject: (r: PaymentReport) => void;
}) {
  useDateDisplay();
  return (
    <Stack
      gap={4}
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      data-testid="payment-report"
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600}>{formatMoney(report.amount, report.currency)}</Text>
        <Badge color={PAYMENT_REPORT_STATUS_COLORS[report.status]} variant="light">
          {PAYMENT_REPORT_STATUS_LABELS[report.status]}
        </Badge>
      </Group>
      {showInvoice && (
        <Text size="sm">
          <Anchor component={Link} to={`/billing/${report.invoice._id}`}>
            Factura {report.invoice.invoiceNumber}
          </Anchor>{' '}
          · {report.invoice.clientName}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {formatDate(report.date)} · {report.bank} · Ref. {report.reference}
      </Text>
      <Text size="xs" c="dimmed">
        Reportado {formatDateTime(report.createdAt)}
        {report.reportedBy ? ` por ${report.reportedBy}` : ''}
      </Text>
      {report.status === 'rejected' && report.rejectionReason && (
        <Text size="sm" c="red">
          Motivo: {report.rejectionReason}
        </Text>
      )}
      <Group gap="xs">
        {report.file && (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPaperclip size={14} />}
            onClick={() =>
              openReportFile(report._id).catch((e) => fail(e, 'No se pudo abrir el comprobante'))
            }
          >
            Ver comprobante
          </Button>
        )}
        {canDecide && report.status === 'pending' && (
          <>
            <Button
              size="compact-sm"
              color="green"
              leftSection={<IconCheck size={14} />}
              onClick={() => onConfirm(report)}
            >
              Revisar y confirmar
            </Button>
            <Button
              size="compact-sm"
              color="red"
              variant="light"
              leftSection={<IconX size={14} />}
              onClick={() => onReject(report)}
            >
              Rechazar
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}

/** The transfer reports of one invoice (newest first); nothing when there are none. */
export function InvoicePaymentReportsCard({ inv, canDecide }: { inv: Invoice; canDecide: boolean }) {
  const reports = usePaymentReports({ invoiceId: inv._id, limit: 20 });
  const [rejecting, setRejecting] = useState<PaymentReport | null>(null);
  const [confirming, setConfirming] = useState<PaymentReport | null>(null);
  const list = reports.data?.paymentReports ?? [];
  if (list.length === 0) return null;
  return (
    <Card withBorder radius="md" component="section" aria-label="Transferencias reportadas">
      <Title order={2} size="h4" mb="xs">
        Transferencias reportadas
      </Title>
      {list.map((r) => (
        <ReportRow
          key={r._id}
          report={r}
          canDecide={canDecide}
          onConfirm={setConfirming}
          onReject={setRejecting}
        />
      ))}
      <RejectReportModal report={rejecting} onClose={() => setRejecting(null)} />
      <ConfirmReportModal report={confirming} inv={inv} onClose={() => setConfirming(null)} />
    </Card>
  );
}

/** Facturación: the transfers clients reported and no admin answered yet (hidden when none). */
export function PendingPaymentReportsCard({ canDecide }: { canDecide: boolean }) {
  const reports = usePaymentReports({ status: 'pending', limit: 10 });
  const [rejecting, setRejecting] = useState<PaymentReport | null>(null);
  const [confirming, setConfirming] = useState<PaymentReport | null>(null);
  const list = reports.data?.paymentReports ?? [];
  if (list.length === 0) return null;
  const total = reports.data?.pagination.total ?? list.length;
  return (
    <Card withBorder radius="md" component="section" aria-label="Pagos reportados por revisar">
      <Title order={2} size="h4" mb={4}>
        Pagos reportados por revisar
      </Title>
      <Alert color="yellow" variant="light" p="xs" mb="xs">
        {total === 1
          ? 'Un cliente reportó una transferencia.'
          : `${total} transferencias reportadas esperan revisión.`}{' '}
        Revisa cada una contra la cuenta del banco antes de confirmarla.
      </Alert>
      {list.map((r) => (
        <ReportRow
          key={r._id}
          report={r}
          canDecide={canDecide}
          showInvoice
          onConfirm={setConfirming}
          onReject={setRejecting}
        />
      ))}
      <RejectReportModal report={rejecting} onClose={() => setRejecting(null)} />
      <ConfirmReportModal report={confirming} onClose={() => setConfirming(null)} />
    </Card>
  );
}
