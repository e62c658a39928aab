import {
  CreateInvoiceRequestSchema,
  CURRENCIES,
  clientOptionLabel,
  defaultDocumentType,
  fiscalDocumentTypeLabel,
  INVOICE_DOCUMENT_TYPES,
  type Invoice,
  type InvoiceDocumentType,
  isForeignCurrency,
  isValidBuyerId,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  requiresBuyerId,
  typeFitsBuyer,
  UpdateInvoiceRequestSchema,
} from '@agencia/shared';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useEffect } from 'react';
import { ExchangeRateNotice } from '../../../components/exchange-rate-notice';
import { DateField } from '../../../components/ui/date-field';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
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
import { useCreateInvoice, useInvoiceClient, useUpdateInvoice } from '../api/invoices';
import { invoiceFormDateNotice } from './issue-date-notice';

interface FormValues extends DocumentFormValues {
  /** '' = not chosen by the user: follows the client's profile. */
  documentType: InvoiceDocumentType | '';
  issueDate: string;
  dueDate: string;
  /** How the discount is typed: an amount in the invoice currency, or a percentage of the subtotal. */
  discountMode: 'amount' | 'percent';
  discountPercent: number | string;
  paymentMethod: string | null;
  asDraft: boolean;
}

/**
 * Discount in currency units that the API receives (`discountAmount`): the typed amount, or the
 * typed percentage of the subtotal rounded half-up to centavos (issue 18: the field says its unit,
 * RD$/US$ or %).
 */
export function discountAmountOf(
  values: Pick<FormValues, 'discountMode' | 'discountAmount' | 'discountPercent'>,
  subtotalCents: number,
): number {
  if (values.discountMode === 'amount') return num(values.discountAmount);
  const pct = Math.min(100, Math.max(0, num(values.discountPercent)));
  return Math.round((subtotalCents * pct) / 100) / 100;
}

/**
 * The discount when its unit switches (issue 32 point 10): the typed value converted, not reset —
 * an amount becomes its percentage of the subtotal and a percentage its amount, both rounded
 * to two decimals. Without a subtotal a percentage can't be derived: it stays 0.
 */
export function convertDiscount(
  values: Pick<FormValues, 'discountMode' | 'discountAmount' | 'discountPercent'>,
  to: FormValues['discountMode'],
  subtotalCents: number,
): Pick<FormValues, 'discountMode' | 'discountAmount' | 'discountPercent'> {
  if (to === values.discountMode) return values;
  if (to === 'percent') {
    const cents = Math.round(num(values.discountAmount) * 100);
    const pct = subtotalCents > 0 ? Math.round((cents * 10_000) / subtotalCents) / 100 : 0;
    return { discountMode: 'percent', discountAmount: values.discountAmount, discountPercent: pct };
  }
  return {
    discountMode: 'amount',
    discountAmount: discountAmountOf(values, subtotalCents),
    discountPercent: values.discountPercent,
  };
}

function subtotalCentsOf(values: FormValues): number {
  return formTotals(values.items, 0, 0).subtotalCents;
}

function toRequest(values: FormValues) {
  return {
    clientId: values.clientId,
    projectId: values.projectId || null,
    documentType: values.documentType || null,
    issueDate: values.issueDate,
    dueDate: values.dueDate,
    items: itemsBody(values.items),
    discountAmount: discountAmountOf(values, subtotalCentsOf(values)),
    taxRate: num(values.taxRate),
    currency: values.currency as (typeof CURRENCIES)[number],
    paymentMethod: (values.paymentMethod || null) as (typeof PAYMENT_METHODS)[number] | null,
    notes: values.notes || null,
  };
}

/** The discount's unit switch: amount in the currency or percentage of the subtotal. */
function DiscountUnit({ form, currency }: { form: UseFormReturnType<FormValues>; currency: string }) {
  return (
    <SegmentedControl
      size="xs"
      aria-label="Unidad del descuento"
      value={form.values.discountMode}
      onChange={(v) =>
        form.setValues(
          convertDiscount(form.values, v as FormValues['discountMode'], subtotalCentsOf(form.values)),
        )
      }
      data={[
        { value: 'amount', label: currencySymbol(currency) },
        { value: 'percent', label: '%' },
      ]}
    />
  );
}

interface InvoiceFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** Edit this draft; create a new invoice when absent. */
  invoice?: Invoice | null;
  onSaved?: (invoice: Invoice) => void;
}

