import {
  CreateReconciliationAccountRequestSchema,
  DOMINICAN_BANKS,
  formatMoney,
  RECONCILIATION_CURRENCIES,
  type ReconciliationAccount,
  type ReconciliationCurrency,
} from '@agencia/shared';
import {
  ActionIcon,
  Alert,
  Anchor,
  Autocomplete,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuildingBank, IconPencil, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DateField } from '../../../components/ui/date-field';
import { ModalFormFooter } from '../../../components/ui/modal-form-footer';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { formatDate, todayDateOnly } from '../../../lib/format';
import { usePaymentInstructions } from '../../../lib/payment-instructions-api';
import { toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useBankAccounts, useCreateBankAccount, useUpdateBankAccount } from '../api/bank-accounts';

interface AccountValues {
  bank: string;
  accountNumber: string;
  currency: ReconciliationCurrency;
  openingBalance: number | string;
  openingDate: string;
}

const EMPTY: AccountValues = {
  bank: '',
  accountNumber: '',
  currency: 'DOP',
  openingBalance: 0,
  openingDate: '',
};

/**
 * Add or edit one reconciled account (validated with `CreateReconciliationAccountRequestSchema`).
 * A new one can start from an account of Datos de pago — the ones clients see on their invoices —
 * so the number is typed once.
 */
