import { type BankLine, type BankLineSuggestion, formatMoney } from '@agencia/shared';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useCreateExpenseFromLine, useMatchBankLine } from '../api/bank-lines';

/** What accepting `suggestion` will record, line by line, in the words the admin reads. */
export function describeAcceptance(line: BankLine, suggestion: BankLineSuggestion, currency: string) {
  const money = (n: number) => formatMoney(n, currency);
  const invoices = suggestion.match?.invoices ?? [];
  const byId = new Map(suggestion.invoices.map((i) => [i.id, i]));
  if (suggestion.kind === 'rule')
    return {
      title: 'Crear el gasto y conciliar',
      items: [
        `Un gasto nuevo: ${suggestion.label}, por ${money(Math.abs(line.amount))}, con fecha ${formatDate(line.date)}`,
      ],
      mail: null,
    };
  if (suggestion.kind === 'expense')
    return {
      title: 'Conciliar con el gasto',
      items: [`El gasto ${suggestion.label} queda pagado por esta línea (${money(Math.abs(line.amount))})`],
      mail: null,
    };
  const items = invoices.map((inv) => {
    const info = byId.get(inv.id);
    const withheld = (inv.itbisWithheld ?? 0) + (inv.isrWithheld ?? 0);
    return `Pago de ${money(inv.amount)} a la factura ${info?.invoiceNumber ?? ''}${
      info ? ` (${info.clientName}, saldo ${money(info.balance)})` : ''
    }${withheld > 0 ? ` · retenciones del cliente ${money(withheld)}` : ''}`;
  });
  if (suggestion.kind === 'payment_report')
    items.unshift(`El reporte de transferencia del cliente queda confirmado (${suggestion.label})`);
  // Where the receipts go: each client's e-mail address (one receipt per payment recorded).
  const recipients = [
    ...new Set(
      suggestion.invoices.map((i) => (i.clientEmail ? `${i.clientName} (${i.clientEmail})` : i.clientName)),
    ),
  ];
  const receipts = suggestion.kind === 'payment_report' ? 1 : invoices.length;
  return {
    title: invoices.length > 1 ? `Registrar ${invoices.length} pagos` : 'Registrar el pago',
    items,
    mail:
      receipts > 0 && recipients.length > 0
        ? `Se enviará el recibo por correo a ${recipients.join(', ')}${receipts > 1 ? ' (uno por factura)' : ''}.`
        : null,
  };
}

/**
 * Check before acting (decision 163): what accepting a suggestion records — the invoices and the
 * amount of each payment, the transfer report confirmed or the expense — and that the client gets
 * the receipt by e-mail; only "Confirmar" records it (`POST /bank-lines/{id}/match`, or
 * `/expense` for a debit rule). A 409 (another admin matched it first) is shown here.
 */
export function AcceptSuggestionModal({
  line,
  suggestion,
  currency,
  onClose,
}: {
  line: BankLine | null;
  suggestion: BankLineSuggestion | null;
  currency: string;
  onClose: () => void;
}) {
  useDateDisplay();
  const match = useMatchBankLine();
  const fromRule = useCreateExpenseFromLine();
  const [error, setError] = useState<string | null>(null);
  const opened = Boolean(line && suggestion);
  const close = () => {
    setError(null);
    onClose();
  };
  if (!line || !suggestion) return null;
  const what = describeAcceptance(line, suggestion, currency);

  const confirm = async () => {
    setError(null);
    try {
      if (suggestion.kind === 'rule') await fromRule.mutateAsync({ id: line._id, ruleId: suggestion.id });
      else if (suggestion.match) await match.mutateAsync({ id: line._id, body: suggestion.match });
      toastSuccess(
        'Línea conciliada',
        what.mail ?? `${line.description} · ${formatMoney(line.amount, currency)}`,
      );
      close();
    } catch (e) {
      setError(getErrorMessage(e, 'No se pudo conciliar la línea'));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={what.title}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <Stack gap="sm">
        <Text size="sm">
          Línea del banco del {formatDate(line.date)}: <b>{line.description}</b>
          {line.reference ? ` · Ref. ${line.reference}` : ''} ·{' '}
          <b style={{ whiteSpace: 'nowrap' }}>{formatMoney(line.amount, currency)}</b>
        </Text>
        <Text size="sm" c="dimmed">
          {suggestion.reason}
        </Text>
        <Text size="sm" fw={600}>
          Se registrará:
        </Text>
        <List size="sm" spacing={4}>
          {what.items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
        {what.mail && (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconMail size={18} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm">{what.mail}</Text>
          </Group>
        )}
        {!suggestion.exact && (
          <Alert color="yellow" variant="light">
            Los montos no coinciden al centavo: {formatMoney(suggestion.amount, currency)} sugerido frente a{' '}
            {formatMoney(Math.abs(line.amount), currency)} en el banco.
          </Alert>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancelar
          </Button>
          <Button onClick={confirm} loading={match.isPending || fromRule.isPending}>
            Confirmar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
