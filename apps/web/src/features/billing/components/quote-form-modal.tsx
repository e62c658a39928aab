import {
  CreateQuoteBodySchema,
  CURRENCIES,
  computeInvoiceTotals,
  type Quote,
  UpdateQuoteBodySchema,
} from '@agencia/shared';
import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { ClientPicker, ProjectPicker } from '../../../components/pickers/pickers';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useInvoiceDefaults } from '../api/invoices';
import { useCreateQuote, useUpdateQuote } from '../api/quotes';
import { addDaysIso, formatMoney, todayIso } from './format';
import {
  currencySymbol,
  type ItemValues,
  LineItemsEditor,
  newItem,
  num,
  TotalRow,
} from './line-items-editor';

interface FormValues {
  clientId: string;
  projectId: string | null;
  validUntil: string;
  items: ItemValues[];
  discountAmount: number | string;
  taxRate: number | string;
  currency: string;
  notes: string;
  advancePercent: number | string;
  createProject: boolean;
}

/** What a new quote starts with (e.g. from a quote request): client, lines, notes and its lead. */
export interface QuotePrefill {
  clientId?: string | null;
  clientLabel?: string;
  items?: Array<{ description: string; details?: string | null; quantity?: number; unitPrice?: number }>;
  notes?: string | null;
  quoteRequestId?: string;
}

function toBody(values: FormValues) {
  return {
    clientId: values.clientId,
    projectId: values.projectId || null,
    validUntil: values.validUntil,
    items: values.items.map((i) => ({
      description: i.description,
      details: i.details || null,
      quantity: num(i.quantity),
      unitPrice: num(i.unitPrice),
      taxExempt: i.taxExempt,
    })),
    discountAmount: num(values.discountAmount),
    taxRate: num(values.taxRate),
    currency: values.currency as (typeof CURRENCIES)[number],
    notes: values.notes || null,
    advancePercent: values.advancePercent === '' ? null : num(values.advancePercent),
    createProject: values.createProject,
  };
}

/**
 * 'Nueva cotización' / edit-draft modal (decision 114): client and project, validity date, the
 * invoices' line editor with live totals (same engine as the server), ITBIS, discount, currency,
 * the advance percentage and "create a project" options, and notes. What the user typed stays in
 * the form when the server refuses it.
 */
