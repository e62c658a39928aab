import { computeInvoiceTotals, type InvoiceTotalsCents } from '@agencia/shared';
import { Divider, Paper, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ClientPicker, ProjectPicker } from '../../../components/pickers/pickers';
import { type ItemValues, num, TotalRow } from './line-items-editor';

/*
 * The parts the invoice and quote forms share (issue 15): lines to and from the API, the live
 * totals, the client + project pickers and the totals panel. Texts are the forms' own.
 */

/** The fields the invoice and quote forms share (inputs keep what the user typed). */
export interface DocumentFormValues {
  clientId: string;
  projectId: string | null;
  items: ItemValues[];
  discountAmount: number | string;
  taxRate: number | string;
  currency: string;
  notes: string;
}

/** A stored line as the form edits it (keyed by its id). */
export function itemValuesOf(
  items: ReadonlyArray<{
    _id: string;
    description: string;
    details: string | null;
    quantity: number;
    unitPrice: number;
    taxExempt: boolean;
  }>,
): ItemValues[] {
  return items.map((i) => ({
    key: i._id,
    description: i.description,
    details: i.details ?? '',
    quantity: i.quantity,
    unitPrice: i.unitPrice,
    taxExempt: i.taxExempt,
  }));
}

/** The form's lines as the API's body lines (numbers parsed, empty details as null). */
export function itemsBody(items: ItemValues[]) {
  return items.map((i) => ({
    description: i.description,
    details: i.details || null,
    quantity: num(i.quantity),
    unitPrice: num(i.unitPrice),
    taxExempt: i.taxExempt,
  }));
}

/** Live totals of the form's lines by the shared engine (same arithmetic as the server). */
export function formTotals(
  items: ItemValues[],
  taxRate: number | string,
  discount: number,
): InvoiceTotalsCents {
  return computeInvoiceTotals(
    items.map((i) => ({ quantity: num(i.quantity), unitPrice: num(i.unitPrice), taxExempt: i.taxExempt })),
    num(taxRate),
    discount,
  );
}

/**
 * The client picker and the project picker of a billing form: changing the client clears the
 * project (and runs `onClientChange` first); the project list follows the chosen client.
 */
export function ClientProjectPickers<T extends { clientId: string; projectId: string | null }>(props: {
  form: UseFormReturnType<T>;
  opened: boolean;
  client: { value: string; label: string } | null;
  project: { value: string; label: string } | null;
  onClientChange?: () => void;
}) {
  const { form, opened } = props;
  const { clientId, projectId } = form.values;
  const set = form.setFieldValue as (path: string, value: unknown) => void;
  return (
    <>
      <ClientPicker
        enabled={opened}
        required
        placeholder="Selecciona un cliente"
        selected={props.client}
        value={clientId || null}
        error={form.errors.clientId}
        onChange={(value) => {
          props.onClientChange?.();
          set('clientId', value ?? '');
          set('projectId', null);
        }}
      />
      <ProjectPicker
        key={clientId || 'none'}
        enabled={opened && Boolean(clientId)}
        clientId={clientId || null}
        selected={props.project}
        placeholder={clientId ? 'Sin proyecto' : 'Selecciona primero el cliente'}
        clearable
        disabled={!clientId}
        nothingFoundMessage="El cliente no tiene proyectos"
        value={projectId}
        onChange={(v) => set('projectId', v)}
        error={form.errors.projectId}
      />
    </>
  );
}

/**
 * The totals panel of a billing form: subtotal, discount, exempt subtotal (when any), ITBIS
 * base, ITBIS and total (no discount row when `withDiscount` is false); test ids
 * `{testIdPrefix}-form-totals`, `-form-base` and `-form-total`.
 */
export function DocumentTotalsPanel(props: {
  totals: InvoiceTotalsCents;
  currency: string;
  taxRate: number | string;
  testIdPrefix: string;
  /** False where the document takes no discount (retainers): no "Descuento" row. */
  withDiscount?: boolean;
}) {
  const { totals, currency, testIdPrefix, withDiscount = true } = props;
  return (
    <Paper withBorder p="md" radius="md" aria-label="Totales" data-testid={`${testIdPrefix}-form-totals`}>
      <Stack gap={6}>
        <TotalRow label="Subtotal" cents={totals.subtotalCents} currency={currency} />
        {withDiscount && (
          <TotalRow label="Descuento" cents={totals.discountCents} currency={currency} minus />
        )}
        {totals.exemptCents > 0 && (
          <TotalRow label="Subtotal exento" cents={totals.exemptCents} currency={currency} />
        )}
        <TotalRow
          label="Base imponible ITBIS"
          cents={totals.taxableBaseCents}
          currency={currency}
          testId={`${testIdPrefix}-form-base`}
        />
        <TotalRow
          label={`ITBIS (${num(props.taxRate)}\u00a0%)`}
          cents={totals.taxCents}
          currency={currency}
        />
        <Divider />
        <TotalRow
          label="Total"
          cents={totals.totalCents}
          currency={currency}
          strong
          testId={`${testIdPrefix}-form-total`}
        />
      </Stack>
    </Paper>
  );
}
