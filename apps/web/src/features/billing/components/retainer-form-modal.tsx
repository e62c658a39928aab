import {
  CreateRecurringInvoiceRequestSchema,
  RECURRING_FREQUENCIES,
  RECURRING_FREQUENCY_LABELS,
  type RecurringInvoice,
  UpdateRecurringInvoiceRequestSchema,
} from '@agencia/shared';
import {
  ActionIcon,
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
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ClientPicker, ProjectPicker } from '../../../components/pickers/pickers';
import { getErrorMessage } from '../../../lib/api-client';
import { todayDateOnly } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import { useCreateRecurringInvoice, useUpdateRecurringInvoice } from '../api/recurring-invoices';

interface Line {
  description: string;
  quantity: number | string;
  unitPrice: number | string;
}

interface Values {
  clientId: string | null;
  projectId: string | null;
  frequency: (typeof RECURRING_FREQUENCIES)[number];
  dayOfMonth: number | string;
  startDate: string;
  endDate: string;
  count: number | string;
  autoSend: boolean;
  hoursIncluded: number | string;
  overageRate: number | string;
  items: Line[];
}

const emptyLine: Line = { description: '', quantity: 1, unitPrice: '' };
const num = (v: number | string) => (v === '' ? undefined : Number(v));

function initial(r: RecurringInvoice | null): Values {
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
          description: it.description,
          quantity: it.quantity,
          unitPrice: it.unitPrice,
        })),
      }
    : {
        clientId: null,
        projectId: null,
        frequency: 'monthly',
        dayOfMonth: Number(today.slice(8)),
        startDate: today,
        endDate: '',
        count: '',
        autoSend: false,
        hoursIncluded: '',
        overageRate: '',
        items: [{ ...emptyLine }],
      };
}

/**
 * "Nueva iguala" / "Editar iguala" (admin, decision 111). Validates with the shared request
 * schemas; edits apply to the periods not invoiced yet.
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
  const [values, setValues] = useState<Values>(() => initial(retainer));
  const [error, setError] = useState<string | null>(null);
  const create = useCreateRecurringInvoice();
  const update = useUpdateRecurringInvoice();

  useEffect(() => {
    if (opened) {
      setValues(initial(retainer));
      setError(null);
    }
  }, [opened, retainer]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const setLine = (i: number, patch: Partial<Line>) =>
    setValues((v) => ({ ...v, items: v.items.map((l, j) => (j === i ? { ...l, ...patch } : l)) }));

  const submit = async () => {
    const body = {
      projectId: values.projectId,
      frequency: values.frequency,
      dayOfMonth: num(values.dayOfMonth),
      endDate: values.endDate || null,
      count: num(values.count) ?? null,
      autoSend: values.autoSend,
      hoursIncluded: num(values.hoursIncluded) ?? null,
      overageRate: num(values.overageRate) ?? null,
      items: values.items.map((l) => ({
        description: l.description,
        quantity: num(l.quantity),
        unitPrice: num(l.unitPrice),
      })),
    };
    const parsed = retainer
      ? UpdateRecurringInvoiceRequestSchema.safeParse(body)
      : CreateRecurringInvoiceRequestSchema.safeParse({
          ...body,
          clientId: values.clientId ?? '',
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
      size="lg"
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
            value={values.clientId}
            onChange={(v) => setValues((s) => ({ ...s, clientId: v, projectId: null }))}
          />
        )}
        <ProjectPicker
          key={values.clientId ?? 'none'}
          label="Proyecto (opcional)"
          enabled={opened && Boolean(values.clientId)}
          clientId={values.clientId}
          selected={retainer?.project ? { value: retainer.project._id, label: retainer.project.title } : null}
          placeholder={values.clientId ? 'Sin proyecto' : 'Selecciona primero el cliente'}
          clearable
          nothingFoundMessage="El cliente no tiene proyectos"
          value={values.projectId}
          onChange={(v) => set('projectId', v)}
          disabled={!values.clientId}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="Frecuencia"
            data={RECURRING_FREQUENCIES.map((f) => ({ value: f, label: RECURRING_FREQUENCY_LABELS[f] }))}
            value={values.frequency}
            onChange={(v) => v && set('frequency', v as Values['frequency'])}
            allowDeselect={false}
          />
          <NumberInput
            label="Día del mes"
            min={1}
            max={31}
            value={values.dayOfMonth}
            onChange={(v) => set('dayOfMonth', v)}
          />
          <TextInput
            label="Fecha de inicio"
            type="date"
            value={values.startDate}
            onChange={(e) => set('startDate', e.currentTarget.value)}
            disabled={Boolean(retainer)}
          />
          <TextInput
            label="Fecha final (opcional)"
            type="date"
            value={values.endDate}
            onChange={(e) => set('endDate', e.currentTarget.value)}
          />
          <NumberInput
            label="Cantidad de facturas (opcional)"
            min={1}
            value={values.count}
            onChange={(v) => set('count', v)}
          />
        </SimpleGrid>
        <Text fw={600} size="sm">
          Ítems de cada factura
        </Text>
        {values.items.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id until saved
          <Group key={i} align="flex-end" wrap="nowrap">
            <TextInput
              label={i === 0 ? 'Descripción' : undefined}
              aria-label={`Descripción del ítem ${i + 1}`}
              style={{ flex: 1 }}
              value={line.description}
              onChange={(e) => setLine(i, { description: e.currentTarget.value })}
            />
            <NumberInput
              label={i === 0 ? 'Cantidad' : undefined}
              aria-label={`Cantidad del ítem ${i + 1}`}
              w={90}
              min={1}
              value={line.quantity}
              onChange={(v) => setLine(i, { quantity: v })}
            />
            <NumberInput
              label={i === 0 ? 'Precio unitario' : undefined}
              aria-label={`Precio unitario del ítem ${i + 1}`}
              w={140}
              min={0}
              decimalScale={2}
              value={line.unitPrice}
              onChange={(v) => setLine(i, { unitPrice: v })}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Quitar ítem ${i + 1}`}
              disabled={values.items.length === 1}
              onClick={() => setValues((v) => ({ ...v, items: v.items.filter((_, j) => j !== i) }))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="subtle"
          leftSection={<IconPlus size={16} />}
          onClick={() => setValues((v) => ({ ...v, items: [...v.items, { ...emptyLine }] }))}
          style={{ alignSelf: 'flex-start' }}
        >
          Agregar ítem
        </Button>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Bolsa de horas por periodo (opcional)"
            min={0}
            value={values.hoursIncluded}
            onChange={(v) => set('hoursIncluded', v)}
          />
          <NumberInput
            label="Tarifa por hora adicional (opcional)"
            min={0}
            decimalScale={2}
            value={values.overageRate}
            onChange={(v) => set('overageRate', v)}
          />
        </SimpleGrid>
        <Switch
          label="Emitir y enviar por correo cada factura al generarla"
          checked={values.autoSend}
          onChange={(e) => set('autoSend', e.currentTarget.checked)}
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