/**
 * 'Nueva Factura' / edit-draft modal (spec doc 2 §2 "Billing list" creation modal): real client
 * and project selects, dates, any number of item rows with live totals (same arithmetic as the
 * server), notes and the 'guardar como borrador' switch. A notice under the dates says that
 * issuing dates the invoice today and keeps its term (decision 132).
 */
export function InvoiceFormModal({ opened, onClose, invoice, onSaved }: InvoiceFormModalProps) {
  useDateDisplay();
  const editing = Boolean(invoice);
  const defaults = useInvoiceDefaults(opened);
  const create = useCreateInvoice();
  const update = useUpdateInvoice();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      clientId: '',
      projectId: null,
      documentType: '',
      issueDate: todayIso(),
      dueDate: addDaysIso(todayIso(), 30),
      items: [newItem()],
      discountAmount: 0,
      discountMode: 'amount',
      discountPercent: 0,
      taxRate: 18,
      currency: 'DOP',
      paymentMethod: 'bank_transfer',
      notes: '',
      asDraft: true,
    },
    validate: (values) => {
      const schema = editing ? UpdateInvoiceRequestSchema : CreateInvoiceRequestSchema;
      const errors = zodResolver(schema)({ ...toRequest(values), asDraft: values.asDraft } as never);
      // In % mode the message belongs to the field on screen.
      if (values.discountMode === 'percent' && errors.discountAmount) {
        errors.discountPercent = errors.discountAmount;
        delete errors.discountAmount;
      }
      return errors;
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens or the invoice changes
  useEffect(() => {
    if (!opened) return;
    if (invoice) {
      form.setValues({
        clientId: invoice.client._id,
        projectId: invoice.project?._id ?? null,
        documentType: (invoice.documentType as InvoiceDocumentType | null) ?? '',
        issueDate: invoice.issueDate,
        dueDate: invoice.dueDate,
        items: itemValuesOf(invoice.items),
        discountAmount: invoice.discountAmount,
        discountMode: 'amount',
        discountPercent: 0,
        taxRate: invoice.taxRate,
        currency: invoice.currency,
        paymentMethod: invoice.paymentMethod,
        notes: invoice.notes ?? '',
        asDraft: true,
      });
    } else {
      form.reset();
      if (defaults.data) form.setValues({ taxRate: defaults.data.taxRate, currency: defaults.data.currency });
    }
  }, [opened, invoice?._id, defaults.data]);

  // The chosen client's fiscal profile (one `GET /clients/{id}`, not the whole client list).
  const chosenClient = useInvoiceClient(opened && form.values.clientId ? form.values.clientId : undefined);
  const totals = formTotals(
    form.values.items,
    form.values.taxRate,
    discountAmountOf(form.values, subtotalCentsOf(form.values)),
  );
  const currency = form.values.currency;
  const profile =
    form.values.clientId && chosenClient.data?._id === form.values.clientId ? chosenClient.data : undefined;
  // The type the server will use when the user picks none: the client's profile + the agency's mode.
  const suggestedType =
    profile && defaultDocumentType(profile.taxpayerType, defaults.data?.fiscalMode ?? 'paper');
  const effectiveType = form.values.documentType || suggestedType || null;
  const missingBuyerId =
    effectiveType !== null &&
    requiresBuyerId(effectiveType, Math.max(0, totals.totalCents)) &&
    !(profile?.companyRUC && (isValidBuyerId(profile.companyRUC) || profile.taxIdOverrideReason));

  // What issuing does to the dates, said before the user saves (decision 132).
  const dateNotice = invoiceFormDateNotice(form.values, !editing && !form.values.asDraft);

  const submit = form.onSubmit(async (values) => {
    try {
      const body = toRequest(values);
      const saved = editing
        ? await update.mutateAsync({ id: invoice!._id, body })
        : await create.mutateAsync({ ...body, asDraft: values.asDraft });
      toastSuccess(
        editing ? 'Factura actualizada' : values.asDraft ? 'Factura creada' : 'Factura enviada',
        `${saved.invoiceNumber} · ${formatMoney(saved.total, saved.currency)}`,
      );
      onSaved?.(saved);
      onClose();
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo guardar la factura'));
    }
  });

  const pending = create.isPending || update.isPending;
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      opened={opened}
      onClose={onClose}
      title={editing ? `Editar factura ${invoice?.invoiceNumber ?? ''}` : 'Nueva Factura'}
      size="xl"
      fullScreen={false}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ClientProjectPickers
              form={form}
              opened={opened}
              client={
                invoice
                  ? {
                      value: invoice.client._id,
                      label: clientOptionLabel({ ...invoice.client, companyName: invoice.client.company }),
                    }
                  : null
              }
              project={invoice?.project ? { value: invoice.project._id, label: invoice.project.title } : null}
              onClientChange={() => {
                // The type follows the client unless the user chose another than the old client's suggestion.
                if (form.values.documentType === suggestedType) form.setFieldValue('documentType', '');
              }}
            />
            <Select
              label="Tipo de comprobante"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              description={
                suggestedType && form.values.documentType && form.values.documentType !== suggestedType
                  ? `Sugerido para este cliente: ${fiscalDocumentTypeLabel(suggestedType)}`
                  : suggestedType
                    ? 'Según el perfil fiscal del cliente'
                    : 'Define el NCF que se asigna al emitir'
              }
              placeholder={
                suggestedType ? fiscalDocumentTypeLabel(suggestedType) : 'Selecciona primero el cliente'
              }
              // Only the types this buyer may receive (B14/E44, B15/E45, B16/E46 are for one profile
              // each, issue 27 point 7: the API refuses the others with a 400).
              data={INVOICE_DOCUMENT_TYPES.filter(
                (t) => !profile || typeFitsBuyer(t, profile.taxpayerType) || t === form.values.documentType,
              ).map((t) => ({ value: t, label: fiscalDocumentTypeLabel(t) }))}
              value={form.values.documentType || suggestedType || null}
              onChange={(v) => form.setFieldValue('documentType', (v ?? '') as InvoiceDocumentType | '')}
              allowDeselect={false}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <DateField label="Fecha de emisión" required {...form.getInputProps('issueDate')} />
              <DateField label="Fecha de vencimiento" required {...form.getInputProps('dueDate')} />
            </SimpleGrid>
          </SimpleGrid>
          {dateNotice && (
            <Alert
              color="blue"
              role="note"
              icon={<IconCalendarEvent size={18} />}
              data-testid="issue-date-notice"
            >
              {dateNotice}
            </Alert>
          )}
          {missingBuyerId && effectiveType && (
            <Alert color="yellow" role="status">
              El comprobante {fiscalDocumentTypeLabel(effectiveType)} requiere el RNC o la cédula del cliente:
              agrégalo en su ficha antes de emitir la factura.
            </Alert>
          )}

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
                {form.values.discountMode === 'amount' ? (
                  <NumberInput
                    label={`Descuento (${currencySymbol(currency)})`}
                    min={0}
                    decimalScale={2}
                    thousandSeparator=","
                    rightSection={<DiscountUnit form={form} currency={currency} />}
                    rightSectionWidth={92}
                    {...form.getInputProps('discountAmount')}
                  />
                ) : (
                  <NumberInput
                    label="Descuento (%)"
                    min={0}
                    max={100}
                    decimalScale={2}
                    rightSection={<DiscountUnit form={form} currency={currency} />}
                    rightSectionWidth={92}
                    {...form.getInputProps('discountPercent')}
                  />
                )}
                <Select
                  label="Moneda"
                  data={[...CURRENCIES]}
                  allowDeselect={false}
                  {...form.getInputProps('currency')}
                />
              </SimpleGrid>
              {/* Issuing takes today's rate (decisions 132 and 137): said as soon as USD/EUR is chosen (decision 163). */}
              {isForeignCurrency(currency) && (
                <ExchangeRateNotice
                  currency={currency}
                  day={todayIso()}
                  isAdmin
                  action="emitir esta factura"
                  fallback=""
                />
              )}
              {/* Its own row: "Transferencia bancaria" and the clear button fit at 390 px (issue 18). */}
              <Select
                label="Método de pago"
                data={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
                clearable
                {...form.getInputProps('paymentMethod')}
              />
              <Textarea label="Notas" autosize minRows={2} {...form.getInputProps('notes')} />
            </Stack>
            <DocumentTotalsPanel
              totals={totals}
              currency={currency}
              taxRate={form.values.taxRate}
              testIdPrefix="invoice"
            />
          </SimpleGrid>

          {!editing && (
            <Switch
              label="Guardar como borrador"
              description="Desactívalo para emitirla (se le asigna su NCF) y enviarla por email al crearla"
              {...form.getInputProps('asDraft', { type: 'checkbox' })}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={pending}>
              {editing ? 'Guardar cambios' : 'Crear Factura'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
