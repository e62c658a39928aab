import {
  type BankRule,
  type BankRuleRequest,
  BankRuleRequestSchema,
  EXPENSE_TYPE_LABELS,
  EXPENSE_TYPES,
  type ExpenseType,
  formatMoney,
  type ReconciliationAccount,
} from '@agencia/shared';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { SupplierPicker } from '../../../components/pickers/pickers';
import { ModalFormFooter } from '../../../components/ui/modal-form-footer';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useBankRules, useDeleteBankRule, useSaveBankRule } from '../api/bank-rules';

interface RuleValues {
  name: string;
  bankAccountId: string | null;
  descriptionContains: string;
  amountMin: number | string;
  amountMax: number | string;
  supplierId: string;
  expenseType: ExpenseType;
  expenseDescription: string;
  active: boolean;
}

const EMPTY: RuleValues = {
  name: '',
  bankAccountId: null,
  descriptionContains: '',
  amountMin: '',
  amountMax: '',
  supplierId: '',
  expenseType: '02',
  expenseDescription: '',
  active: true,
};

const num = (v: number | string) => (v === '' || v === null ? null : Number(v));
const bodyOf = (v: RuleValues): BankRuleRequest => ({
  name: v.name,
  bankAccountId: v.bankAccountId,
  descriptionContains: v.descriptionContains.trim() || null,
  amountMin: num(v.amountMin),
  amountMax: num(v.amountMax),
  supplierId: v.supplierId,
  expenseType: v.expenseType,
  expenseDescription: v.expenseDescription.trim() || null,
  active: v.active,
});

/** The rule's conditions in words: "contiene «COMISION» · de RD$100.00 a RD$500.00". */
export function ruleConditions(
  rule: Pick<BankRule, 'descriptionContains' | 'amountMin' | 'amountMax'>,
  currency = 'DOP',
) {
  const parts: string[] = [];
  if (rule.descriptionContains) parts.push(`descripción contiene «${rule.descriptionContains}»`);
  if (rule.amountMin != null && rule.amountMax != null)
    parts.push(
      `monto de ${formatMoney(rule.amountMin, currency)} a ${formatMoney(rule.amountMax, currency)}`,
    );
  else if (rule.amountMin != null) parts.push(`monto desde ${formatMoney(rule.amountMin, currency)}`);
  else if (rule.amountMax != null) parts.push(`monto hasta ${formatMoney(rule.amountMax, currency)}`);
  return parts.join(' · ');
}

