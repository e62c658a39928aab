import {
  formatMoney,
  type ReconciliationAccount,
  STATEMENT_DATE_FORMATS,
  type StatementDateFormat,
  type StatementMapping,
  type StatementMappingInput,
  StatementMappingSchema,
} from '@agencia/shared';
import {
  Alert,
  Badge,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { ModalFormFooter } from '../../../components/ui/modal-form-footer';
import { TableScroll } from '../../../components/ui/table-scroll';
import { getErrorMessage } from '../../../lib/api-client';
import { formatNumericDate } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
import { useUpdateBankAccount } from '../api/bank-accounts';
import {
  decodeStatement,
  guessDelimiter,
  guessHeaderRow,
  normalizeName,
  previewLines,
  splitRow,
  textRows,
} from './statement-preview';

type Delimiter = StatementMapping['delimiter'];
type Thousands = StatementMapping['thousandsSeparator'];

const DELIMITERS: Array<{ value: Delimiter; label: string }> = [
  { value: ',', label: 'Coma ( , )' },
  { value: ';', label: 'Punto y coma ( ; )' },
  { value: '\t', label: 'Tabulador' },
  { value: '|', label: 'Barra ( | )' },
];
const THOUSANDS: Array<{ value: string; label: string }> = [
  { value: ',', label: 'Coma (1,250.00)' },
  { value: '.', label: 'Punto (1.250,00)' },
  { value: 'space', label: 'Espacio (1 250,00)' },
  { value: 'none', label: 'Ninguno (1250.00)' },
];
const thousandsValue = (t: Thousands) => (t === ' ' ? 'space' : t === '' ? 'none' : t);
const thousandsOf = (v: string): Thousands => (v === 'space' ? ' ' : v === 'none' ? '' : (v as Thousands));

interface MappingValues {
  delimiter: Delimiter;
  decimalSeparator: '.' | ',';
  thousandsSeparator: Thousands;
  dateFormat: StatementDateFormat;
  headerRow: number;
  amountMode: 'amount' | 'debitCredit';
  date: string;
  description: string;
  reference: string;
  balance: string;
  amount: string;
  type: string;
  debit: string;
  credit: string;
}

/** The header cell whose normalized name is one of `names`, as written in the file, else ''. */
function findColumn(header: string[], names: string[]): string {
  return header.find((h) => names.includes(normalizeName(h))) ?? '';
}

/** The values the dialog opens with: the account's saved mapping, else guesses from the file. */
function initialValues(
  saved: StatementMapping | null,
  rows: string[][] | null,
  raw: string[] | null,
): MappingValues {
  if (saved)
    return {
      delimiter: saved.delimiter,
      decimalSeparator: saved.decimalSeparator,
      thousandsSeparator: saved.thousandsSeparator,
      dateFormat: saved.dateFormat,
      headerRow: saved.headerRow,
      amountMode: saved.columns.amount ? 'amount' : 'debitCredit',
      date: saved.columns.date,
      description: saved.columns.description,
      reference: saved.columns.reference ?? '',
      balance: saved.columns.balance ?? '',
      amount: saved.columns.amount ?? '',
      type: saved.columns.type ?? '',
      debit: saved.columns.debit ?? '',
      credit: saved.columns.credit ?? '',
    };
  const headerRow = rows ? guessHeaderRow(rows) : 1;
  const header = rows?.[headerRow - 1] ?? [];
  const debit = findColumn(header, ['debito', 'debitos', 'debit', 'debits', 'retiros', 'cargos']);
  const credit = findColumn(header, ['credito', 'creditos', 'credit', 'credits', 'depositos', 'abonos']);
  const sample = raw?.slice(headerRow).join('\n') ?? '';
  const commaDecimal =
    /\d\.\d{3},\d{2}\b/.test(sample) || (/\d,\d{2}\b/.test(sample) && !/\d\.\d{2}\b/.test(sample));
  return {
    delimiter: raw ? guessDelimiter(raw) : ',',
    decimalSeparator: commaDecimal ? ',' : '.',
    thousandsSeparator: commaDecimal ? '.' : ',',
    dateFormat: /\b\d{4}-\d{2}-\d{2}\b/.test(sample) ? 'YYYY-MM-DD' : 'DD/MM/YYYY',
    headerRow,
    amountMode: debit && credit ? 'debitCredit' : 'amount',
    date: findColumn(header, ['fecha', 'date', 'fecha valor', 'fecha transaccion', 'posting date']),
    description: findColumn(header, ['descripcion', 'description', 'concepto', 'detalle', 'memo']),
    reference: findColumn(header, ['referencia', 'numero de referencia', 'ref', 'reference', 'documento']),
    balance: findColumn(header, ['balance', 'saldo', 'running bal', 'running balance']),
    amount: findColumn(header, ['monto', 'amount', 'importe', 'valor']),
    type: findColumn(header, ['tipo', 'credito/debito', 'debito/credito', 'db/cr', 'cr/db', 'type']),
    debit,
    credit,
  };
}

/** The request body the values stand for (columns left empty are left out). */
export function mappingOf(v: MappingValues): StatementMappingInput {
  const opt = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    delimiter: v.delimiter,
    decimalSeparator: v.decimalSeparator,
    thousandsSeparator: v.thousandsSeparator,
    dateFormat: v.dateFormat,
    headerRow: v.headerRow,
    columns: {
      date: v.date.trim(),
      description: v.description.trim(),
      reference: opt(v.reference),
      balance: opt(v.balance),
      ...(v.amountMode === 'amount'
        ? { amount: opt(v.amount), type: opt(v.type), debit: null, credit: null }
        : { amount: null, type: null, debit: opt(v.debit), credit: opt(v.credit) }),
    },
  };
}