export function QuoteFormModal(props: {
  opened: boolean;
  onClose: () => void;
  quote?: Quote | null;
  prefill?: QuotePrefill | null;
  onSaved?: (quote: Quote) => void;
}) {
  const { opened, onClose, quote, prefill, onSaved } = props;
  const editing = Boolean(quote);
  const defaults = useInvoiceDefaults(opened);
  const create = useCreateQuote();
  const update = useUpdateQuote();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      clientId: '',
      projectId: null,
      validUntil: addDaysIso(todayIso(), 15),
      items: [newItem()],
      discountAmount: 0,
      taxRate: 18,
      currency: 'DOP',
      notes: '',
      advancePercent: '',
      createProject: false,
    },
    validate: (values) =>
      zodResolver(editing ? UpdateQuoteBodySchema : CreateQuoteBodySchema)(toBody(values) as never),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens or its subject changes
  useEffect(() => {
    if (!opened) return;
    if (quote) {
      form.setValues({
        clientId: quote.client._id,
        projectId: quote.project?._id ?? null,
        validUntil: quote.validUntil,
        items: quote.items.map((i) => ({
          key: i._id,
          description: i.description,
          details: i.details ?? '',
          quantity: i.quantity,
          unitPrice: i.unitPrice,
          taxExempt: i.taxExempt,
        })),
        discountAmount: quote.discountAmount,
        taxRate: quote.taxRate,
        currency: quote.currency,
        notes: quote.notes ?? '',
        advancePercent: quote.advancePercent ?? '',
        createProject: quote.createProject,
      });
      return;
    }
    form.reset();
    if (defaults.data) form.setValues({ taxRate: defaults.data.taxRate, currency: defaults.data.currency });
    if (prefill) {
      form.setValues({
        clientId: prefill.clientId ?? '',
        notes: prefill.notes ?? '',
        ...(prefill.items?.length
          ? {
              items: prefill.items.map((i) => ({
                ...newItem(),
                description: i.description.slice(0, 300),
                details: (i.details ?? '').slice(0, 1000),
                quantity: i.quantity ?? 1,
                unitPrice: i.unitPrice ?? 0,
              })),
            }
          : {}),
      });
    }
  }, [opened, quote?._id, defaults.data, prefill?.quoteRequestId, prefill?.clientId]);

  const totals = computeInvoiceTotals(
    form.values.items.map((i) => ({
      quantity: num(i.quantity),
      unitPrice: num(i.unitPrice),
      taxExempt: i.taxExempt,
    })),
    num(form.values.taxRate),
    num(form.values.discountAmount),
  );
  const currency = form.values.currency;

  const submit = form.onSubmit(async (values) => {
    try {
      const body = toBody(values);
      const saved = editing
        ? await update.mutateAsync({ id: quote!._id, body })
        : await create.mutateAsync({ ...body, quoteRequestId: prefill?.quoteRequestId ?? null });
      toastSuccess(
        editing ? 'Cotización actualizada' : 'Cotización creada',
        `${saved.quoteNumber} · ${formatMoney(saved.total, saved.currency)}`,
      );
      onSaved?.(saved);
      onClose();
    } catch (error) {
      toastError('No se pudo guardar la cotización', getErrorMessage(error, 'Inténtalo de nuevo'));
    }
  });

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      opened={opened}
      onClose={onClose}
      title={editing ? `Editar cotización ${quote?.quoteNumber ?? ''}` : 'Nueva cotización'}
      size="xl"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {prefill?.quoteRequestId && !prefill.clientId && (
            <Alert color="yellow" role="status" title="Cliente no encontrado">
              No hay un cliente con el correo de la solicitud. Créalo en Clientes (o conviértelo desde su
              solicitud de acceso) y luego selecciónalo aquí.
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ClientPicker
              enabled={opened}
              required
              placeholder="Selecciona un cliente"
              selected={
                quote
                  ? { value: quote.client._id, label: quote.client.name }
                  : prefill?.clientId && prefill.clientLabel
                    ? { value: prefill.clientId, label: prefill.clientLabel }
                    : null
              }
              value={form.values.clientId || null}
              error={form.errors.clientId}
              onChange={(value) => {
                form.setFieldValue('clientId', value ?? '');
                form.setFieldValue('projectId', null);
              }}
            />
            <ProjectPicker
              key={form.values.clientId || 'none'}
              enabled={opened && Boolean(form.values.clientId)}
              clientId={form.values.clientId || null}
              selected={quote?.project ? { value: quote.project._id, label: quote.project.title } : null}
              placeholder={form.values.clientId ? 'Sin proyecto' : 'Selecciona primero el cliente'}
              clearable
              disabled={!form.values.clientId}
              nothingFoundMessage="El cliente no tiene proyectos"
              value={form.values.projectId}
              onChange={(v) => form.setFieldValue('projectId', v)}
              error={form.errors.projectId}
            />
            <TextInput type="date" label="Válida hasta" required {...form.getInputProps('validUntil')} />
            <NumberInput
              label="Anticipo al aceptar (%)"
              description="Vacío: una sola factura por el total"
              min={1}
              max={99}
              allowDecimal={false}
              {...form.getInputProps('advancePercent')}
            />
          </SimpleGrid>

          <LineItemsEditor form={form} lineTotalsCents={totals.lineTotalsCents} currency={currency} />

          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Stack gap="xs">
              <SimpleGrid cols={2}>
                <NumberInput
                  label="ITBIS (%)"
                  min={0}
                  max={100}
                  decimalScale={2}
                  {...form.getInputProps('taxRate')}
                />
                <NumberInput
                  label={`Descuento (${currencySymbol(currency)})`}
                  min={0}
                  decimalScale={2}
                  thousandSeparator=","
                  {...form.getInputProps('discountAmount')}
                />
                <Select
                  label="Moneda"
                  data={[...CURRENCIES]}
                  allowDeselect={false}
                  {...form.getInputProps('currency')}
                />
              </SimpleGrid>
              <Checkbox
                label="Al aceptarla, crear un proyecto con los ítems como hitos"
                {...form.getInputProps('createProject', { type: 'checkbox' })}
              />
              <Textarea label="Notas" autosize minRows={2} {...form.getInputProps('notes')} />
            </Stack>
            <Paper withBorder p="md" radius="md" aria-label="Totales" data-testid="quote-form-totals">
              <Stack gap={6}>
                <TotalRow label="Subtotal" cents={totals.subtotalCents} currency={currency} />
                <TotalRow label="Descuento" cents={totals.discountCents} currency={currency} minus />
                {totals.exemptCents > 0 && (
                  <TotalRow label="Subtotal exento" cents={totals.exemptCents} currency={currency} />
                )}
                <TotalRow label="Base imponible ITBIS" cents={totals.taxableBaseCents} currency={currency} />
                <TotalRow
                  label={`ITBIS (${num(form.values.taxRate)}\u00a0%)`}
                  cents={totals.taxCents}
                  currency={currency}
                />
                <Divider />
                <TotalRow
                  label="Total"
                  cents={totals.totalCents}
                  currency={currency}
                  strong
                  testId="quote-form-total"
                />
              </Stack>
            </Paper>
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {editing ? 'Guardar cambios' : 'Crear cotización'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
