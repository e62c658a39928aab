import { formatMoney, type ReconciliationSummary } from '@agencia/shared';
import { Alert, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { getErrorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
import { monthLabel } from './months';

function Figure({
  label,
  value,
  hint,
  color,
}: {
  label: string;
  value: string;
  hint?: string;
  color?: string;
}) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg" c={color} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The month's reconciliation of one account (decision 167): the bank's balance at the month's end
 * against the portal's, the difference, the month's lines by status, the bank lines without a
 * portal record (credits and debits) and the portal records without a bank line.
 */
export function ReconciliationSummaryCard({
  summary,
  loading,
  error,
  month,
}: {
  summary: ReconciliationSummary | undefined;
  loading: boolean;
  error: unknown;
  month: string;
}) {
  useDateDisplay();
  const title = `Conciliación de ${monthLabel(month)}`;
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="reconciliation-summary-title">
      <Group justify="space-between" gap="xs" mb="sm">
        <Title order={2} size="h4" id="reconciliation-summary-title">
          {title}
        </Title>
        {summary &&
          (summary.reconciled ? (
            <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={14} />}>
              Conciliado
            </Badge>
          ) : (
            <Badge color="orange" variant="light">
              {summary.lines.unmatched === 1
                ? '1 línea sin conciliar'
                : `${summary.lines.unmatched} líneas sin conciliar`}
            </Badge>
          ))}
      </Group>
      {loading ? (
        <Skeleton h={140} aria-label="Cargando la conciliación del mes" />
      ) : error || !summary ? (
        <Alert color="red" role="alert">
          {getErrorMessage(error, 'No se pudo calcular la conciliación del mes')}
        </Alert>
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <Figure
              label="Balance en el banco"
              value={formatMoney(summary.bankBalance, summary.currency)}
              hint="Al cierre del mes"
            />
            <Figure
              label="Balance en el portal"
              value={formatMoney(summary.portalBalance, summary.currency)}
              hint="Conciliado más lo registrado sin línea"
            />
            <Figure
              label="Diferencia"
              value={formatMoney(summary.difference, summary.currency)}
              color={summary.difference === 0 ? 'teal' : 'orange'}
              hint={summary.difference === 0 ? 'Los libros cuadran con el banco' : 'Banco menos portal'}
            />
          </SimpleGrid>
          <Text size="sm">
            {summary.lines.total === 1 ? '1 línea en el mes' : `${summary.lines.total} líneas en el mes`}:{' '}
            {summary.lines.matched} conciliadas, {summary.lines.ignored} ignoradas, {summary.lines.unmatched}{' '}
            sin conciliar.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Stack gap={4} component="section" aria-labelledby="unmatched-bank-title">
              <Text fw={600} size="sm" id="unmatched-bank-title">
                En el banco, sin registro en el portal
              </Text>
              {summary.unmatchedBank.count === 0 ? (
                <Text size="sm" c="dimmed">
                  Ninguna línea.
                </Text>
              ) : (
                <Text size="sm">
                  {summary.unmatchedBank.count === 1 ? '1 línea' : `${summary.unmatchedBank.count} líneas`}:
                  créditos {formatMoney(summary.unmatchedBank.credits, summary.currency)}, débitos{' '}
                  {formatMoney(Math.abs(summary.unmatchedBank.debits), summary.currency)}
                </Text>
              )}
            </Stack>
            <Stack gap={4} component="section" aria-labelledby="unmatched-portal-title">
              <Text fw={600} size="sm" id="unmatched-portal-title">
                En el portal, sin línea del banco
              </Text>
              {summary.unmatchedPortal.count === 0 ? (
                <Text size="sm" c="dimmed">
                  Ningún registro.
                </Text>
              ) : (
                <>
                  <Text size="sm">
                    {summary.unmatchedPortal.count === 1
                      ? '1 registro'
                      : `${summary.unmatchedPortal.count} registros`}{' '}
                    por {formatMoney(summary.unmatchedPortal.total, summary.currency)}
                  </Text>
                  <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                    {summary.unmatchedPortal.items.slice(0, 8).map((item) => (
                      <Group key={item.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                        <Text size="xs" miw={0} style={{ overflowWrap: 'anywhere' }}>
                          {item.kind === 'payment' ? 'Pago' : 'Gasto'} · {item.label} ·{' '}
                          {formatDate(item.date)}
                        </Text>
                        <Text size="xs" fw={600} style={{ whiteSpace: 'nowrap' }}>
                          {formatMoney(item.amount, summary.currency)}
                        </Text>
                      </Group>
                    ))}
                  </Stack>
                </>
              )}
            </Stack>
          </SimpleGrid>
        </Stack>
      )}
    </Card>
  );
}