/** The file's bytes (FileReader: the one reader every browser and jsdom share). */
function readBytes(file: File): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/** What the browser could read of the file: its rows (CSV and other text), or null (XLSX). */
function useFileRows(file: File | null) {
  const [raw, setRaw] = useState<string[] | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    setReady(false);
    setRaw(null);
    if (!file) return;
    void readBytes(file).then((buffer) => {
      if (!live) return;
      const bytes = new Uint8Array(buffer);
      // XLSX is a ZIP ("PK"): the server reads it; the browser shows no preview.
      const zip = bytes[0] === 0x50 && bytes[1] === 0x4b;
      setRaw(zip ? null : textRows(decodeStatement(bytes)));
      setReady(true);
    });
    return () => {
      live = false;
    };
  }, [file]);
  return { raw, ready };
}

/** A column picker: the header row's names when the file could be read, else a text field. */
function ColumnField({
  label,
  value,
  onChange,
  header,
  required,
  description,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  header: string[] | null;
  required?: boolean;
  description?: string;
}) {
  if (header?.some((h) => h !== ''))
    return (
      <Select
        label={label}
        description={description}
        withAsterisk={required}
        placeholder={required ? 'Elige la columna' : 'Ninguna'}
        data={[...new Set(header.filter((h) => h !== ''))]}
        value={value || null}
        onChange={(v) => onChange(v ?? '')}
        clearable={!required}
        allowDeselect={!required}
        comboboxProps={{ withinPortal: true }}
      />
    );
  return (
    <TextInput
      label={label}
      description={description ?? 'El nombre de la columna, como aparece en el archivo'}
      withAsterisk={required}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      maxLength={100}
    />
  );
}

/**
 * "Formato del archivo" (decision 167): shown when no preset (Popular, BHD, Banreservas, OFX)
 * reads a statement. The admin says how the bank writes it — delimiter, decimal and thousands
 * separators, date format, header row, a signed amount (optionally with a credit/debit column) or
 * debit and credit columns — with the first rows of the file and how its lines will read, then it
 * is saved on the account (`PUT /bank-accounts/{id} {mapping}`) and `onSaved` imports again.
 */
