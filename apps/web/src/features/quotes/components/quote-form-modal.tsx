import { CreateQuoteBodySchema, CURRENCIES, type Quote, UpdateQuoteBodySchema } from '@agencia/shared';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useInvoiceDefaults } from '../../billing-shared/api/documents';
import {
  ClientProjectPickers,
  type DocumentFormValues,
  DocumentTotalsPanel,
  formTotals,
  itemsBody,
  itemValuesOf,
} from '../../billing-shared/components/document-form-parts';
import { addDaysIso, formatMoney, todayIso } from '../../billing-shared/components/format';
import {
  currencySymbol,
  LineItemsEditor,
  newItem,
  num,
} from '../../billing-shared/components/line-items-editor';
import { useCreateQuote, useUpdateQuote } from '../api/quotes';

interface FormValues extends DocumentFormValues {
  validUntil: string;
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
    items: itemsBody(values.items),
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
        items: itemValuesOf(quote.items),
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

  const totals = formTotals(form.values.items, form.values.taxRate, num(form.values.discountAmount));
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
            <ClientProjectPickers
              form={form}
              opened={opened}
              client={
                quote
                  ? { value: quote.client._id, label: quote.client.name }
                  : prefill?.clientId && prefill.clientLabel
                    ? { value: prefill.clientId, label: prefill.clientLabel }
                    : null
              }
              project={quote?.project ? { value: quote.project._id, label: quote.project.title } : null}
            />
            <DateField label="Válida hasta" required {...form.getInputProps('validUntil')} />
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
            <DocumentTotalsPanel
              totals={totals}
              currency={currency}
              taxRate={form.values.taxRate}
              testIdPrefix="quote"
            />
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
