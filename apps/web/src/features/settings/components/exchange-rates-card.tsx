import {
  businessToday,
  EXCHANGE_RATE_SOURCE_LABELS,
  FOREIGN_CURRENCIES,
  type ForeignCurrency,
  formatExchangeRate,
  formatNumericDate,
  UpsertExchangeRateRequestSchema,
} from '@agencia/shared';
import {
  Alert,
  Button,
  Card,
  FileInput,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFileImport, IconPaperclip, IconPlus } from '@tabler/icons-react';
import { AxiosError } from 'axios';
import { type FormEvent, useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { ListPagination } from '../../../components/ui/list-pagination';
import { TableScroll } from '../../../components/ui/table-scroll';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { useDateDisplay } from '../../../stores/display-store';
import { useExchangeRates, useImportExchangeRates, useSetExchangeRate } from '../api/exchange-rates-api';
import { ok } from './fiscal-helpers';

const CURRENCY_LABELS: Record<ForeignCurrency, string> = { USD: 'Dólar (USD)', EUR: 'Euro (EUR)' };

/** The `errors[]` of an API 400 by field. */
function apiFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof AxiosError)) return {};
  const list = (error.response?.data as { errors?: { field: string; message: string }[] } | undefined)
    ?.errors;
  return Object.fromEntries((list ?? []).map((e) => [e.field, e.message]));
}

/**
 * "Tasas de cambio" (Configuración → Fiscal, issue 27, decision 137): the pesos per US$ (or €)
 * by day that foreign-currency invoices are issued with. Lists the recent days (newest first,
 * paged), adds or replaces a day's rate, and imports the Banco Central's daily USD series (CSV);
 * loading, empty and error states; every control is a labelled form field or button.
 */
