import { computeInvoiceTotals, fromCents } from '@agencia/shared';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { formatMoney } from '../../billing-shared/components/format';

/*
 * What the credit-note and debit-note modals share (decision 138): a note is priced by an amount
 * (ITBIS included) or by lines priced like an invoice's, and posts `{amount}` or `{lines}`.
 */

/** One line of a note as typed (numbers may still be strings while typing). */
export interface NoteLineValues {
  key: string;
  description: string;
  quantity: number | string;
  unitPrice: number | string;
  taxExempt: boolean;
}

/** The amount part of a note form. */
export interface NoteAmountValues {
  mode: 'amount' | 'lines';
  amount: number | string;
  lines: NoteLineValues[];
}

/** A typed number, '' and garbage as 0. */
export const noteNum = (v: number | string) => (typeof v === 'number' ? v : Number.parseFloat(v) || 0);

/** An empty line with its own React key. */
export const newNoteLine = (): NoteLineValues => ({
  key: Math.random().toString(36).slice(2),
  description: '',
  quantity: 1,
  unitPrice: 0,
  taxExempt: false,
});

/** The initial amount part of a note form: by amount, one empty line ready. */
export const initialNoteAmount = (): NoteAmountValues => ({
  mode: 'amount',
  amount: '',
  lines: [newNoteLine()],
});

/** The request's `{amount}` or `{lines}` (major units) from the form values. */
export function noteAmountBody(v: NoteAmountValues) {
  return v.mode === 'amount'
    ? { amount: noteNum(v.amount) }
    : {
        lines: v.lines.map((l) => ({
          description: l.description,
          quantity: noteNum(l.quantity),
          unitPrice: noteNum(l.unitPrice),
          taxExempt: l.taxExempt,
        })),
      };
}

/** The total of the typed lines (major units) at `taxRate` percent (0: no ITBIS). */
export function noteLinesTotal(v: NoteAmountValues, taxRate: number): number {
  const lines = v.lines.map((l) => ({
    quantity: noteNum(l.quantity),
    unitPrice: noteNum(l.unitPrice),
    taxExempt: l.taxExempt,
  }));
  return fromCents(computeInvoiceTotals(lines, taxRate, 0).totalCents);
}

/**
 * "Por monto / Por líneas" and the matching inputs: the amount (ITBIS included), or lines with
 * description, quantity, price and exemption, "Agregar línea" and the note's total at `taxRate`
 * (flagged red with `overLabel` when above `max`, if given).
 */
export function NoteAmountFields<V extends NoteAmountValues>({
  form,
  currency,
  taxRate,
  max,
  overLabel,
}: {
  form: UseFormReturnType<V>;
  currency: string;
  taxRate: number;
  max?: number;
  overLabel?: string;
}) {
  const v = form.values;
  const linesTotal = noteLinesTotal(v, taxRate);
  const over = max !== undefined && linesTotal > max;
  return (
    <>
      <SegmentedControl
        aria-label="Calcular la nota por"
        data={[
          { value: 'amount', label: 'Por monto' },
          { value: 'lines', label: 'Por líneas' },
        ]}
        {...form.getInputProps('mode')}
      />
      {v.mode === 'amount' ? (
        <NumberInput
          label="Monto (ITBIS incluido)"
          min={0.01}
          decimalScale={2}
          thousandSeparator=","
          prefix={formatMoney(0, currency).replace(/[\d.,\s]/g, '')}
          required
          {...form.getInputProps('amount')}
        />
      ) : (
        <Stack gap="xs">
          {v.lines.map((line, i) => (
            <Paper key={line.key} withBorder p="sm" radius="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                <TextInput label="Descripción" required {...form.getInputProps(`lines.${i}.description`)} />
                <Group gap="xs" grow wrap="nowrap" align="flex-end">
                  <NumberInput
                    label="Cantidad"
                    min={0.0001}
                    decimalScale={4}
                    {...form.getInputProps(`lines.${i}.quantity`)}
                  />
                  <NumberInput
                    label="Precio"
                    min={0}
                    decimalScale={2}
                    thousandSeparator=","
                    {...form.getInputProps(`lines.${i}.unitPrice`)}
                  />
                </Group>
              </SimpleGrid>
              <Group justify="space-between" mt="xs">
                <Checkbox
                  label="Exento de ITBIS"
                  {...form.getInputProps(`lines.${i}.taxExempt`, { type: 'checkbox' })}
                />
                {v.lines.length > 1 && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Quitar línea ${i + 1}`}
                    onClick={() => form.removeListItem('lines', i)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
            </Paper>
          ))}
          <Group justify="space-between">
            <Button
              variant="subtle"
              leftSection={<IconPlus size={16} />}
              onClick={() => form.insertListItem('lines', newNoteLine() as never)}
            >
              Agregar línea
            </Button>
            <Text size="sm" fw={600} c={over ? 'red' : undefined}>
              Total de la nota: {formatMoney(linesTotal, currency)}
              {over ? ` · ${overLabel ?? 'supera lo disponible'}` : ''}
            </Text>
          </Group>
        </Stack>
      )}
    </>
  );
}
