import {
  CreateRecurringInvoiceRequestSchema,
  RECURRING_FREQUENCIES,
  RECURRING_FREQUENCY_LABELS,
  type RecurringInvoice,
  UpdateRecurringInvoiceRequestSchema,
} from '@agencia/shared';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { ClientPicker, ProjectPicker } from '../../../components/pickers/pickers';
import { DateField } from '../../../components/ui/date-field';
import { getErrorMessage } from '../../../lib/api-client';
import { todayDateOnly } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import { useInvoiceDefaults } from '../../billing-shared/api/documents';
import {
  DocumentTotalsPanel,
  formTotals,
  itemsBody,
} from '../../billing-shared/components/document-form-parts';
import {
  type ItemValues,
  LineItemsEditor,
  newItem,
  num,
} from '../../billing-shared/components/line-items-editor';
import { useCreateRecurringInvoice, useUpdateRecurringInvoice } from '../api/recurring-invoices';

interface Values {
  clientId: string;
  projectId: string | null;
  frequency: (typeof RECURRING_FREQUENCIES)[number];
  dayOfMonth: number | string;
  startDate: string;
  endDate: string;
  count: number | string;
  autoSend: boolean;
  hoursIncluded: number | string;
  overageRate: number | string;
  items: ItemValues[];
  /** ITBIS (%) of each invoice; the company's rate until the user changes it. */
  taxRate: number | string;
}

/** An optional number input's value: empty → undefined. */
const opt = (v: number | string) => (v === '' ? undefined : Number(v));

function initial(r: RecurringInvoice | null, defaultTaxRate: number): Values {
  const today = todayDateOnly();
  return r
    ? {
        clientId: r.client._id,
        projectId: r.project?._id ?? null,
        frequency: r.frequency,
        dayOfMonth: r.dayOfMonth,
        startDate: r.startDate,
        endDate: r.endDate ?? '',
        count: r.count ?? '',
        autoSend: r.autoSend,
        hoursIncluded: r.hoursIncluded ?? '',
        overageRate: r.overageRate ?? '',
        items: r.items.map((it) => ({
          key: newItem().key,
          description: it.description,
          details: it.details ?? '',
          quantity: it.quantity,
          unitPrice: it.unitPrice,
          taxExempt: it.taxExempt,
        })),
        taxRate: r.taxRate ?? defaultTaxRate,
      }
    : {
        clientId: '',
        projectId: null,
        frequency: 'monthly',
        dayOfMonth: Number(today.slice(8)),
        startDate: today,
        endDate: '',
        count: '',
        autoSend: false,
        hoursIncluded: '',
        overageRate: '',
        items: [newItem()],
        taxRate: defaultTaxRate,
      };
}

/**
 * "Nueva iguala" / "Editar iguala" (admin, decision 111). Built from the invoice form's parts
 * (issue 32 point 6): the same line editor (Tarifa, live line totals, ITBIS-exempt lines) and the
 * same totals panel, so each period's invoice shows its ITBIS and total before saving. Validates
 * with the shared request schemas; edits apply to the periods not invoiced yet. The ITBIS rate
 * stays "the company's" (null) unless the user types another one.
 */
