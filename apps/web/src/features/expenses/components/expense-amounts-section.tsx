import {
  type Expense,
  exchangeRateLine,
  formatMoney,
  type PurchaseCurrency,
  toDopCents,
} from '@agencia/shared';
import {
  Badge,
  Group,
  NumberInput,
  type NumberInputProps,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ExchangeRateNotice } from '../../../components/exchange-rate-notice';
import type { Values } from './expense-form-values';
import { expenseTotals, ISR_TYPE_OPTIONS, type suggestedWithholdings } from './expense-rules';

/** A money field "Tarifa"-style: thousands separators, two decimals, never negative. */
function MoneyInput(props: NumberInputProps) {
  return <NumberInput min={0} decimalScale={2} thousandSeparator="," hideControls {...props} />;
}

/**
 * The money of the purchase form (decision 140): currency (USD with the day's rate line), goods,
 * services, ITBIS invoiced and taken to cost, the withholdings — pre-filled with the DGII's
 * `suggestion` and its reason until the user edits one (`onWithholdingsTouched`) — and the live
 * totals: the document's, withheld, payable to the supplier and, for USD, in pesos.
 */
export function ExpenseAmountsSection({
  form,
  isAdmin,
  current,
  usdRate,
  suggestion,
  withholdingsTouched,
  onWithholdingsTouched,
}: {
  form: UseFormReturnType<Values>;
  isAdmin: boolean;
  /** The stored purchase being edited, if any (its own rate and date win over the day's). */
  current: Expense | null;
  /** The rate the totals in pesos use; null for DOP or while unknown. */
  usdRate: number | null;
  suggestion: ReturnType<typeof suggestedWithholdings> | null;
  withholdingsTouched: boolean;
  onWithholdingsTouched: () => void;
}) {
  const v = form.values;
  const touchWithholding =
    <K extends 'itbisWithheld' | 'isrWithheld' | 'isrWithholdingType'>(field: K) =>
    (value: Values[K]) => {
      onWithholdingsTouched();
      form.setFieldValue(field, value as never);
    };
  const totals = expenseTotals(v);
  const money = (cents: number) => formatMoney(cents / 100, v.currency);

  return (
    <>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="expense-currency-label">
          Moneda
        </Text>
        <SegmentedControl
          aria-labelledby="expense-currency-label"
          data={[
            { value: 'DOP', label: 'RD$ pesos' },
            { value: 'USD', label: 'US$ dólares' },
          ]}
          value={v.currency}
          onChange={(c) => form.setFieldValue('currency', c as PurchaseCurrency)}
          style={{ alignSelf: 'flex-start' }}
        />
        {v.currency === 'USD' &&
          (current?.exchangeRate ? (
            <Text size="sm" c="dimmed" data-testid="expense-rate">
              {exchangeRateLine('USD', current.exchangeRate, current.issueDate)}
            </Text>
          ) : (
            // The rate the API will apply, said before saving (decision 163).
            <ExchangeRateNotice
              currency="USD"
              day={v.issueDate}
              isAdmin={isAdmin}
              action="guardar este gasto"
              fallback="Se aplica la tasa del dólar del día del comprobante al guardar."
            />
          ))}
      </Stack>

      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MoneyInput label="Monto de bienes" {...form.getInputProps('goodsAmount')} />
        <MoneyInput label="Monto de servicios" {...form.getInputProps('servicesAmount')} />
        <MoneyInput label="ITBIS facturado" {...form.getInputProps('itbis')} />
        <MoneyInput
          label="ITBIS llevado al costo"
          placeholder="Parte no adelantable"
          {...form.getInputProps('itbisToCost')}
        />
      </SimpleGrid>

      <Paper withBorder p="sm" radius="md">
        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={600}>Retenciones</Text>
            {suggestion?.reason && !withholdingsTouched && (
              <Badge variant="light" color="blue">
                Pre-llenadas
              </Badge>
            )}
          </Group>
          {suggestion?.reason ? (
            <Text size="sm" c="dimmed" data-testid="expense-withholding-reason">
              {suggestion.reason}
            </Text>
          ) : (
            !suggestion &&
            !withholdingsTouched && (
              <Text size="sm" c="dimmed">
                Si la DGII exige retener, el sistema aplica la retención al guardar.
              </Text>
            )
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <MoneyInput
              label="ITBIS retenido"
              {...form.getInputProps('itbisWithheld')}
              onChange={touchWithholding('itbisWithheld')}
            />
            <Select
              label="Tipo de retención ISR"
              placeholder="Sin retención"
              data={ISR_TYPE_OPTIONS}
              clearable
              {...form.getInputProps('isrWithholdingType')}
              onChange={(t) =>
                touchWithholding('isrWithholdingType')((t ?? '') as Values['isrWithholdingType'])
              }
            />
            <MoneyInput
              label="ISR retenido"
              {...form.getInputProps('isrWithheld')}
              onChange={touchWithholding('isrWithheld')}
            />
          </SimpleGrid>
        </Stack>
      </Paper>

      <Paper withBorder p="sm" radius="md" data-testid="expense-totals" aria-live="polite">
        <Stack gap={4}>
          <Group justify="space-between" data-total-row>
            <Text size="sm">Total del comprobante</Text>
            <Text size="sm" fw={700} data-testid="expense-total">
              {money(totals.total)}
            </Text>
          </Group>
          <Group justify="space-between" data-total-row>
            <Text size="sm">Retenciones</Text>
            <Text size="sm">{money(totals.withheld)}</Text>
          </Group>
          <Group justify="space-between" data-total-row>
            <Text size="sm">A pagar al suplidor</Text>
            <Text size="sm" fw={700} data-testid="expense-payable">
              {money(totals.payable)}
            </Text>
          </Group>
          {v.currency === 'USD' && usdRate !== null && (
            <Group justify="space-between" data-total-row>
              <Text size="sm" c="dimmed">
                Total en pesos
              </Text>
              <Text size="sm" c="dimmed" data-testid="expense-total-dop">
                {formatMoney(toDopCents(totals.total, usdRate) / 100, 'DOP')}
              </Text>
            </Group>
          )}
        </Stack>
      </Paper>
    </>
  );
}