export function BankAccountFormModal({
  opened,
  account,
  onClose,
}: {
  opened: boolean;
  /** null = a new account. */
  account: ReconciliationAccount | null;
  onClose: () => void;
}) {
  const create = useCreateBankAccount();
  const update = useUpdateBankAccount();
  const instructions = usePaymentInstructions();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<AccountValues>({
    initialValues: EMPTY,
    validate: zodResolver(CreateReconciliationAccountRequestSchema),
    transformValues: (v) => ({ ...v, openingBalance: Number(v.openingBalance) }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens
  useEffect(() => {
    if (!opened) return;
    setServerError(null);
    form.setValues(
      account
        ? {
            bank: account.bank,
            accountNumber: account.accountNumber,
            currency: account.currency,
            openingBalance: account.openingBalance,
            openingDate: account.openingDate,
          }
        : { ...EMPTY, openingDate: todayDateOnly() },
    );
    form.resetDirty();
    form.clearErrors();
  }, [opened, account]);

  const clientAccounts = instructions.data?.bankAccounts ?? [];
  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      const body = { ...values, openingBalance: Number(values.openingBalance) };
      if (account) await update.mutateAsync({ id: account._id, body });
      else await create.mutateAsync(body);
      toastSuccess(
        account ? 'Cuenta actualizada' : 'Cuenta agregada',
        `${values.bank.trim()} · ${values.accountNumber}`,
      );
      onClose();
    } catch (error) {
      setServerError(getErrorMessage(error, 'No se pudo guardar la cuenta'));
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={account ? 'Editar cuenta bancaria' : 'Agregar cuenta bancaria'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {!account && clientAccounts.length > 0 && (
            <Select
              label="Copiar de Datos de pago"
              description="Las cuentas que tus clientes ven en sus facturas"
              placeholder="Elige una cuenta (opcional)"
              clearable
              data={clientAccounts.map((a, i) => ({
                value: String(i),
                label: `${a.bank} · ${a.accountNumber} · ${a.currency}`,
              }))}
              onChange={(v) => {
                const picked = v === null ? null : clientAccounts[Number(v)];
                if (!picked) return;
                form.setValues({
                  bank: picked.bank,
                  accountNumber: picked.accountNumber,
                  currency: picked.currency === 'USD' ? 'USD' : 'DOP',
                });
              }}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <Autocomplete
            label="Banco"
            description="Banco Popular, BHD y Banreservas se reconocen solos al importar"
            placeholder="Escribe o elige un banco"
            data={[...DOMINICAN_BANKS]}
            withAsterisk
            maxLength={100}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('bank')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label="Número de cuenta"
              inputMode="numeric"
              withAsterisk
              maxLength={40}
              {...form.getInputProps('accountNumber')}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="reconciliation-currency-label">
                Moneda
              </Text>
              <SegmentedControl
                aria-labelledby="reconciliation-currency-label"
                data={RECONCILIATION_CURRENCIES.map((c) => ({
                  value: c,
                  label: c === 'DOP' ? 'Pesos (DOP)' : 'Dólares (USD)',
                }))}
                {...form.getInputProps('currency')}
              />
            </Stack>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput
              label="Balance inicial"
              description="El saldo del banco en la fecha inicial"
              decimalScale={2}
              thousandSeparator=","
              allowNegative
              withAsterisk
              {...form.getInputProps('openingBalance')}
            />
            <DateField
              label="Fecha inicial"
              description="Desde cuándo se concilia"
              withAsterisk
              {...form.getInputProps('openingDate')}
            />
          </SimpleGrid>
          <ModalFormFooter
            error={serverError}
            onCancel={onClose}
            loading={create.isPending || update.isPending}
            submitLabel={account ? 'Guardar cambios' : 'Agregar cuenta'}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** One account of the list: bank, number, currency, the bank's last balance and what waits. */
function AccountRow({ account, onEdit }: { account: ReconciliationAccount; onEdit: () => void }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="article"
      aria-label={`${account.bank}, ${account.currency}, ${account.accountNumber}`}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} miw={0}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {account.bank}
            </Text>
            <Badge variant="light" tt="none" size="sm">
              {account.currency}
            </Badge>
            {account.mapping && (
              <Badge variant="outline" color="gray" tt="none" size="sm">
                Formato configurado
              </Badge>
            )}
          </Group>
          <Text ff="monospace" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {account.accountNumber}
          </Text>
          <Text size="sm" c="dimmed">
            {account.bankBalance === null
              ? `Balance inicial ${formatMoney(account.openingBalance, account.currency)} al ${formatDate(account.openingDate)} · sin estados importados`
              : `Balance del banco ${formatMoney(account.bankBalance, account.currency)}${
                  account.lastLineDate ? ` al ${formatDate(account.lastLineDate)}` : ''
                }`}
          </Text>
          {account.unmatchedCount > 0 && (
            <Anchor
              component={Link}
              to={`/billing/reconciliation?cuenta=${account._id}`}
              size="sm"
              underline="always"
            >
              {account.unmatchedCount === 1
                ? '1 línea sin conciliar'
                : `${account.unmatchedCount} líneas sin conciliar`}
            </Anchor>
          )}
        </Stack>
        <Tooltip label="Editar">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={`Editar cuenta ${account.accountNumber}`}
            onClick={onEdit}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}

/**
 * Configuración → Cuentas bancarias (admin, decision 167): the accounts whose statements are
 * imported and reconciled — bank, number, currency, opening balance and date — with the bank's
 * last balance and the lines waiting for a match.
 */
export function BankAccountsPanel() {
  useDateDisplay();
  const accounts = useBankAccounts();
  const [editing, setEditing] = useState<ReconciliationAccount | null | undefined>(undefined);

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="reconciliation-accounts-title">
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
        <div style={{ flex: '1 1 240px' }}>
          <Title order={2} size="h4" id="reconciliation-accounts-title">
            Cuentas bancarias
          </Title>
          <Text size="sm" c="dimmed">
            Las cuentas de la agencia cuyos estados importas en{' '}
            <Anchor component={Link} to="/billing/reconciliation" underline="always" inherit>
              Conciliación bancaria
            </Anchor>
            . Las que ven tus clientes están en Datos de pago.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
          Agregar cuenta
        </Button>
      </Group>
      {accounts.isLoading ? (
        <Stack gap="sm" aria-label="Cargando cuentas bancarias">
          <Skeleton h={88} />
          <Skeleton h={88} />
        </Stack>
      ) : accounts.isError || !accounts.data ? (
        <Alert color="red" role="alert" title="Error">
          {getErrorMessage(accounts.error, 'No se pudieron cargar las cuentas bancarias')}
        </Alert>
      ) : accounts.data.length === 0 ? (
        <Stack align="center" gap={4} py="lg">
          <IconBuildingBank size={36} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text fw={600}>Aún no hay cuentas para conciliar</Text>
          <Text size="sm" c="dimmed" ta="center">
            Agrega la cuenta con su balance inicial y luego importa su estado de cuenta.
          </Text>
        </Stack>
      ) : (
        <Stack gap="sm">
          {accounts.data.map((account) => (
            <AccountRow key={account._id} account={account} onEdit={() => setEditing(account)} />
          ))}
        </Stack>
      )}
      <BankAccountFormModal
        opened={editing !== undefined}
        account={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
    </Card>
  );
}