function RuleFormModal({
  opened,
  rule,
  accounts,
  onClose,
}: {
  opened: boolean;
  rule: BankRule | null;
  accounts: ReconciliationAccount[];
  onClose: () => void;
}) {
  const save = useSaveBankRule();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<RuleValues>({
    initialValues: EMPTY,
    // The schema reads the request body (empty amounts → null), not the raw field values.
    validate: (values) => zodResolver(BankRuleRequestSchema)(bodyOf(values) as never),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens
  useEffect(() => {
    if (!opened) return;
    setServerError(null);
    form.setValues(
      rule
        ? {
            name: rule.name,
            bankAccountId: rule.bankAccountId,
            descriptionContains: rule.descriptionContains ?? '',
            amountMin: rule.amountMin ?? '',
            amountMax: rule.amountMax ?? '',
            supplierId: rule.supplier._id,
            expenseType: rule.expenseType,
            expenseDescription: rule.expenseDescription ?? '',
            active: rule.active,
          }
        : EMPTY,
    );
    form.clearErrors();
  }, [opened, rule]);

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      await save.mutateAsync({ id: rule?._id ?? null, body: bodyOf(values) });
      toastSuccess(rule ? 'Regla actualizada' : 'Regla creada', values.name);
      onClose();
    } catch (error) {
      setServerError(getErrorMessage(error, 'No se pudo guardar la regla'));
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={rule ? 'Editar regla de débitos' : 'Nueva regla de débitos'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Nombre"
            withAsterisk
            maxLength={100}
            placeholder="Comisiones del banco"
            {...form.getInputProps('name')}
          />
          <Text size="sm" fw={600}>
            Cuando un débito…
          </Text>
          <TextInput
            label="Descripción contiene"
            description="Sin importar mayúsculas ni acentos, p. ej. COMISION"
            maxLength={100}
            {...form.getInputProps('descriptionContains')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput
              label="Monto desde"
              min={0}
              decimalScale={2}
              thousandSeparator=","
              {...form.getInputProps('amountMin')}
            />
            <NumberInput
              label="Monto hasta"
              min={0}
              decimalScale={2}
              thousandSeparator=","
              {...form.getInputProps('amountMax')}
            />
          </SimpleGrid>
          <Select
            label="Cuenta"
            data={[
              { value: '', label: 'Todas las cuentas' },
              ...accounts.map((a) => ({ value: a._id, label: `${a.bank} · ${a.accountNumber}` })),
            ]}
            value={form.values.bankAccountId ?? ''}
            onChange={(v) => form.setFieldValue('bankAccountId', v ? v : null)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Text size="sm" fw={600}>
            …es un gasto de
          </Text>
          <SupplierPicker
            withAsterisk
            value={form.values.supplierId || null}
            onChange={(v) => form.setFieldValue('supplierId', v ?? '')}
            selected={rule ? { value: rule.supplier._id, label: rule.supplier.name } : null}
            error={form.errors.supplierId}
            enabled={opened}
          />
          <Select
            label="Tipo de gasto (606)"
            data={EXPENSE_TYPES.map((t) => ({ value: t, label: `${t} · ${EXPENSE_TYPE_LABELS[t]}` }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('expenseType')}
          />
          <TextInput
            label="Descripción del gasto"
            description="Vacía: la de la línea del banco"
            maxLength={500}
            {...form.getInputProps('expenseDescription')}
          />
          <Switch label="Activa" {...form.getInputProps('active', { type: 'checkbox' })} />
          <ModalFormFooter
            error={serverError}
            onCancel={onClose}
            loading={save.isPending}
            submitLabel={rule ? 'Guardar cambios' : 'Crear regla'}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * "Reglas de débitos" (decision 167): a debit whose description contains a text and/or whose amount
 * is in a range is an expense of a supplier and type; the lines it fits get a suggestion that
 * creates the expense. List, create, edit, delete (after confirmation).
 */
export function BankRulesPanel({ accounts }: { accounts: ReconciliationAccount[] }) {
  const rules = useBankRules();
  const remove = useDeleteBankRule();
  const [editing, setEditing] = useState<BankRule | null | undefined>(undefined);
  const confirmDelete = (rule: BankRule) =>
    modals.openConfirmModal({
      title: 'Eliminar regla',
      children: (
        <Text size="sm">
          ¿Eliminar la regla «{rule.name}»? Los gastos que ya creó se quedan; las líneas dejarán de sugerirla.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync(rule._id);
          toastSuccess('Regla eliminada', rule.name);
        } catch (error) {
          toastError('Error', getErrorMessage(error, 'No se pudo eliminar la regla'));
        }
      },
    });

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="bank-rules-title">
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
        <div style={{ flex: '1 1 240px' }}>
          <Title order={2} size="h4" id="bank-rules-title">
            Reglas de débitos
          </Title>
          <Text size="sm" c="dimmed">
            Comisiones, cargos e impuestos del banco: la regla propone el gasto y lo crea al aceptarla.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
          Nueva regla
        </Button>
      </Group>
      {rules.isLoading ? (
        <Skeleton h={80} aria-label="Cargando reglas" />
      ) : rules.isError || !rules.data ? (
        <Alert color="red" role="alert">
          {getErrorMessage(rules.error, 'No se pudieron cargar las reglas')}
        </Alert>
      ) : rules.data.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          Aún no hay reglas. Ejemplo: descripción contiene «COMISION» → gasto bancario de tu banco.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {rules.data.map((rule) => (
            <Paper key={rule._id} component="li" withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Stack gap={2} miw={0}>
                  <Group gap="xs">
                    <Text fw={600} size="sm">
                      {rule.name}
                    </Text>
                    {!rule.active && (
                      <Badge size="xs" color="gray" variant="light">
                        Inactiva
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    Si {ruleConditions(rule)} → {EXPENSE_TYPE_LABELS[rule.expenseType]}, {rule.supplier.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {rule.bankAccountId
                      ? (accounts.find((a) => a._id === rule.bankAccountId)?.bank ?? 'Una cuenta')
                      : 'Todas las cuentas'}
                  </Text>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Editar">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="lg"
                      aria-label={`Editar regla ${rule.name}`}
                      onClick={() => setEditing(rule)}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Eliminar">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={`Eliminar regla ${rule.name}`}
                      onClick={() => confirmDelete(rule)}
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
      <RuleFormModal
        opened={editing !== undefined}
        rule={editing ?? null}
        accounts={accounts}
        onClose={() => setEditing(undefined)}
      />
    </Card>
  );
}
