import {
  BANK_LINE_STATUS_LABELS,
  BANK_LINE_STATUSES,
  type BankLine,
  type BankLineStatus,
  type BankLineSuggestion,
  formatMoney,
  IgnoreBankLineRequestSchema,
} from '@agencia/shared';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  Stack,
  Tabs,
  Text,
  Textarea,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconBuildingBank, IconChecks, IconListDetails } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ListFilters, useDebouncedSearch } from '../../../components/ui/list-filters';
import { ListPagination } from '../../../components/ui/list-pagination';
import { PageHeader } from '../../../components/ui/page-header';
import { WRAPPING_BUTTON_STYLES } from '../../../components/ui/wrapping-button';
import { getErrorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useListParams } from '../../../lib/list-params';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useBankAccounts } from '../api/bank-accounts';
import {
  fetchExactMatches,
  useAcceptExactMatches,
  useBankLines,
  useIgnoreBankLine,
  useMatchBankLine,
  useReconciliationSummary,
  useUndoBankMatch,
  useUnignoreBankLine,
} from '../api/bank-lines';
import { AcceptSuggestionModal } from '../components/accept-suggestion-modal';
import { BankAccountFormModal } from '../components/bank-accounts-panel';
import { BankLineCard } from '../components/bank-line-card';
import { BankRulesPanel } from '../components/bank-rules-panel';
import { currentMonth, monthLabel, recentMonths } from '../components/months';
import { ReconciliationSummaryCard } from '../components/reconciliation-summary';
import { StatementImportCard } from '../components/statement-import-card';

const PAGE_SIZE = 20;

const STATUS_FILTER = [
  { value: 'all', label: 'Todas' },
  ...BANK_LINE_STATUSES.map((s) => ({ value: s, label: BANK_LINE_STATUS_LABELS[s] })),
];