export function ExchangeRatesCard() {
  useDateDisplay();
  const [currency, setCurrency] = useState<ForeignCurrency>('USD');
  const [page, setPage] = useState(1);
  const { data, isLoading, error } = useExchangeRates(currency, page);
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="exchange-rates-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="exchange-rates-title">
          Tasas de cambio
        </Title>
        <Text size="sm" c="dimmed">
          Las facturas en dólares o euros se emiten con la tasa de venta del Banco Central del día de emisión
          (o la última publicada en los 7 días anteriores) y se reportan a la DGII en pesos. Sin tasa, la
          factura no se puede emitir.
        </Text>
        <SegmentedControl
          aria-label="Moneda"
          value={currency}
          onChange={(v) => {
            setCurrency(v as ForeignCurrency);
            setPage(1);
          }}
          data={FOREIGN_CURRENCIES.map((c) => ({ value: c, label: CURRENCY_LABELS[c] }))}
          style={{ alignSelf: 'flex-start' }}
        />
        {isLoading ? (
          <Stack gap="xs" aria-busy="true" aria-label="Cargando tasas de cambio">
            <Skeleton height={32} />
            <Skeleton height={32} />
            <Skeleton height={32} />
          </Stack>
        ) : error ? (
          <Alert color="red" role="alert">
            {getErrorMessage(error, 'No se pudieron cargar las tasas de cambio')}
          </Alert>
        ) : !data?.rates.length ? (
          <Text size="sm">Ninguna tasa registrada para {CURRENCY_LABELS[currency].toLowerCase()}.</Text>
        ) : (
          <>
            <TableScroll label={`Tasas de cambio del ${CURRENCY_LABELS[currency]}`} minWidth={360}>
              <Table
                striped
                verticalSpacing="xs"
                aria-label={`Tasas de cambio del ${CURRENCY_LABELS[currency]}`}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Fecha</Table.Th>
                    <Table.Th scope="col" style={{ textAlign: 'right' }}>
                      RD$ por unidad
                    </Table.Th>
                    <Table.Th scope="col">Origen</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rates.map((r) => (
                    <Table.Tr key={r.date}>
                      <Table.Td>{formatNumericDate(r.date)}</Table.Td>
                      <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                        {formatExchangeRate(r.rate)}
                      </Table.Td>
                      <Table.Td>
                        {EXCHANGE_RATE_SOURCE_LABELS[r.source]}
                        {r.createdBy ? (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            · {r.createdBy.name}
                          </Text>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
            <ListPagination pagination={data.pagination} noun="días" singular="día" onChange={setPage} />
          </>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" mt="sm">
          <AddRateForm currency={currency} />
          {currency === 'USD' ? (
            <ImportForm />
          ) : (
            <Text size="sm" c="dimmed">
              El Banco Central publica la serie diaria solo para el dólar: registra la tasa del euro de cada
              día en que emitas facturas en euros.
            </Text>
          )}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** A day's rate: date (today by default, never later) and DOP per unit; replaces the day if stored. */
function AddRateForm({ currency }: { currency: ForeignCurrency }) {
  const save = useSetExchangeRate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { date: businessToday(), rate: '' },
    validate: zodResolver(UpsertExchangeRateRequestSchema.omit({ currency: true })),
  });
  const submit = form.onSubmit(async (v) => {
    setFormError(null);
    try {
      const { rate, created } = await save.mutateAsync({ date: v.date, currency, rate: v.rate });
      ok(
        created ? 'Tasa registrada' : 'Tasa reemplazada',
        `${formatNumericDate(rate.date)}: RD$${formatExchangeRate(rate.rate)} por ${currency === 'USD' ? 'US$1' : '€1'}`,
      );
      form.setFieldValue('rate', '');
    } catch (error) {
      const fields = apiFieldErrors(error);
      const known = Object.entries(fields).filter(([f]) => f === 'date' || f === 'rate');
      if (known.length) form.setErrors(Object.fromEntries(known));
      else setFormError(getErrorMessage(error, 'No se pudo guardar la tasa'));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Registrar la tasa de un día">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Registrar la tasa de un día
        </Text>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <DateField
            label="Fecha"
            max={businessToday()}
            required
            style={{ flex: '1 1 150px' }}
            {...form.getInputProps('date')}
          />
          <TextInput
            label={`RD$ por ${currency === 'USD' ? 'US$1' : '€1'}`}
            placeholder="58.9500"
            inputMode="decimal"
            required
            style={{ flex: '1 1 150px' }}
            {...form.getInputProps('rate')}
          />
        </Group>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Group>
          <Button type="submit" leftSection={<IconPlus size={16} />} loading={save.isPending}>
            Guardar tasa
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The BCRD's daily USD series ("Diaria" sheet saved as CSV): counts on success, the bad line on a 400. */
function ImportForm() {
  const upload = useImportExchangeRates();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [summary, setSummary] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSummary(null);
    if (!file) {
      setFileError('Selecciona el archivo CSV de la tasa de cambio del Banco Central.');
      return;
    }
    setFileError(null);
    try {
      const r = await upload.mutateAsync(file);
      const range = r.from && r.to ? ` (del ${formatNumericDate(r.from)} al ${formatNumericDate(r.to)})` : '';
      const text = `${r.imported} días nuevos, ${r.updated} actualizados, ${r.skipped} sin cambios${range}.`;
      setSummary(text);
      ok('Tasas importadas', text);
      setFile(null);
    } catch (error) {
      setFileError(apiFieldErrors(error).file ?? getErrorMessage(error, 'No se pudo importar el archivo'));
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Importar la serie del Banco Central">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Importar la serie del Banco Central
        </Text>
        <FileInput
          label="Archivo CSV"
          description="Hoja «Diaria» de TASA_DOLAR_REFERENCIA_MC (bancentral.gov.do) guardada como CSV: Año, Mes, Día, Compra, Venta. Se usa la tasa de venta."
          placeholder="Seleccionar archivo"
          accept=".csv,text/csv"
          clearable
          clearButtonProps={{ 'aria-label': 'Quitar el archivo' }}
          leftSection={<IconPaperclip size={16} />}
          value={file}
          onChange={(next) => {
            setFile(next);
            setFileError(null);
          }}
          error={fileError}
          required
        />
        {summary && (
          <Alert color="green" variant="light" role="status">
            {summary}
          </Alert>
        )}
        <Group>
          <Button
            type="submit"
            variant="light"
            leftSection={<IconFileImport size={16} />}
            loading={upload.isPending}
          >
            Importar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
