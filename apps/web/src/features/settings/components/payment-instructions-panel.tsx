import {
  BANK_ACCOUNT_CURRENCIES,
  BANK_ACCOUNT_MESSAGES,
  BANK_ACCOUNT_TYPE_LABELS,
  BANK_ACCOUNT_TYPES,
  type BankAccount,
  BankAccountInputSchema,
  type BankAccountType,
  DOMINICAN_BANKS,
  formatTaxId,
  MAX_BANK_ACCOUNTS,
  onlyDigits,
  type PaymentInstructions,
} from '@agencia/shared';
import {
  ActionIcon,
  Alert,
  Autocomplete,
  Button,
  Card,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconBuildingBank, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { AxiosError } from 'axios';
import { useEffect, useState } from 'react';
import { BankAccountDetails, bankAccountKind } from '../../../components/payment-instructions-card';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { usePaymentInstructions, useUpdatePaymentInstructions } from '../../../lib/payment-instructions-api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCompanySettings } from '../api/settings-api';

interface AccountValues {
  bank: string;
  accountType: BankAccountType;
  currency: (typeof BANK_ACCOUNT_CURRENCIES)[number];
  accountNumber: string;
  holderName: string;
  holderId: string;
}

/** The field of the modal a server error points at (`bankAccounts.{index}.{field}`), if any. */
function fieldOfServerError(
  error: unknown,
  index: number,
): { field: keyof AccountValues; message: string } | null {
  if (!(error instanceof AxiosError)) return null;
  const errors = (error.response?.data as { errors?: { field: string; message: string }[] } | undefined)
    ?.errors;
  const prefix = `bankAccounts.${index}.`;
  const hit = errors?.find((e) => e.field.startsWith(prefix));
  return hit ? { field: hit.field.slice(prefix.length) as keyof AccountValues, message: hit.message } : null;
}

const sameAccount = (
  a: Pick<BankAccount, 'bank' | 'accountNumber'>,
  b: Pick<BankAccount, 'bank' | 'accountNumber'>,
) =>
  a.bank.trim().toLowerCase() === b.bank.trim().toLowerCase() &&
  onlyDigits(a.accountNumber) === onlyDigits(b.accountNumber);

/**
 * Add or edit one bank account, validated with the shared `BankAccountInputSchema` (Spanish
 * messages); saving sends the whole list (`PUT /settings/payment-instructions`) and closes.
 * `index` null = a new account, prefilled with the company's name and RNC as holder.
 */
export function BankAccountModal({
  opened,
  index,
  instructions,
  defaultHolder,
  onClose,
}: {
  opened: boolean;
  index: number | null;
  instructions: PaymentInstructions;
  defaultHolder: { name: string; id: string };
  onClose: () => void;
}) {
  const update = useUpdatePaymentInstructions();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<AccountValues>({
    initialValues: {
      bank: '',
      accountType: 'corriente',
      currency: 'DOP',
      accountNumber: '',
      holderName: '',
      holderId: '',
    },
    validate: zodResolver(BankAccountInputSchema),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens
  useEffect(() => {
    if (!opened) return;
    setServerError(null);
    const current = index === null ? null : instructions.bankAccounts[index];
    form.setValues(
      current
        ? { ...current, holderId: formatTaxId(current.holderId) }
        : {
            bank: '',
            accountType: 'corriente',
            currency: 'DOP',
            accountNumber: '',
            holderName: defaultHolder.name,
            holderId: defaultHolder.id ? formatTaxId(defaultHolder.id) : '',
          },
    );
    form.resetDirty();
    form.clearErrors();
  }, [opened, index]);

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    if (instructions.bankAccounts.some((a, i) => i !== index && sameAccount(a, values))) {
      form.setFieldError('accountNumber', BANK_ACCOUNT_MESSAGES.duplicate);
      return;
    }
    const list = [...instructions.bankAccounts];
    const position = index ?? list.length;
    list[position] = values;
    try {
      await update.mutateAsync({ bankAccounts: list, otherMethods: instructions.otherMethods });
      toastSuccess(
        index === null ? 'Cuenta agregada' : 'Cuenta actualizada',
        `${values.bank.trim()}: tus clientes la verán en sus facturas.`,
      );
      onClose();
    } catch (error) {
      const field = fieldOfServerError(error, position);
      if (field && field.field in values) form.setFieldError(field.field, field.message);
      else setServerError(getErrorMessage(error, 'No se pudo guardar la cuenta'));
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={index === null ? 'Agregar cuenta bancaria' : 'Editar cuenta bancaria'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Autocomplete
            label="Banco"
            description="Elige uno de la lista o escribe el nombre"
            placeholder="Escribe o elige un banco"
            data={[...DOMINICAN_BANKS]}
            withAsterisk
            maxLength={100}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('bank')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="account-type-label">
                Tipo de cuenta
              </Text>
              <SegmentedControl
                aria-labelledby="account-type-label"
                data={BANK_ACCOUNT_TYPES.map((t) => ({ value: t, label: BANK_ACCOUNT_TYPE_LABELS[t] }))}
                {...form.getInputProps('accountType')}
              />
            </Stack>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="account-currency-label">
                Moneda
              </Text>
              <SegmentedControl
                aria-labelledby="account-currency-label"
                data={BANK_ACCOUNT_CURRENCIES.map((c) => ({
                  value: c,
                  label: c === 'DOP' ? 'Pesos (DOP)' : 'Dólares (USD)',
                }))}
                {...form.getInputProps('currency')}
              />
            </Stack>
          </SimpleGrid>
          <TextInput
            label="Número de cuenta"
            description="Solo dígitos, con espacios o guiones si quieres"
            inputMode="numeric"
            withAsterisk
            maxLength={40}
            {...form.getInputProps('accountNumber')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Titular"
              description="Como aparece en la cuenta"
              withAsterisk
              maxLength={150}
              {...form.getInputProps('holderName')}
            />
            <TextInput
              label="RNC o cédula del titular"
              description="RNC de 9 dígitos o cédula de 11"
              inputMode="numeric"
              withAsterisk
              maxLength={20}
              {...form.getInputProps('holderId')}
            />
          </SimpleGrid>
          {serverError && (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={update.isPending}>
              {index === null ? 'Agregar cuenta' : 'Guardar cambios'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** "Otras formas de pago": free text saved with the current accounts. */
function OtherMethodsCard({ instructions }: { instructions: PaymentInstructions }) {
  const update = useUpdatePaymentInstructions();
  const [text, setText] = useState(instructions.otherMethods ?? '');
  useEffect(() => setText(instructions.otherMethods ?? ''), [instructions.otherMethods]);
  const tooLong = text.length > 1000;
  const save = async () => {
    try {
      await update.mutateAsync({ bankAccounts: instructions.bankAccounts, otherMethods: text });
      toastSuccess('Datos de pago guardados', 'Otras formas de pago actualizadas.');
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudieron guardar las otras formas de pago'));
    }
  };
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="other-methods-title">
      <Title order={2} size="h4" id="other-methods-title">
        Otras formas de pago
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Por ejemplo: PayPal, tarjeta de crédito por enlace de pago, efectivo o cheque en la oficina.
      </Text>
      <Textarea
        aria-labelledby="other-methods-title"
        rows={4}
        resize="vertical"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={tooLong ? 'Máximo 1000 caracteres' : undefined}
        placeholder="PayPal: pagos@agenciadigital.do · Efectivo en la oficina (lunes a viernes, 9:00 a. m. a 5:00 p. m.)"
      />
      <Group justify="flex-end" mt="sm">
        <Button
          onClick={save}
          loading={update.isPending}
          disabled={tooLong || text.trim() === (instructions.otherMethods ?? '')}
        >
          Guardar
        </Button>
      </Group>
    </Card>
  );
}

/**
 * Configuración → Datos de pago (admin, issue 18): the bank accounts clients see on their invoices,
 * the invoice PDF and Mis Facturas — add, edit, remove (after confirmation) — and other ways to pay.
 */
export function PaymentInstructionsPanel() {
  const query = usePaymentInstructions();
  const company = useCompanySettings();
  const update = useUpdatePaymentInstructions();
  const [editing, setEditing] = useState<number | null | undefined>(undefined);

  if (query.isLoading) return <Skeleton h={200} />;
  if (query.isError || !query.data)
    return (
      <Alert color="red" title="Error">
        {getErrorMessage(query.error, 'No se pudieron cargar los datos de pago')}
      </Alert>
    );
  const instructions = query.data;
  const accounts = instructions.bankAccounts;
  const full = accounts.length >= MAX_BANK_ACCOUNTS;

  const confirmRemove = (index: number) => {
    const account = accounts[index]!;
    modals.openConfirmModal({
      title: 'Eliminar cuenta bancaria',
      children: (
        <Text size="sm">
          ¿Eliminar la cuenta {account.accountNumber} de {account.bank}? Tus clientes dejarán de verla en sus
          facturas.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await update.mutateAsync({
            bankAccounts: accounts.filter((_, i) => i !== index),
            otherMethods: instructions.otherMethods,
          });
          toastSuccess('Cuenta eliminada', `${account.bank} ya no aparece en las facturas.`);
        } catch (error) {
          toastError('Error', getErrorMessage(error, 'No se pudo eliminar la cuenta'));
        }
      },
    });
  };

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" component="section" aria-labelledby="bank-accounts-title">
        <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
          <div style={{ flex: '1 1 240px' }}>
            <Title order={2} size="h4" id="bank-accounts-title">
              Cuentas bancarias
            </Title>
            <Text size="sm" c="dimmed">
              Aparecen en «Cómo pagar» de cada factura pendiente, en Mis Facturas y en el PDF.
            </Text>
          </div>
          <Tooltip label={`Máximo ${MAX_BANK_ACCOUNTS} cuentas`} disabled={!full}>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)} disabled={full}>
              Agregar cuenta
            </Button>
          </Tooltip>
        </Group>
        {accounts.length === 0 ? (
          <Stack align="center" gap={4} py="lg">
            <IconBuildingBank size={36} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text fw={600}>Aún no hay cuentas</Text>
            <Text size="sm" c="dimmed" ta="center">
              Agrega al menos una para que tus clientes sepan dónde transferir.
            </Text>
          </Stack>
        ) : (
          <Stack gap="sm">
            {accounts.map((account, i) => (
              <Paper
                key={`${account.bank}-${account.accountNumber}`}
                withBorder
                radius="md"
                p="sm"
                aria-label={`${account.bank}, ${bankAccountKind(account)}, ${account.accountNumber}`}
                component="article"
              >
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <BankAccountDetails account={account} />
                  </div>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label="Editar">
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="lg"
                        aria-label={`Editar cuenta ${account.accountNumber}`}
                        onClick={() => setEditing(i)}
                      >
                        <IconPencil size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Eliminar">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={`Eliminar cuenta ${account.accountNumber}`}
                        onClick={() => confirmRemove(i)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Card>
      <OtherMethodsCard instructions={instructions} />
      <BankAccountModal
        opened={editing !== undefined}
        index={editing ?? null}
        instructions={instructions}
        defaultHolder={{ name: company.data?.name ?? '', id: company.data?.taxId ?? '' }}
        onClose={() => setEditing(undefined)}
      />
    </Stack>
  );
}
