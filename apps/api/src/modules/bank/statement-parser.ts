import {
  BANK_MESSAGES,
  ErrorCodes,
  type StatementDateFormat,
  type StatementLayout,
  type StatementMapping,
} from '@agencia/shared';
import { parse as parseCsv } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { AppError, badRequest } from '../../lib/errors.js';

/*
 * Reading a bank's statement file (issue 48, decision 166): CSV in any of the encodings the
 * Dominican banks' websites produce (UTF-8 with or without BOM, UTF-16 LE/BE, Latin-1), XLSX and
 * OFX, into lines {date, description, reference, amountCents (credit +, debit −), balanceCents}.
 *
 * Presets, detected from the file (no configuration needed):
 * - Banco BHD: `;`-separated, the account's data in the first rows, then the header row
 *   `Fecha;Número de Referencia;Descripción;Débitos;Créditos;Balance` (with empty columns between,
 *   e.g. `;Fecha;Ref;;Descripción;Débitos;Créditos;Balance;;`), dates DD-MM-YYYY, amounts with `,`
 *   thousands and `.` decimals. Source: the public parser ibernabel/financial-risk-agent-graph,
 *   `app/agents/financial/parsers/csv_parser.py` (`parse_bhd_csv`), and the layout in issue 48.
 * - Banco Popular Dominicano: UTF-8 with BOM, a `Cuenta:` line above the header, dates DD/MM/YYYY;
 *   either `Fecha, Descripción, Débito, Crédito, Balance` (the same source, `parse_popular_csv`, read
 *   with `utf-8-sig`) or an always-positive `Monto` with a `Crédito/Débito` column telling which
 *   (the layout described in issue 48; we found no public file to confirm it, so both are read).
 * - Banreservas: often UTF-16, comma-separated, `Número de cuenta` above the header, then
 *   `Fecha, Descripción, Débito, Crédito, Balance`, dates DD/MM/YYYY. Source: the same file,
 *   `parse_banreservas_csv` ("CSV Format (UTF-16 encoded)"), and issue 48.
 * - OFX (any bank that exports Money/Quicken files): `<STMTTRN>` records with `DTPOSTED`,
 *   `TRNAMT` (signed), `FITID` (the bank's id, kept as the reference), `NAME`/`MEMO`; SGML (OFX 1.x,
 *   no closing tags) or XML (OFX 2.x). Source: Open Financial Exchange Specification 2.2, §11.4.4
 *   "Banking transaction" (`<STMTTRN>` aggregate), ofx.net.
 * - Anything else: the account's generic {@link StatementMapping} (delimiter, decimal and thousands
 *   separators, date format, header row, column names).
 *
 * A row that cannot be read (a date or amount that is not one) stops the import with a Spanish 400
 * naming the row (1-based, as a spreadsheet numbers it); nothing is imported.
 */

/** A line read from a statement, before it is stored. `row` is the file's row (1-based). */
export interface ParsedLine {
  row: number;
  date: string;
  description: string;
  reference: string;
  amountCents: number;
  balanceCents: number | null;
}

/** What a statement file holds: its layout and its lines in the bank's order, oldest first. */
export interface ParsedStatement {
  layout: StatementLayout;
  lines: ParsedLine[];
}

/** Most lines one file may hold. */
export const MAX_STATEMENT_LINES = 20_000;

/** 400 in Spanish on the `file` field. */
function fileError(message: string): Error {
  return badRequest(message, [{ field: 'file', message }]);
}

/** `Fila N: …` 400 — a row that cannot be read. */
function rowError(row: number, message: string): Error {
  return fileError(`Fila ${row}: ${message}. No se importó ninguna línea.`);
}

// ── encodings ───────────────────────────────────────────────────────────────────────────────

/**
 * Decodes a text file: a BOM decides (UTF-8 `EF BB BF`, UTF-16 LE `FF FE`, UTF-16 BE `FE FF`);
 * without one, NUL bytes at odd or even positions mean UTF-16 LE / BE, valid UTF-8 is UTF-8 and
 * anything else is read as Latin-1 (Windows-1252), the encoding of older Excel exports.
 */
