import {
  BANK_LINE_STATUS_LABELS,
  type BankLine,
  type BankLineStatus,
  type BankLineSuggestion,
  formatMoney,
} from '@agencia/shared';
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconEyeOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';

const STATUS_COLOR: Record<BankLineStatus, string> = {
  unmatched: 'orange',
  matched: 'teal',
  ignored: 'gray',
};

/**
 * One statement line (decision 167): date, description and reference, the signed amount (credits
 * green, debits red) and the bank's balance after it, its status — and, by status, its suggestions
 * best first with their reasons and "Aceptar", what its match recorded with "Deshacer", or the
 * reason it was ignored with "Volver a conciliar". The same card reads as a row at 1440 px and
 * stacks at 390 px.
 */
export function BankLineCard({
  line,
  currency,
  onAccept,
  onIgnore,
  onUndo,
  onRestore,
}: {
  line: BankLine;
  currency: string;
  onAccept: (suggestion: BankLineSuggestion) => void;
  onIgnore: () => void;
  onUndo: () => void;
  onRestore: () => void;
}) {
  useDateDisplay();
  const credit = line.amount > 0;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="article"
      aria-label={`Línea del ${formatDate(line.date)}: ${line.description}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} miw={0} style={{ flex: '1 1 auto' }}>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatDate(line.date)}
              </Text>
              <Badge color={STATUS_COLOR[line.status]} variant="light" size="sm">
                {BANK_LINE_STATUS_LABELS[line.status]}
              </Badge>
            </Group>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {line.description}
            </Text>
            {line.reference && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                Ref. {line.reference}
              </Text>
            )}
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text fw={700} c={credit ? 'teal.8' : 'red.8'} style={{ whiteSpace: 'nowrap' }} data-amount>
              {credit ? '+' : '−'}
              {formatMoney(Math.abs(line.amount), currency)}
            </Text>
            {line.balance !== null && (
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                Balance {formatMoney(line.balance, currency)}
              </Text>
            )}
          </Stack>
        </Group>

        {line.status === 'unmatched' && (
          <>
            {line.suggestions.length === 0 ? (
              <Text size="sm" c="dimmed">
                Sin sugerencias: ningún registro del portal coincide con esta línea.
              </Text>
            ) : (
              <Stack
                gap={6}
                component="ul"
                m={0}
                p={0}
                style={{ listStyle: 'none' }}
                aria-label="Sugerencias"
              >
                {line.suggestions.map((s, i) => (
                  <Paper
                    key={`${s.kind}-${s.id}`}
                    component="li"
                    withBorder
                    radius="sm"
                    p="xs"
                    bg={i === 0 ? 'var(--mantine-color-default-hover)' : undefined}
                  >
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <Stack gap={0} miw={0} style={{ flex: '1 1 240px' }}>
                        <Group gap={6} wrap="wrap">
                          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                            {s.label}
                          </Text>
                          {s.exact && (
                            <Badge size="xs" color="teal" variant="outline">
                              Exacta
                            </Badge>
                          )}
                        </Group>
                        <Text size="xs" c="dimmed">
                          {s.reason} · {formatMoney(s.amount, currency)}
                        </Text>
                      </Stack>
                      <Button
                        size="xs"
                        variant={i === 0 ? 'filled' : 'light'}
                        leftSection={<IconCheck size={14} />}
                        onClick={() => onAccept(s)}
                        aria-label={`Aceptar: ${s.label}`}
                      >
                        Aceptar
                      </Button>
                    </Group>
                  </Paper>
                ))}
              </Stack>
            )}
            <Group justify="flex-end">
              <Button
                size="xs"
                variant="subtle"
                color="gray"
                leftSection={<IconEyeOff size={14} />}
                onClick={onIgnore}
              >
                Ignorar
              </Button>
            </Group>
          </>
        )}

        {line.status === 'matched' && line.match && (
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0} miw={0} style={{ flex: '1 1 240px' }}>
              {line.match.payments.map((p) => (
                <Text key={p.paymentId} size="sm">
                  Pago de {formatMoney(p.amount, currency)} a{' '}
                  <Anchor component={Link} to={`/billing/${p.invoiceId}`} underline="always" inherit>
                    {p.invoiceNumber}
                  </Anchor>
                </Text>
              ))}
              {line.match.paymentReportId && <Text size="sm">Reporte de transferencia confirmado</Text>}
              {line.match.expenseId && (
                <Text size="sm">
                  Gasto{' '}
                  <Anchor
                    component={Link}
                    to={`/expenses/${line.match.expenseId}`}
                    underline="always"
                    inherit
                  >
                    ver el gasto
                  </Anchor>
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {line.match.matchedBy ? `${line.match.matchedBy.name} · ` : ''}
                {formatDateTime(line.match.matchedAt)}
              </Text>
            </Stack>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconArrowBackUp size={14} />}
              onClick={onUndo}
            >
              Deshacer
            </Button>
          </Group>
        )}

        {line.status === 'ignored' && (
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" c="dimmed" style={{ flex: '1 1 240px', overflowWrap: 'anywhere' }}>
              Motivo: {line.ignoreReason}
            </Text>
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              leftSection={<IconArrowBackUp size={14} />}
              onClick={onRestore}
            >
              Volver a conciliar
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