export function StatementMappingModal({
  opened,
  file,
  account,
  onClose,
  onSaved,
}: {
  opened: boolean;
  file: File | null;
  account: ReconciliationAccount;
  onClose: () => void;
  onSaved: () => void;
}) {
  useDateDisplay();
  const update = useUpdateBankAccount();
  const { raw, ready } = useFileRows(opened ? file : null);
  const [values, setValues] = useState<MappingValues | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: guessed once per file, when it has been read
  useEffect(() => {
    if (!opened || !ready) return;
    const rows = raw ? raw.map((l) => splitRow(l, guessDelimiter(raw))) : null;
    setValues(initialValues(account.mapping, rows, raw));
    setErrors({});
    setServerError(null);
  }, [opened, ready]);

  const delimiter = values?.delimiter ?? ',';
  const rows = useMemo(() => (raw ? raw.map((l) => splitRow(l, delimiter)) : null), [raw, delimiter]);
  const header = rows && values ? (rows[values.headerRow - 1] ?? []) : null;
  const preview = useMemo(
    () => (rows && values ? previewLines(rows, mappingOf(values)) : []),
    [rows, values],
  );

  if (!values)
    return (
      <Modal
        opened={opened}
        onClose={onClose}
        title="Formato del archivo"
        size="xl"
        closeButtonProps={{ 'aria-label': 'Cerrar' }}
      >
        <Text size="sm">Leyendo el archivo…</Text>
      </Modal>
    );

  const set = (patch: Partial<MappingValues>) => setValues({ ...values, ...patch });
  const width = Math.max(0, ...(rows ?? []).slice(0, values.headerRow + 5).map((r) => r.length));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setServerError(null);
    const parsed = StatementMappingSchema.safeParse(mappingOf(values));
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[issue.path.length - 1] ?? 'form');
        next[key === 'amount' && values.amountMode === 'debitCredit' ? 'debit' : key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync({ id: account._id, body: { mapping: parsed.data } });
      onSaved();
    } catch (error) {
      setServerError(getErrorMessage(error, 'No se pudo guardar el formato'));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Formato del archivo"
      size="xl"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            No reconocemos el formato de <b>{file?.name ?? 'este archivo'}</b>. Indica cómo lo escribe el
            banco: se guardará en la cuenta {account.bank} · {account.accountNumber} y se usará en las
            próximas importaciones.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {raw && (
              <Select
                label="Separador de columnas"
                data={DELIMITERS}
                value={values.delimiter}
                onChange={(v) => v && set({ delimiter: v as Delimiter })}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
            )}
            <Stack gap={4}>
              <Text size="sm" fw={500} id="mapping-decimal-label">
                Separador decimal
              </Text>
              <SegmentedControl
                aria-labelledby="mapping-decimal-label"
                data={[
                  { value: '.', label: 'Punto (0.50)' },
                  { value: ',', label: 'Coma (0,50)' },
                ]}
                value={values.decimalSeparator}
                onChange={(v) => set({ decimalSeparator: v as '.' | ',' })}
              />
            </Stack>
            <Select
              label="Separador de miles"
              data={THOUSANDS}
              value={thousandsValue(values.thousandsSeparator)}
              onChange={(v) => v && set({ thousandsSeparator: thousandsOf(v) })}
              allowDeselect={false}
              error={errors.thousandsSeparator}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              label="Formato de fecha"
              data={[...STATEMENT_DATE_FORMATS]}
              value={values.dateFormat}
              onChange={(v) => v && set({ dateFormat: v as StatementDateFormat })}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <NumberInput
              label="Fila de encabezados"
              description="La fila con los nombres de las columnas"
              min={1}
              max={100}
              allowDecimal={false}
              value={values.headerRow}
              onChange={(v) => set({ headerRow: Math.max(1, Math.min(100, Number(v) || 1)) })}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ColumnField
              label="Fecha"
              required
              value={values.date}
              onChange={(date) => set({ date })}
              header={header}
            />
            <ColumnField
              label="Descripción"
              required
              value={values.description}
              onChange={(description) => set({ description })}
              header={header}
            />
            <ColumnField
              label="Referencia"
              value={values.reference}
              onChange={(reference) => set({ reference })}
              header={header}
            />
            <ColumnField
              label="Balance"
              value={values.balance}
              onChange={(balance) => set({ balance })}
              header={header}
            />
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="mapping-amount-label">
              Montos
            </Text>
            <SegmentedControl
              aria-labelledby="mapping-amount-label"
              data={[
                { value: 'amount', label: 'Una columna de monto' },
                { value: 'debitCredit', label: 'Débitos y créditos' },
              ]}
              value={values.amountMode}
              onChange={(v) => set({ amountMode: v as MappingValues['amountMode'] })}
              w={{ base: '100%', xs: 'auto' }}
            />
          </Stack>
          {values.amountMode === 'amount' ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <div>
                <ColumnField
                  label="Monto"
                  required
                  description="Negativo para los débitos, o siempre positivo con la columna de tipo"
                  value={values.amount}
                  onChange={(amount) => set({ amount })}
                  header={header}
                />
                {errors.amount && (
                  <Text size="xs" c="red" mt={4} role="alert">
                    {errors.amount}
                  </Text>
                )}
              </div>
              <ColumnField
                label="Tipo (crédito o débito)"
                description="Solo si el monto es siempre positivo: CR / DB, Crédito / Débito"
                value={values.type}
                onChange={(type) => set({ type })}
                header={header}
              />
            </SimpleGrid>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <div>
                <ColumnField
                  label="Débitos"
                  required
                  value={values.debit}
                  onChange={(debit) => set({ debit })}
                  header={header}
                />
                {errors.debit && (
                  <Text size="xs" c="red" mt={4} role="alert">
                    {errors.debit}
                  </Text>
                )}
              </div>
              <ColumnField
                label="Créditos"
                required
                value={values.credit}
                onChange={(credit) => set({ credit })}
                header={header}
              />
            </SimpleGrid>
          )}
          {(errors.date || errors.description) && (
            <Alert color="red" role="alert">
              {errors.date ?? errors.description}
            </Alert>
          )}

          {rows ? (
            <Stack gap="xs" component="section" aria-labelledby="mapping-preview-title">
              <Title order={3} size="h5" id="mapping-preview-title">
                Primeras filas del archivo
              </Title>
              <TableScroll label="Primeras filas del archivo" minWidth={Math.min(900, 120 * width)}>
                <Table
                  withTableBorder
                  withColumnBorders
                  fz="xs"
                  verticalSpacing={4}
                  aria-labelledby="mapping-preview-title"
                >
                  <Table.Tbody>
                    {rows.slice(0, values.headerRow + 5).map((cells, i) => {
                      const isHeader = i === values.headerRow - 1;
                      return (
                        <Table.Tr
                          // biome-ignore lint/suspicious/noArrayIndexKey: rows of a file have no identity but their number
                          key={i}
                          fw={isHeader ? 700 : undefined}
                          c={i < values.headerRow - 1 ? 'dimmed' : undefined}
                        >
                          <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
                            {isHeader ? (
                              <Badge size="xs" variant="light" tt="none">
                                Encabezado
                              </Badge>
                            ) : (
                              i + 1
                            )}
                          </Table.Th>
                          {Array.from({ length: width }, (_, j) => (
                            <Table.Td
                              // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its column number
                              key={j}
                              style={{ whiteSpace: 'nowrap' }}
                            >
                              {cells[j] ?? ''}
                            </Table.Td>
                          ))}
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </TableScroll>
              <Title order={3} size="h5" id="mapping-result-title">
                Así se leerán las líneas
              </Title>
              {preview.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No hay filas de movimientos después del encabezado.
                </Text>
              ) : (
                <TableScroll label="Así se leerán las líneas" minWidth={520}>
                  <Table fz="sm" verticalSpacing={4} aria-labelledby="mapping-result-title">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Fila</Table.Th>
                        <Table.Th>Fecha</Table.Th>
                        <Table.Th>Descripción</Table.Th>
                        <Table.Th ta="right">Monto</Table.Th>
                        <Table.Th ta="right">Balance</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {preview.map((line) =>
                        line.ok ? (
                          <Table.Tr key={line.row}>
                            <Table.Td>{line.row}</Table.Td>
                            <Table.Td style={{ whiteSpace: 'nowrap' }}>
                              {formatNumericDate(line.date)}
                            </Table.Td>
                            <Table.Td>{line.description}</Table.Td>
                            <Table.Td
                              ta="right"
                              c={line.amountCents < 0 ? 'red' : 'teal'}
                              style={{ whiteSpace: 'nowrap' }}
                            >
                              {formatMoney(line.amountCents / 100, account.currency)}
                            </Table.Td>
                            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                              {line.balanceCents === null
                                ? '—'
                                : formatMoney(line.balanceCents / 100, account.currency)}
                            </Table.Td>
                          </Table.Tr>
                        ) : (
                          <Table.Tr key={line.row}>
                            <Table.Td>{line.row}</Table.Td>
                            <Table.Td colSpan={4}>
                              <Text size="sm" c="red">
                                {line.error}
                              </Text>
                            </Table.Td>
                          </Table.Tr>
                        ),
                      )}
                    </Table.Tbody>
                  </Table>
                </TableScroll>
              )}
            </Stack>
          ) : (
            <Alert color="blue" variant="light">
              La vista previa está disponible para archivos de texto (CSV). Para un Excel, escribe los nombres
              de las columnas como aparecen en la fila de encabezados.
            </Alert>
          )}
          <Group justify="flex-end">
            <Text size="xs" c="dimmed">
              Nada se importa hasta que guardes el formato.
            </Text>
          </Group>
          <ModalFormFooter
            error={serverError}
            onCancel={onClose}
            loading={update.isPending}
            submitLabel="Guardar formato e importar"
          />
        </Stack>
      </form>
    </Modal>
  );
}