export function decodeText(buf: Buffer): { text: string; encoding: string } {
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf)
    return { text: new TextDecoder('utf-8').decode(buf.subarray(3)), encoding: 'utf-8-bom' };
  if (buf[0] === 0xff && buf[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(buf.subarray(2)), encoding: 'utf-16le' };
  if (buf[0] === 0xfe && buf[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(buf.subarray(2)), encoding: 'utf-16be' };
  const sample = buf.subarray(0, Math.min(buf.length, 400));
  let oddNul = 0;
  let evenNul = 0;
  for (let i = 0; i < sample.length; i++) if (sample[i] === 0) i % 2 ? oddNul++ : evenNul++;
  if (oddNul > sample.length / 4)
    return { text: new TextDecoder('utf-16le').decode(buf), encoding: 'utf-16le' };
  if (evenNul > sample.length / 4)
    return { text: new TextDecoder('utf-16be').decode(buf), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(buf), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(buf), encoding: 'latin-1' };
  }
}

// ── cells ───────────────────────────────────────────────────────────────────────────────────

/** A header cell compared without case, accents, dots or repeated spaces. */
export function normalizeName(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.:]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Header names each preset column may carry (normalized). */
const ALIASES = {
  date: [
    'fecha',
    'fecha transaccion',
    'fecha de transaccion',
    'fecha posteo',
    'fecha efectiva',
    'fecha valor',
  ],
  description: [
    'descripcion',
    'concepto',
    'detalle',
    'descripcion de la transaccion',
    'descripcion transaccion',
  ],
  reference: [
    'numero de referencia',
    'no de referencia',
    'referencia',
    'no referencia',
    'documento',
    'serial',
  ],
  debit: ['debitos', 'debito', 'retiros', 'cargos', 'debito rd$', 'debitos rd$'],
  credit: ['creditos', 'credito', 'depositos', 'abonos', 'credito rd$', 'creditos rd$'],
  amount: ['monto', 'importe', 'valor', 'monto rd$'],
  type: [
    'credito/debito',
    'debito/credito',
    'tipo',
    'tipo de transaccion',
    'tipo movimiento',
    'db/cr',
    'cr/db',
  ],
  balance: ['balance', 'saldo', 'balance disponible', 'saldo total', 'balance rd$'],
} as const;
type Column = keyof typeof ALIASES;

/** Numbers as the presets write them: `.` decimals with `,` thousands, or the reverse. */
interface NumberFormat {
  decimal: '.' | ',';
  thousands: string;
}

/**
 * Parses an amount in centavos: strips currency signs and spaces, reads `(1,234.00)` and a trailing
 * or leading `-` as negative. `format` null guesses from the text (the last `.` or `,` followed by
 * one or two digits is the decimal point). Empty → null; not a number → undefined.
 */
export function parseAmountCents(raw: string, format: NumberFormat | null): number | null | undefined {
  let s = raw
    .trim()
    .replace(/^(RD\$|US\$|DOP|USD|\$)\s*/i, '')
    .replace(/\s+/g, '');
  if (s === '' || s === '-') return null;
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.endsWith('-')) {
    negative = !negative;
    s = s.slice(0, -1);
  }
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  } else if (s.startsWith('+')) s = s.slice(1);
  s = s.replace(/^(RD\$|US\$|\$)/i, '');
  let decimal: string;
  let thousands: string;
  if (format) {
    decimal = format.decimal;
    thousands = format.thousands;
  } else {
    const m = /[.,](\d{1,2})$/.exec(s);
    decimal = m ? m[0][0]! : '.';
    thousands = decimal === '.' ? ',' : '.';
    if (!m && /^\d{1,3}([.,]\d{3})+$/.test(s)) thousands = s.includes(',') ? ',' : '.';
  }
  if (thousands) s = s.split(thousands).join('');
  if (decimal === ',') s = s.replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(s) && !/^\d*\.\d{1,2}$/.test(s)) return undefined;
  const [whole, frac = ''] = s.split('.');
  const cents = Number(whole || '0') * 100 + Number(frac.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return undefined;
  return negative ? -cents : cents;
}

