import {
  businessToday,
  type DgiiMonthSummary,
  deadlineStatus,
  fiscalPeriodLabel,
  formatFiscalPeriod,
  formatMoney,
  periodOfDay,
  type UnreconciledBankAccount,
} from '@agencia/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconDownload, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { WRAPPING_BUTTON_STYLES } from '../../../components/ui/wrapping-button';
import { getErrorMessage } from '../../../lib/api-client';
import { formatDate, useMoney } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useCloseMonth, useDgiiMonthSummary } from '../api/reports';
import { type DgiiFormat, dgiiDownloadError, downloadDgiiFile } from '../components/dgii-download';
import { recentPeriods } from '../components/dgii-reports-card';
import { SummaryFigures } from '../components/summary-figures';

const FORMATS: Array<{ format: DgiiFormat; label: string }> = [
  { format: '606', label: 'Descargar 606 (compras)' },
  { format: '607', label: 'Descargar 607 (ventas)' },
  { format: '608', label: 'Descargar 608 (anulados)' },
];

const TONE_COLOR = { ok: 'teal', soon: 'orange', late: 'red' } as const;

function Downloads({ period }: { period: string }) {
  const [busy, setBusy] = useState<DgiiFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (format: DgiiFormat) => {
    setBusy(format);
    setError(null);
    try {
      await downloadDgiiFile(format, period);
    } catch (e) {
      setError(dgiiDownloadError(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="month-close-files">
      <Title order={2} size="h4" id="month-close-files" mb="xs">
        Formatos de envío
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Los archivos de texto para la Oficina Virtual de la DGII.
      </Text>
      <Stack gap="xs">
        {FORMATS.map(({ format, label }) => (
          <Button
            key={format}
            variant={format === '607' ? 'filled' : 'light'}
            leftSection={<IconDownload size={16} />}
            loading={busy === format}
            styles={WRAPPING_BUTTON_STYLES}
            onClick={() => download(format)}
            fullWidth
          >
            {label}
          </Button>
        ))}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function Deadlines({ summary }: { summary: DgiiMonthSummary }) {
  useDateDisplay();
  const today = businessToday();
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="month-close-deadlines">
      <Title order={2} size="h4" id="month-close-deadlines" mb="xs">
        Fechas límite
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Si la fecha cae en fin de semana o feriado, vence el siguiente día laborable.
      </Text>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {summary.deadlines.map((d) => {
          const status = deadlineStatus(d.dueDate, today);
          return (
            <Group key={d.filing} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <div>
                <Text size="sm" fw={500}>
                  {d.label}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDate(d.dueDate)}
                </Text>
              </div>
              <Badge color={TONE_COLOR[status.tone]} variant="light" style={{ flexShrink: 0 }}>
                {status.label}
              </Badge>
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}

function It1Card({ summary }: { summary: DgiiMonthSummary }) {
  const money = useMoney();
  const { it1 } = summary;
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="month-close-it1">
      <Title order={2} size="h4" id="month-close-it1" mb="xs">
        IT-1 · ITBIS del mes
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Abre cada cifra para ver los comprobantes del 606 y el 607 que la forman.
      </Text>
      <SummaryFigures
        name="IT-1"
        rows={[
          {
            key: 'charged',
            label: 'ITBIS facturado en ventas',
            hint: '607 y consumo; menos notas de crédito, más notas de débito',
            figure: it1.itbisCharged,
          },
          {
            key: 'paid',
            label: 'ITBIS pagado en compras',
            hint: '606, ITBIS facturado',
            figure: it1.itbisPaid,
          },
          { key: 'cost', label: 'ITBIS llevado al costo', hint: 'No se adelanta', figure: it1.itbisToCost },
          {
            key: 'deductible',
            label: 'ITBIS por adelantar',
            hint: 'Pagado menos llevado al costo',
            figure: it1.itbisDeductible,
          },
          {
            key: 'byClients',
            label: 'ITBIS retenido por clientes',
            hint: 'Retenciones que nos hicieron en el mes',
            figure: it1.itbisWithheldByClients,
          },
          {
            key: 'fromSuppliers',
            label: 'ITBIS retenido a proveedores',
            hint: 'Se paga con el IT-1',
            figure: it1.itbisWithheldFromSuppliers,
          },
        ]}
      />
      <Stack gap={4} component="dl" mt="md" mb={0}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" component="dt">
            {it1.balance >= 0 ? 'ITBIS a pagar del mes' : 'Saldo a favor (se arrastra al próximo mes)'}
          </Text>
          <Text size="sm" fw={600} component="dd" m={0}>
            {money(Math.abs(it1.balance))}
          </Text>
        </Group>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600} component="dt">
            Total a pagar con el IT-1
          </Text>
          <Text size="lg" fw={700} component="dd" m={0}>
            {money(it1.totalToPay)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

function Ir17Card({ summary }: { summary: DgiiMonthSummary }) {
  const money = useMoney();
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="month-close-ir17">
      <Title order={2} size="h4" id="month-close-ir17" mb="xs">
        IR-17 · Retenciones de ISR
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        ISR retenido a proveedores en el mes, por tipo de retención del 606.
      </Text>
      {summary.ir17.byType.length === 0 ? (
        <Text size="sm">Sin retenciones de ISR en este mes.</Text>
      ) : (
        <SummaryFigures
          name="IR-17"
          rows={summary.ir17.byType.map((t) => ({
            key: t.type,
            label: `${t.type} · ${t.label}`,
            figure: t.figure,
          }))}
        />
      )}
      <Group justify="space-between" wrap="nowrap" mt="md">
        <Text size="sm" fw={600}>
          Total a pagar con el IR-17
        </Text>
        <Text size="lg" fw={700}>
          {money(summary.ir17.total)}
        </Text>
      </Group>
    </Card>
  );
}

const REJECTED_KIND = { invoice: 'Factura', credit: 'Nota de crédito', debit: 'Nota de débito' } as const;

/**
 * The month's documents whose e-CF the DGII rejected (issue 42): they are in no figure nor 607
 * (a rejected e-CF has no fiscal effect, Reglamento 587-24 art. 17 párr. III); each shows the
 * DGII's reasons and links to its invoice. Nothing when there are none.
 */
export function RejectedEcfCard({ summary }: { summary: DgiiMonthSummary }) {
  useDateDisplay();
  if (summary.rejectedEcf.length === 0) return null;
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="month-close-rejected">
      <Title order={2} size="h4" id="month-close-rejected" mb="xs">
        e-CF rechazados por la DGII
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Un e-CF rechazado no tiene efecto fiscal: no está en el 607 ni en las cifras del IT-1.
      </Text>
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {summary.rejectedEcf.map((r) => (
          <li key={r.ncf}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Anchor component={Link} to={`/billing/${r.invoiceId}`} size="sm" fw={600}>
                {REJECTED_KIND[r.kind]} {r.ncf}
              </Anchor>
              <Text size="sm">{formatMoney(r.total, r.currency)}</Text>
            </Group>
            <Text size="xs" c="dimmed">
              {r.party} · {formatDate(r.date)}
              {r.cancelled ? ' · Cancelada' : ''}
            </Text>
            {r.messages.map((m) => (
              <Text key={`${m.code}-${m.message}`} size="xs" c="red">
                {m.code ? `${m.code}: ` : ''}
                {m.message}
              </Text>
            ))}
          </li>
        ))}
      </Stack>
    </Card>
  );
}

/**
 * Before closing (issue 48): each bank account with statement lines of the month not reconciled,
 * how many, and a link to those lines on "Conciliación bancaria". A warning — the month can still
 * be closed. Nothing when every line of the month is matched or ignored.
 */
export function UnreconciledBankAlert({
  period,
  accounts,
}: {
  period: string;
  accounts: UnreconciledBankAccount[];
}) {
  if (accounts.length === 0) return null;
  const month = formatFiscalPeriod(period);
  return (
    <Alert color="orange" title="Líneas del banco sin conciliar">
      <Stack gap={4}>
        <Text size="sm">
          El estado de cuenta de {fiscalPeriodLabel(period).toLowerCase()} tiene líneas sin conciliar. Puedes
          cerrar el mes igual, pero conviene revisarlas antes.
        </Text>
        <Stack gap={2} component="ul" m={0} pl="md">
          {accounts.map((a) => (
            <Text component="li" size="sm" key={a.bankAccountId}>
              {a.bank} {a.accountNumber} ({a.currency}): {a.unmatched}{' '}
              {a.unmatched === 1 ? 'línea sin conciliar' : 'líneas sin conciliar'} ·{' '}
              <Anchor
                component={Link}
                to={`/billing/reconciliation?cuenta=${a.bankAccountId}&mes=${month}&estado=unmatched`}
                size="sm"
                underline="always"
              >
                Conciliar {a.bank} {a.accountNumber}
              </Anchor>
            </Text>
          ))}
        </Stack>
      </Stack>
    </Alert>
  );
}

function CloseMonth({
  period,
  closed,
  unreconciledBank,
  onWarnings,
}: {
  period: string;
  closed: boolean;
  unreconciledBank: UnreconciledBankAccount[];
  onWarnings: (warnings: string[]) => void;
}) {
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = useCloseMonth();
  const over = period < periodOfDay(businessToday());
  if (closed)
    return (
      <Badge color="gray" size="lg" leftSection={<IconLock size={14} />}>
        Mes cerrado
      </Badge>
    );
  const confirm = async () => {
    setError(null);
    try {
      const answer = await close.mutateAsync(period);
      onWarnings(answer.warnings ?? []);
      setOpened(false);
      toastSuccess('Mes cerrado', fiscalPeriodLabel(period));
    } catch (e) {
      setError(getErrorMessage(e, 'No se pudo cerrar el mes'));
    }
  };
  return (
    <>
      <Button
        leftSection={<IconLock size={16} />}
        onClick={() => {
          setError(null);
          setOpened(true);
        }}
        disabled={!over}
        title={over ? undefined : 'Solo se cierra un mes que ya terminó'}
      >
        Cerrar mes
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`¿Cerrar ${fiscalPeriodLabel(period)}?`}
        closeButtonProps={{ 'aria-label': 'Cerrar' }}
      >
        <Stack>
          <Text size="sm">
            Ciérralo cuando hayas enviado sus reportes a la DGII. Ya no se podrán registrar ni cambiar pagos,
            retenciones, notas de crédito ni anulaciones con fecha en ese mes hasta que lo reabras en
            Configuración → Fiscal.
          </Text>
          <UnreconciledBankAlert period={period} accounts={unreconciledBank} />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancelar
            </Button>
            <Button onClick={confirm} loading={close.isPending}>
              Sí, cerrar el mes
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * Reportes → Cierre del mes (decision 141): pick a month, download its 606/607/608, read its IT-1
 * and IR-17 figures (each opens onto the documents behind it), see the filing deadlines with how
 * many days are left, and close the month once filed (closed periods, decision 135).
 * Default: the previous month, the one being filed.
 */
export function MonthClosePage() {
  const periods = recentPeriods();
  const [period, setPeriod] = useState(periods[1]!.value);
  const [warnings, setWarnings] = useState<string[]>([]);
  const q = useDgiiMonthSummary(period);
  return (
    <>
      <Anchor component={Link} to="/reports" size="sm" mb="xs" display="inline-flex" style={{ gap: 4 }}>
        <IconArrowLeft size={16} aria-hidden /> Reportes
      </Anchor>
      <PageHeader
        title="Cierre del mes"
        description="Formatos de la DGII, cifras del IT-1 y el IR-17 y fechas límite del mes"
        actions={
          <Group gap="sm" align="flex-end">
            <Select
              label="Período"
              data={periods}
              value={period}
              onChange={(v) => {
                if (!v) return;
                setPeriod(v);
                setWarnings([]);
              }}
              allowDeselect={false}
              w={190}
            />
            {q.data && (
              <CloseMonth
                period={period}
                closed={q.data.closed}
                unreconciledBank={q.data.unreconciledBank}
                onWarnings={setWarnings}
              />
            )}
          </Group>
        }
      />
      {warnings.length > 0 && (
        // What the closing answered without blocking it: bank lines of the month not reconciled (decision 167).
        <Alert color="orange" role="alert" title="Mes cerrado con avisos" mb="lg">
          <Stack gap={4}>
            {warnings.map((w) => (
              <Text key={w} size="sm">
                {w}
              </Text>
            ))}
            <Anchor component={Link} to="/billing/reconciliation" size="sm" underline="always">
              Ir a Conciliación bancaria
            </Anchor>
          </Stack>
        </Alert>
      )}
      {q.data && !q.data.closed && warnings.length === 0 && q.data.unreconciledBank.length > 0 && (
        <div style={{ marginBottom: 'var(--mantine-spacing-lg)' }}>
          <UnreconciledBankAlert period={period} accounts={q.data.unreconciledBank} />
        </div>
      )}
      {q.isLoading ? (
        <Center py="xl">
          <Loader aria-label="Cargando el cierre del mes" />
        </Center>
      ) : q.isError || !q.data ? (
        <Stack gap="lg">
          <Alert color="red" role="alert" title="No se pudieron calcular las cifras del mes">
            {getErrorMessage(q.error, 'Inténtalo de nuevo')}
          </Alert>
          <Downloads period={period} />
        </Stack>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              <Downloads period={period} />
              <Deadlines summary={q.data} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <It1Card summary={q.data} />
              <Ir17Card summary={q.data} />
              <RejectedEcfCard summary={q.data} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
