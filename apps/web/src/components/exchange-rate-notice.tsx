import {
  businessToday,
  CURRENCY_NAMES,
  EXCHANGE_RATE_MAX_AGE_DAYS,
  exchangeRateLine,
  type ForeignCurrency,
  UpsertExchangeRateRequestSchema,
} from '@agencia/shared';
import { Alert, Anchor, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { getErrorMessage } from '../lib/api-client';
import { useRateForDay, useRecordRate } from '../lib/exchange-rate-api';
import { toastSuccess } from '../lib/toast';

const dmy = (day: string) => day.split('-').reverse().join('/');

/**
 * Which rate a foreign-currency document will take, said in its form before saving (decision
 * 163): the line "Tasa: RD$63.2415 por US$1 (17/11/2026)" when the day (or one of the 7 before
 * it) has a rate, else a warning that the document cannot be saved or issued — and, for an
 * admin, a field to record that day's rate right there plus a link to Tasas de cambio. `day` is
 * the document's date (a purchase's issue date; today for an invoice, issued today).
 * Non-admins cannot read rates: they get `fallback` only.
 */
export function ExchangeRateNotice({
  currency,
  day,
  isAdmin,
  action,
  fallback,
}: {
  currency: ForeignCurrency;
  day: string;
  isAdmin: boolean;
  /** What needs the rate, as the sentence ends: "guardar este gasto", "emitir esta factura". */
  action: string;
  /** What a user who cannot read rates is told. */
  fallback: string;
}) {
  const rate = useRateForDay(currency, day, isAdmin);
  const record = useRecordRate();
  const [value, setValue] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  // A rate cannot be stored for a day after today (the API refuses it).
  const recordDay = day > businessToday() ? businessToday() : day;
  if (!isAdmin)
    return (
      <Text size="sm" c="dimmed" data-testid="exchange-rate-notice">
        {fallback}
      </Text>
    );
  if (!rate.isSuccess) return null;
  if (rate.data)
    return (
      <Text size="sm" c="dimmed" data-testid="exchange-rate-notice">
        {exchangeRateLine(currency, rate.data.rate, rate.data.date)} · se aplica al {action}.
      </Text>
    );
  const save = async () => {
    setError(null);
    const parsed = UpsertExchangeRateRequestSchema.safeParse({ date: recordDay, currency, rate: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Tasa inválida');
      return;
    }
    try {
      await record.mutateAsync(parsed.data);
      toastSuccess('Tasa registrada', exchangeRateLine(currency, parsed.data.rate, recordDay));
    } catch (err) {
      setError(getErrorMessage(err, 'No se pudo registrar la tasa'));
    }
  };
  return (
    <Alert
      color="yellow"
      icon={<IconAlertTriangle size={18} />}
      title={`Falta la tasa del ${CURRENCY_NAMES[currency]}`}
      data-testid="exchange-rate-notice"
    >
      <Stack gap="xs">
        <Text size="sm">
          No hay tasa del {dmy(day)} ni de los {EXCHANGE_RATE_MAX_AGE_DAYS} días anteriores: sin ella no se
          puede {action} en {currency}. Regístrala aquí o en{' '}
          <Anchor component={Link} to="/settings?tab=fiscal" underline="always">
            Tasas de cambio
          </Anchor>
          .
        </Text>
        <Group align="flex-end" gap="xs" wrap="wrap">
          <NumberInput
            label={`RD$ por ${currency === 'USD' ? 'US$' : '€'}1 del ${dmy(recordDay)}`}
            placeholder="58.95"
            decimalScale={4}
            min={0}
            hideControls
            value={value}
            onChange={setValue}
            error={error}
            w={200}
          />
          <Button variant="light" color="yellow" onClick={save} loading={record.isPending}>
            Registrar tasa
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