function isCalendar(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || y < 1900 || y > 2100) return false;
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}
const iso = (y: number, m: number, d: number) =>
  `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/**
 * Parses a date to ISO. `format` null is day first (every Dominican preset): DD/MM/YYYY, DD-MM-YYYY,
 * DD.MM.YYYY, two-digit years as 20YY, a trailing time ignored, and YYYY-MM-DD. Undefined when not
 * a calendar date.
 */
export function parseDate(raw: string, format: StatementDateFormat | null): string | undefined {
  const s = raw.trim().replace(/\s+\d{1,2}:\d{2}(:\d{2})?(\s*[ap]\.?m\.?)?$/i, '');
  let y: number;
  let m: number;
  let d: number;
  const ymd = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(s);
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(s);
  if (format === 'YYYYMMDD' || (!format && compact)) {
    if (!compact) return undefined;
    [y, m, d] = [Number(compact[1]), Number(compact[2]), Number(compact[3])];
  } else if (format === 'YYYY-MM-DD' || (!format && ymd)) {
    if (!ymd) return undefined;
    [y, m, d] = [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])];
  } else {
    if (!dmy) return undefined;
    const year = dmy[3]!.length === 2 ? 2000 + Number(dmy[3]) : Number(dmy[3]);
    if (format === 'MM/DD/YYYY') [y, m, d] = [year, Number(dmy[1]), Number(dmy[2])];
    else [y, m, d] = [year, Number(dmy[2]), Number(dmy[1])];
  }
  return isCalendar(y, m, d) ? iso(y, m, d) : undefined;
}

// ── tabular files (CSV, XLSX) ───────────────────────────────────────────────────────────────

/** Rows of cells as text; `fromSheet` when they came from a spreadsheet (numbers are plain). */
interface Table {
  rows: string[][];
  fromSheet: boolean;
  encoding: string;
  text: string;
}

/** The delimiter a CSV uses: the one of `;`, `,`, tab, `|` most often found in its first lines. */
function guessDelimiter(text: string): string {
  const head = text.split(/\r?\n/).slice(0, 30).join('\n');
  let best = ',';
  let bestCount = -1;
  for (const d of [';', ',', '\t', '|']) {
    const n = head.split(d).length - 1;
    if (n > bestCount) {
      best = d;
      bestCount = n;
    }
  }
  return best;
}

function csvTable(buf: Buffer, delimiter: string | null): Table {
  const { text, encoding } = decodeText(buf);
  const delim = delimiter ?? guessDelimiter(text);
  let rows: string[][];
  try {
    rows = parseCsv(text, {
      delimiter: delim,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: false,
    }) as string[][];
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    throw fileError(
      line
        ? `Fila ${line}: el archivo CSV está mal formado (comillas sin cerrar). No se importó ninguna línea.`
        : 'El archivo CSV está mal formado. No se importó ninguna línea.',
    );
  }
  return { rows, fromSheet: false, encoding, text };
}

/** A spreadsheet cell as text: dates as DD/MM/YYYY, numbers with a `.` decimal point. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date)
    return `${String(value.getUTCDate()).padStart(2, '0')}/${String(value.getUTCMonth() + 1).padStart(2, '0')}/${value.getUTCFullYear()}`;
  if (typeof value === 'number') return String(Math.round(value * 100) / 100);
  if (typeof value === 'object') {
    if ('result' in value && value.result !== undefined) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

async function xlsxTable(buf: Buffer): Promise<Table> {
  // Loaded on first use: 0.26 s of start-up for an occasional import (decision 175).
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw fileError(
      'El archivo Excel no se pudo leer (¿está dañado o protegido?). No se importó ninguna línea.',
    );
  }
  const sheet = wb.worksheets[0];
  if (!sheet) throw fileError('El archivo Excel no tiene hojas.');
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value);
    });
    rows[n - 1] = Array.from(cells, (c) => c ?? '');
  });
  const filled = Array.from(rows, (r) => r ?? []);
  return { rows: filled, fromSheet: true, encoding: 'xlsx', text: filled.map((r) => r.join(' ')).join('\n') };
}

/** Where each column is in the header row (0-based), by alias or by the mapping's names. */
type ColumnIndex = Partial<Record<Column, number>>;

function indexByAliases(header: string[]): ColumnIndex {
  const names = header.map(normalizeName);
  const out: ColumnIndex = {};
  for (const col of Object.keys(ALIASES) as Column[]) {
    const at = names.findIndex((n) => (ALIASES[col] as readonly string[]).includes(n));
    if (at >= 0) out[col] = at;
  }
  return out;
}

/** A header row a preset can read: a date, a description and the amount columns. */
function isPresetHeader(idx: ColumnIndex): boolean {
  return (
    idx.date !== undefined &&
    idx.description !== undefined &&
    ((idx.debit !== undefined && idx.credit !== undefined) || idx.amount !== undefined)
  );
}

/** Which bank a tabular file comes from: its own words first, then its shape. */
function detectBank(table: Table, header: string[], idx: ColumnIndex, headerAt: number): StatementLayout {
  const above = normalizeName(table.rows.slice(0, headerAt).flat().join(' '));
  const names = header.map(normalizeName);
  if (/\bbhd\b/.test(above)) return 'bhd';
  if (/reservas/.test(above)) return 'banreservas';
  if (/popular/.test(above)) return 'popular';
  if (names.includes('numero de referencia') && names.includes('debitos') && names.includes('creditos'))
    return 'bhd';
  if (idx.type !== undefined && idx.amount !== undefined) return 'popular';
  if (table.encoding.startsWith('utf-16')) return 'banreservas';
  if (table.encoding === 'utf-8-bom') return 'popular';
  if (/numero de cuenta/.test(above)) return 'banreservas';
  if (/cuenta/.test(above)) return 'popular';
  return 'banreservas';
}

/** A credit/debit indicator cell: CR, Crédito, C, + → credit; DB, DR, Débito, D, − → debit. */
function creditFlag(raw: string): boolean | undefined {
  const s = normalizeName(raw);
  if (['cr', 'c', 'credito', 'creditos', 'deposito', '+', 'abono'].includes(s)) return true;
  if (['db', 'dr', 'd', 'debito', 'debitos', 'retiro', '-', 'cargo'].includes(s)) return false;
  return undefined;
}

/** A footer row (totals, closing balance) after the lines: skipped, never an error. */
function isFooter(cells: string[]): boolean {
  return /\b(total|totales|saldo|balance|resumen|fin)\b/.test(normalizeName(cells.join(' ')));
}

interface ReadOptions {
  dateFormat: StatementDateFormat | null;
  number: NumberFormat | null;
}

function readRows(table: Table, headerAt: number, idx: ColumnIndex, opts: ReadOptions): ParsedLine[] {
  const lines: ParsedLine[] = [];
  const cell = (cells: string[], col: Column) =>
    idx[col] === undefined ? '' : (cells[idx[col]!] ?? '').trim();
  const number = table.fromSheet ? { decimal: '.' as const, thousands: '' } : opts.number;
  for (let i = headerAt + 1; i < table.rows.length; i++) {
    const cells = table.rows[i] ?? [];
    const row = i + 1;
    if (cells.every((c) => (c ?? '').trim() === '')) continue;
    const rawDate = cell(cells, 'date');
    const date = rawDate ? parseDate(rawDate, opts.dateFormat) : undefined;
    if (!date) {
      if (!rawDate || isFooter(cells)) continue;
      throw rowError(row, `la fecha «${rawDate.slice(0, 40)}» no es válida`);
    }
    const amountOf = (col: Column) => {
      const raw = cell(cells, col);
      const cents = parseAmountCents(raw, number);
      if (cents === undefined) throw rowError(row, `el monto «${raw.slice(0, 40)}» no es un número`);
      return cents;
    };
    let amountCents: number;
    if (idx.debit !== undefined && idx.credit !== undefined) {
      const debit = amountOf('debit');
      const credit = amountOf('credit');
      amountCents = (credit === null ? 0 : Math.abs(credit)) - (debit === null ? 0 : Math.abs(debit));
      if (debit === null && credit === null) throw rowError(row, 'no tiene débito ni crédito');
    } else {
      const amount = amountOf('amount');
      if (amount === null) throw rowError(row, 'no tiene monto');
      if (idx.type !== undefined) {
        const flag = creditFlag(cell(cells, 'type'));
        if (flag === undefined)
          throw rowError(row, `no se sabe si es crédito o débito («${cell(cells, 'type').slice(0, 20)}»)`);
        amountCents = flag ? Math.abs(amount) : -Math.abs(amount);
      } else amountCents = amount;
    }
    if (amountCents === 0) continue;
    const balance = idx.balance === undefined ? null : amountOf('balance');
    lines.push({
      row,
      date,
      description: cell(cells, 'description').replace(/\s+/g, ' ').slice(0, 500),
      reference: cell(cells, 'reference').slice(0, 100),
      amountCents,
      balanceCents: balance,
    });
  }
  return lines;
}

function readPreset(table: Table): ParsedStatement | null {
  const limit = Math.min(table.rows.length, 40);
  for (let i = 0; i < limit; i++) {
    const header = table.rows[i] ?? [];
    const idx = indexByAliases(header);
    if (!isPresetHeader(idx)) continue;
    const layout = detectBank(table, header, idx, i);
    return { layout, lines: readRows(table, i, idx, { dateFormat: null, number: null }) };
  }
  return null;
}

function readMapped(table: Table, mapping: StatementMapping): ParsedStatement {
  const headerAt = mapping.headerRow - 1;
  const header = (table.rows[headerAt] ?? []).map(normalizeName);
  const idx: ColumnIndex = {};
  for (const [col, name] of Object.entries(mapping.columns) as [Column, string | null | undefined][]) {
    if (!name) continue;
    const at = header.indexOf(normalizeName(name));
    if (at < 0)
      throw fileError(
        `Fila ${mapping.headerRow}: no se encontró la columna «${name}» del formato configurado. No se importó ninguna línea.`,
      );
    idx[col] = at;
  }
  return {
    layout: 'generic',
    lines: readRows(table, headerAt, idx, {
      dateFormat: mapping.dateFormat,
      number: { decimal: mapping.decimalSeparator, thousands: mapping.thousandsSeparator },
    }),
  };
}

// ── OFX ─────────────────────────────────────────────────────────────────────────────────────

function ofxField(block: string, tag: string): string {
  const m = new RegExp(`<${tag}>([^<\\r\\n]*)`, 'i').exec(block);
  return m ? m[1]!.trim() : '';
}

function readOfx(text: string): ParsedStatement {
  const lines: ParsedLine[] = [];
  const re = /<STMTTRN>([\s\S]*?)(?=<\/STMTTRN>|<STMTTRN>|<\/BANKTRANLIST>)/gi;
  let n = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    n++;
    const block = m[1]!;
    const rawDate = ofxField(block, 'DTPOSTED');
    const date = parseDate(rawDate.slice(0, 8), 'YYYYMMDD');
    if (!date) throw rowError(n, `la fecha «${rawDate.slice(0, 20)}» de la transacción OFX no es válida`);
    const rawAmount = ofxField(block, 'TRNAMT');
    const amountCents = parseAmountCents(
      rawAmount,
      rawAmount.includes(',') && !rawAmount.includes('.')
        ? { decimal: ',', thousands: '' }
        : { decimal: '.', thousands: ',' },
    );
    if (amountCents === undefined || amountCents === null)
      throw rowError(n, `el monto «${rawAmount.slice(0, 40)}» de la transacción OFX no es un número`);
    if (amountCents === 0) continue;
    const name = ofxField(block, 'NAME');
    const memo = ofxField(block, 'MEMO');
    lines.push({
      row: n,
      date,
      description: [name, memo].filter(Boolean).join(' · ').slice(0, 500),
      reference: (ofxField(block, 'FITID') || ofxField(block, 'CHECKNUM') || ofxField(block, 'REFNUM')).slice(
        0,
        100,
      ),
      amountCents,
      balanceCents: null,
    });
  }
  if (n === 0) throw fileError('El archivo OFX no tiene transacciones (<STMTTRN>).');
  return { layout: 'ofx', lines };
}

// ── entry point ─────────────────────────────────────────────────────────────────────────────

/** The lines oldest first: a file listed newest first (descending dates) is turned around. */
function oldestFirst(lines: ParsedLine[]): ParsedLine[] {
  if (lines.length > 1 && lines[0]!.date > lines[lines.length - 1]!.date) return [...lines].reverse();
  return lines;
}

/**
 * Reads a statement file (`filename` only helps tell XLSX from CSV; the bytes decide). `mapping`:
 * the account's generic layout, used when no preset reads the file (or always, for a CSV whose
 * delimiter it names). 400 in Spanish when the file is empty, unreadable, of an unknown layout, has
 * more than {@link MAX_STATEMENT_LINES} lines or a row that cannot be read.
 */
export async function parseStatement({
  data,
  mapping,
}: {
  data: Buffer;
  mapping: StatementMapping | null;
}): Promise<ParsedStatement> {
  if (data.length === 0) throw fileError(BANK_MESSAGES.fileRequired);
  let result: ParsedStatement | null;
  const isZip = data[0] === 0x50 && data[1] === 0x4b;
  if (isZip) {
    const table = await xlsxTable(data);
    result = readPreset(table) ?? (mapping ? readMapped(table, mapping) : null);
  } else {
    const { text } = decodeText(data);
    if (/<OFX>|OFXHEADER/i.test(text.slice(0, 2000))) result = readOfx(text);
    else {
      const table = csvTable(data, null);
      result = readPreset(table);
      if (!result && mapping) result = readMapped(csvTable(data, mapping.delimiter), mapping);
    }
  }
  if (!result)
    throw new AppError(400, ErrorCodes.UNKNOWN_STATEMENT_LAYOUT, BANK_MESSAGES.unknownLayout, [
      { field: 'file', message: BANK_MESSAGES.unknownLayout },
    ]);
  if (result.lines.length === 0)
    throw fileError('El archivo no tiene movimientos. No se importó ninguna línea.');
  if (result.lines.length > MAX_STATEMENT_LINES)
    throw fileError(
      `El archivo tiene más de ${MAX_STATEMENT_LINES.toLocaleString('en-US')} movimientos: divídelo por meses.`,
    );
  return { layout: result.layout, lines: oldestFirst(result.lines) };
}