/** "Ignorar" with its reason (1–500 characters, `IgnoreBankLineRequestSchema`). */
function IgnoreModal({ line, onClose }: { line: BankLine | null; onClose: () => void }) {
  const ignore = useIgnoreBankLine();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (line) {
      setReason('');
      setError(null);
    }
  }, [line]);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!line) return;
    const parsed = IgnoreBankLineRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Indica el motivo');
      return;
    }
    try {
      await ignore.mutateAsync({ id: line._id, body: parsed.data });
      toastSuccess('Línea ignorada', line.description);
      onClose();
    } catch (err) {
      setError(getErrorMessage(err, 'No se pudo ignorar la línea'));
    }
  };
  return (
    <Modal
      opened={Boolean(line)}
      onClose={onClose}
      title="Ignorar línea"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {line?.description} · {line ? formatDate(line.date) : ''}. No se registrará nada en el portal; la
            línea cuenta como explicada en la conciliación del mes.
          </Text>
          <Textarea
            label="Motivo"
            withAsterisk
            placeholder="Transferencia entre cuentas propias"
            maxLength={500}
            autosize
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={ignore.isPending}>
              Ignorar línea
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Facturación → Conciliación bancaria (admin, decision 167): pick an account, import its statement,
 * go through its lines — accept a suggestion (after checking what it records), accept every exact
 * match of the page at once, ignore with a reason, undo — and read the month's reconciliation.
 * Account, view, status, month, search and page live in the URL (`?cuenta=…&estado=unmatched&mes=2026-02`).
 */
export function BankReconciliationPage() {
  useDateDisplay();
  const accounts = useBankAccounts();
  const [params, setParams] = useListParams({
    cuenta: '',
    vista: 'lineas',
    estado: 'unmatched',
    mes: '',
    q: '',
  });
  const [search, setSearch] = useDebouncedSearch(params.q, (q) => setParams({ q }));
  const list = accounts.data ?? [];
  const account = list.find((a) => a._id === params.cuenta) ?? list[0] ?? null;
  const month = params.mes || (account?.lastLineDate ? account.lastLineDate.slice(0, 7) : currentMonth());
  const status = (BANK_LINE_STATUSES as readonly string[]).includes(params.estado)
    ? (params.estado as BankLineStatus)
    : undefined;
  const lines = useBankLines(account?._id ?? null, {
    page: params.page,
    limit: PAGE_SIZE,
    status,
    month: params.mes || undefined,
    search: params.q || undefined,
  });
  const summary = useReconciliationSummary(account?._id ?? null, month);
  const match = useMatchBankLine();
  const undo = useUndoBankMatch();
  const unignore = useUnignoreBankLine();
  const [accepting, setAccepting] = useState<{ line: BankLine; suggestion: BankLineSuggestion } | null>(null);
  const [ignoring, setIgnoring] = useState<BankLine | null>(null);
  const [creating, setCreating] = useState(false);

  const rows = lines.data?.bankLines ?? [];
  const currency = account?.currency ?? 'DOP';
  const exact = rows
    .filter((l) => l.status === 'unmatched' && l.suggestions[0]?.exact && l.suggestions[0].match)
    .map((l) => ({ line: l, suggestion: l.suggestions[0]! }));

  const confirmUndo = (line: BankLine) =>
    modals.openConfirmModal({
      title: 'Deshacer conciliación',
      children: (
        <Stack gap={4}>
          <Text size="sm">
            Se deshace exactamente lo que registró esta conciliación de {line.description} (
            {formatMoney(line.amount, currency)}):
          </Text>
          {line.match?.payments.map((p) => (
            <Text key={p.paymentId} size="sm">
              · Se anula el pago de {formatMoney(p.amount, currency)} a {p.invoiceNumber}
            </Text>
          ))}
          {line.match?.paymentReportId && (
            <Text size="sm">· El reporte de transferencia vuelve a revisión</Text>
          )}
          {line.match?.expenseId && (
            <Text size="sm">· El gasto queda sin conciliar (si lo creó una regla, se elimina)</Text>
          )}
        </Stack>
      ),
      labels: { confirm: 'Deshacer', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await undo.mutateAsync(line._id);
          toastSuccess('Conciliación deshecha', line.description);
        } catch (error) {
          toastError('No se pudo deshacer', getErrorMessage(error, 'Inténtalo de nuevo.'));
        }
      },
    });

  const restore = async (line: BankLine) => {
    try {
      await unignore.mutateAsync(line._id);
      toastSuccess('La línea vuelve a estar sin conciliar', line.description);
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo restaurar la línea'));
    }
  };

  const confirmBulk = () => {
    const total = exact.reduce((sum, e) => sum + e.line.amount, 0);
    modals.openConfirmModal({
      title: `Aceptar ${exact.length === 1 ? '1 coincidencia exacta' : `${exact.length} coincidencias exactas`}`,
      children: (
        <Stack gap={4}>
          <Text size="sm">
            Se aceptará la primera sugerencia de {exact.length === 1 ? '1 línea' : `${exact.length} líneas`}{' '}
            de esta página, cuyos montos coinciden al centavo ({formatMoney(total, currency)} en total). Cada
            pago envía su recibo por correo al cliente.
          </Text>
          {exact.slice(0, 10).map((e) => (
            <Text key={e.line._id} size="xs" c="dimmed">
              {formatDate(e.line.date)} · {formatMoney(e.line.amount, currency)} → {e.suggestion.label}
            </Text>
          ))}
        </Stack>
      ),
      labels: { confirm: `Aceptar ${exact.length}`, cancel: 'Cancelar' },
      onConfirm: async () => {
        let done = 0;
        const failed: string[] = [];
        for (const e of exact) {
          try {
            await match.mutateAsync({ id: e.line._id, body: e.suggestion.match! });
            done++;
          } catch (error) {
            failed.push(`${e.line.description}: ${getErrorMessage(error, 'error')}`);
          }
        }
        if (done > 0) toastSuccess('Líneas conciliadas', `${done} de ${exact.length}`);
        if (failed.length > 0) toastError('Algunas líneas no se conciliaron', failed.slice(0, 3).join(' · '));
      },
    });
  };

  const acceptMonth = useAcceptExactMatches();
  const [previewing, setPreviewing] = useState(false);
  // "Aceptar todas las coincidencias exactas del mes": the server's preview of the whole month (every
  // page), a confirmation with the count and total, then one request; each line is its own transaction.
  const confirmMonthBulk = async () => {
    if (!account) return;
    const accountId = account._id;
    setPreviewing(true);
    let preview: Awaited<ReturnType<typeof fetchExactMatches>>;
    try {
      preview = await fetchExactMatches(accountId, month);
    } catch (error) {
      toastError('No se pudieron buscar las coincidencias', getErrorMessage(error, 'Inténtalo de nuevo.'));
      return;
    } finally {
      setPreviewing(false);
    }
    if (preview.count === 0) {
      toastSuccess(
        'Nada que aceptar',
        `No hay coincidencias exactas sin conciliar en ${monthLabel(month)}${
          preview.skipped > 0
            ? ` (${preview.skipped} comparten factura con otra línea: revísalas una a una)`
            : ''
        }.`,
      );
      return;
    }
    const n = preview.count;
    modals.openConfirmModal({
      title: `Aceptar las coincidencias exactas de ${monthLabel(month)}`,
      children: (
        <Stack gap={4}>
          <Text size="sm">
            Se aceptará la primera sugerencia de {n === 1 ? '1 línea' : `${n} líneas`} del mes (todas las
            páginas), cuyos montos coinciden al centavo: {formatMoney(preview.total, currency)} en total. Cada
            pago envía su recibo por correo al cliente.
          </Text>
          {preview.skipped > 0 && (
            <Text size="sm" c="orange.8">
              {preview.skipped === 1
                ? '1 línea queda fuera porque su factura ya la toma otra línea: revísala una a una.'
                : `${preview.skipped} líneas quedan fuera porque su factura ya la toma otra línea: revísalas una a una.`}
            </Text>
          )}
          {preview.lines.slice(0, 10).map((l) => (
            <Text key={l.lineId} size="xs" c="dimmed">
              {formatDate(l.date)} · {formatMoney(l.amount, currency)} → {l.label}
            </Text>
          ))}
          {n > 10 && (
            <Text size="xs" c="dimmed">
              … y {n - 10} más
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: `Aceptar ${n}`, cancel: 'Cancelar' },
      onConfirm: async () => {
        try {
          const answer = await acceptMonth.mutateAsync({
            accountId,
            body: { month, lineIds: preview.lines.map((l) => l.lineId) },
          });
          if (answer.recorded > 0)
            toastSuccess('Líneas conciliadas', `${answer.recorded} de ${n} en ${monthLabel(month)}`);
          if (answer.failed.length > 0)
            toastError(
              `${answer.failed.length === 1 ? '1 línea no se concilió' : `${answer.failed.length} líneas no se conciliaron`}`,
              answer.failed
                .slice(0, 3)
                .map((f) => `${f.description}: ${f.reason}`)
                .join(' · '),
            );
        } catch (error) {
          toastError(
            'No se pudieron aceptar las coincidencias',
            getErrorMessage(error, 'Inténtalo de nuevo.'),
          );
        }
      },
    });
  };

  const header = (
    <>
      <Anchor component={Link} to="/billing" size="sm" mb="xs" display="inline-flex" style={{ gap: 4 }}>
        <IconArrowLeft size={16} aria-hidden /> Facturación
      </Anchor>
      <PageHeader
        title="Conciliación bancaria"
        description="El estado de cuenta del banco frente a los pagos y gastos del portal"
        actions={
          list.length > 0 && (
            <Select
              label="Cuenta"
              data={list.map((a) => ({
                value: a._id,
                label: `${a.bank} · ${a.accountNumber} · ${a.currency}`,
              }))}
              value={account?._id ?? null}
              onChange={(v) => v && setParams({ cuenta: v })}
              allowDeselect={false}
              w={{ base: '100%', xs: 320 }}
            />
          )
        }
      />
    </>
  );

  if (accounts.isLoading)
    return (
      <>
        {header}
        <Center py="xl">
          <Loader aria-label="Cargando cuentas bancarias" />
        </Center>
      </>
    );
  if (accounts.isError)
    return (
      <>
        {header}
        <Alert color="red" role="alert" title="Error">
          {getErrorMessage(accounts.error, 'No se pudieron cargar las cuentas bancarias')}
        </Alert>
      </>
    );
  if (!account)
    return (
      <>
        {header}
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="xs">
            <IconBuildingBank size={40} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text fw={600}>Aún no hay cuentas para conciliar</Text>
            <Text size="sm" c="dimmed" ta="center">
              Agrega la cuenta del banco con su balance inicial; también puedes hacerlo en Configuración →
              Cuentas bancarias.
            </Text>
            <Button onClick={() => setCreating(true)}>Agregar cuenta</Button>
          </Stack>
        </Paper>
        <BankAccountFormModal opened={creating} account={null} onClose={() => setCreating(false)} />
      </>
    );

  return (
    <>
      {header}
      <Tabs
        value={params.vista === 'reglas' ? 'reglas' : 'lineas'}
        onChange={(v) => v && setParams({ vista: v })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="lineas" leftSection={<IconListDetails size={16} />}>
            Líneas del banco
          </Tabs.Tab>
          <Tabs.Tab value="reglas">Reglas de débitos</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="lineas">
          <Stack gap="lg">
            <StatementImportCard key={account._id} account={account} />
            <ReconciliationSummaryCard
              summary={summary.data}
              loading={summary.isLoading}
              error={summary.isError ? summary.error : null}
              month={month}
            />
            <Paper withBorder radius="md" p="md" component="section" aria-label="Líneas del banco">
              <ListFilters
                searchLabel="Buscar líneas"
                placeholder="Buscar por descripción o referencia"
                search={search}
                onSearch={setSearch}
                selects={[
                  {
                    label: 'Filtrar por estado',
                    data: STATUS_FILTER,
                    value: status ?? 'all',
                    onChange: (v) => setParams({ estado: v }),
                  },
                  {
                    label: 'Filtrar por mes',
                    data: [{ value: 'all', label: 'Todos los meses' }, ...recentMonths(currentMonth())],
                    value: params.mes || 'all',
                    onChange: (v) => setParams({ mes: v === 'all' ? '' : v }),
                  },
                ]}
              />
              {(exact.length > 0 || account.unmatchedCount > 0) && (
                <Group justify="flex-end" mb="sm" gap="xs">
                  {exact.length > 0 && (
                    <Button variant="light" leftSection={<IconChecks size={16} />} onClick={confirmBulk}>
                      Aceptar{' '}
                      {exact.length === 1
                        ? '1 coincidencia exacta de la página'
                        : `${exact.length} coincidencias exactas de la página`}
                    </Button>
                  )}
                  {account.unmatchedCount > 0 && (
                    <Button
                      variant="default"
                      leftSection={<IconChecks size={16} />}
                      onClick={confirmMonthBulk}
                      loading={previewing || acceptMonth.isPending}
                      styles={WRAPPING_BUTTON_STYLES}
                    >
                      Aceptar todas las coincidencias exactas del mes ({monthLabel(month)})
                    </Button>
                  )}
                </Group>
              )}
              {lines.isLoading ? (
                <Center py="xl">
                  <Loader aria-label="Cargando líneas del banco" />
                </Center>
              ) : lines.isError && rows.length === 0 ? (
                <Alert color="red" role="alert" title="Error">
                  {getErrorMessage(lines.error, 'No se pudieron cargar las líneas del banco')}
                </Alert>
              ) : rows.length === 0 ? (
                <Stack align="center" py="xl" gap="xs">
                  <IconListDetails size={40} color="var(--mantine-color-dimmed)" aria-hidden />
                  <Text fw={600}>
                    {status === 'unmatched' && !params.q ? 'No hay líneas sin conciliar' : 'No hay líneas'}
                  </Text>
                  <Text size="sm" c="dimmed" ta="center">
                    {account.bankBalance === null
                      ? 'Importa el estado de cuenta del banco para empezar.'
                      : 'Prueba con otros filtros.'}
                  </Text>
                </Stack>
              ) : (
                <Stack gap="sm">
                  {rows.map((line) => (
                    <BankLineCard
                      key={line._id}
                      line={line}
                      currency={currency}
                      onAccept={(suggestion) => setAccepting({ line, suggestion })}
                      onIgnore={() => setIgnoring(line)}
                      onUndo={() => confirmUndo(line)}
                      onRestore={() => restore(line)}
                    />
                  ))}
                </Stack>
              )}
              <ListPagination
                pagination={lines.data?.pagination}
                noun="líneas"
                singular="línea"
                onChange={(page) => setParams({ page })}
              />
            </Paper>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="reglas">
          <BankRulesPanel accounts={list} />
        </Tabs.Panel>
      </Tabs>
      <AcceptSuggestionModal
        line={accepting?.line ?? null}
        suggestion={accepting?.suggestion ?? null}
        currency={currency}
        onClose={() => setAccepting(null)}
      />
      <IgnoreModal line={ignoring} onClose={() => setIgnoring(null)} />
    </>
  );
}