export function RetainerFormModal({
  opened,
  retainer,
  onClose,
}: {
  opened: boolean;
  retainer: RecurringInvoice | null;
  onClose: () => void;
}) {
  const defaults = useInvoiceDefaults(opened);
  const companyTaxRate = defaults.data?.taxRate ?? 18;
  const form = useForm<Values>({ mode: 'controlled', initialValues: initial(retainer, companyTaxRate) });
  const [error, setError] = useState<string | null>(null);
  const create = useCreateRecurringInvoice();
  const update = useUpdateRecurringInvoice();

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens, the retainer or the company rate changes
  useEffect(() => {
    if (opened) {
      form.setValues(initial(retainer, companyTaxRate));
      setError(null);
    }
  }, [opened, retainer, companyTaxRate]);

  const values = form.values;
  const currency = retainer?.currency ?? defaults.data?.currency ?? 'DOP';
  const totals = formTotals(values.items, values.taxRate, 0);

  const submit = async () => {
    const rate = num(values.taxRate);
    // Keep following the company's rate unless the retainer had its own or the user typed another.
    const ownRate = retainer?.taxRate != null || rate !== companyTaxRate;
    const body = {
      projectId: values.projectId,
      frequency: values.frequency,
      dayOfMonth: opt(values.dayOfMonth),
      endDate: values.endDate || null,
      count: opt(values.count) ?? null,
      autoSend: values.autoSend,
      hoursIncluded: opt(values.hoursIncluded) ?? null,
      overageRate: opt(values.overageRate) ?? null,
      taxRate: ownRate ? rate : null,
      items: itemsBody(values.items),
    };
    const parsed = retainer
      ? UpdateRecurringInvoiceRequestSchema.safeParse(body)
      : CreateRecurringInvoiceRequestSchema.safeParse({
          ...body,
          clientId: values.clientId,
          startDate: values.startDate,
        });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Revisa los datos');
      return;
    }
    try {
      if (retainer) await update.mutateAsync({ id: retainer._id, input: parsed.data as never });
      else await create.mutateAsync(parsed.data as never);
      toastSuccess(retainer ? 'Iguala actualizada' : 'Iguala creada');
      onClose();
    } catch (err) {
      setError(getErrorMessage(err, 'No se pudo guardar la iguala'));
    }
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      opened={opened}
      onClose={onClose}
      title={retainer ? 'Editar iguala' : 'Nueva iguala'}
      size="xl"
    >
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {retainer ? (
          <Text size="sm">
            Cliente: <strong>{retainer.client.name}</strong>. Los cambios se aplican a los periodos que aún no
            se han facturado.
          </Text>
        ) : (
          <ClientPicker
            enabled={opened}
            required
            placeholder="Selecciona un cliente"
            value={values.clientId || null}
            onChange={(v) => form.setValues({ clientId: v ?? '', projectId: null })}
          />
        )}
        <ProjectPicker
          key={values.clientId || 'none'}
          label="Proyecto (opcional)"
          enabled={opened && Boolean(values.clientId)}
          clientId={values.clientId || null}
          selected={retainer?.project ? { value: retainer.project._id, label: retainer.project.title } : null}
          placeholder={values.clientId ? 'Sin proyecto' : 'Selecciona primero el cliente'}
          clearable
          nothingFoundMessage="El cliente no tiene proyectos"
          value={values.projectId}
          onChange={(v) => form.setFieldValue('projectId', v)}
          disabled={!values.clientId}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="Frecuencia"
            data={RECURRING_FREQUENCIES.map((f) => ({ value: f, label: RECURRING_FREQUENCY_LABELS[f] }))}
            value={values.frequency}
            onChange={(v) => v && form.setFieldValue('frequency', v as Values['frequency'])}
            allowDeselect={false}
          />
          <NumberInput label="Día del mes" min={1} max={31} {...form.getInputProps('dayOfMonth')} />
          <DateField
            label="Fecha de inicio"
            {...form.getInputProps('startDate')}
            disabled={Boolean(retainer)}
          />
          <DateField label="Fecha final (opcional)" {...form.getInputProps('endDate')} />
          <NumberInput label="Cantidad de facturas (opcional)" min={1} {...form.getInputProps('count')} />
        </SimpleGrid>

        <LineItemsEditor form={form} lineTotalsCents={totals.lineTotalsCents} currency={currency} />

        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap="xs">
            <NumberInput
              label="ITBIS (%)"
              min={0}
              max={100}
              decimalScale={2}
              {...form.getInputProps('taxRate')}
            />
            <NumberInput
              label="Bolsa de horas por periodo (opcional)"
              min={0}
              {...form.getInputProps('hoursIncluded')}
            />
            <NumberInput
              label="Tarifa por hora adicional (opcional)"
              min={0}
              decimalScale={2}
              thousandSeparator=","
              {...form.getInputProps('overageRate')}
            />
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Cada factura
            </Text>
            <DocumentTotalsPanel
              totals={totals}
              currency={currency}
              taxRate={values.taxRate}
              testIdPrefix="retainer"
              withDiscount={false}
            />
          </Stack>
        </SimpleGrid>
        <Switch
          label="Emitir y enviar por correo cada factura al generarla"
          {...form.getInputProps('autoSend', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} loading={create.isPending || update.isPending}>
            {retainer ? 'Guardar cambios' : 'Crear iguala'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
