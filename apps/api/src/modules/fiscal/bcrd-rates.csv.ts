/*
 * The Banco Central de la República Dominicana's daily USD reference rate series, as a CSV (issue
 * 27, decision 137). The BCRD publishes it as a workbook,
 * `cdn.bancentral.gov.do/documents/estadisticas/mercado-cambiario/documents/TASA_DOLAR_REFERENCIA_MC.xlsx`
 * (formerly `.xls`), whose first sheet "Diaria" has two title rows, then the header
 * `Año | Mes | Día | Compra | Venta` and one row per business day since 1991, the month as a
 * Spanish abbreviation ("Ene" … "Dic"), rates in DOP per US$1 with 4 decimals (Johan-rosa/databcrd
 * `R/tipo_cambio.R`, `get_tc_spot`/`get_tc`: `read_excel(path, sheet = "Diaria", skip = 2)`;
 * Johan-rosa/bcdata `R/tc.R`; dnldelarosa/encftr `data-raw/tipo_cambio_monedas.R` for the month
 * abbreviations). The BCRD offers no CSV: "Save as CSV" of that sheet is what this module reads:
 *
 *   - any title lines before the header are skipped; the header must name Compra and Venta and
 *     either Año, Mes, Día or a single Fecha column (DD/MM/YYYY or YYYY-MM-DD);
 *   - separator `,`, `;` or tab (Excel in a Spanish locale writes `;` and a decimal comma);
 *     UTF-8 or Windows-1252 text; quoted cells allowed;
 *   - an empty Año or Mes repeats the row above (merged cells in the workbook);
 *   - footnote lines without digits ("Fuente: …") and blank lines are skipped;
 *   - more than 4 decimals (Excel's full precision) are rounded half-up to 4.
 * Anything else is a malformed line: the parser throws {@link BcrdCsvError} naming it.
 */

/** A malformed file: `line` is the 1-based line of the text (0 when the whole file is wrong). */
export class BcrdCsvError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'BcrdCsvError';
  }
}

/** One day of the series: DOP per US$1, buying and selling, 4 decimals at most. */
export interface BcrdRateRow {
  /** ISO YYYY-MM-DD. */
  date: string;
  /** "Compra", null when the cell is empty. */
  buy: number | null;
  /** "Venta": the rate this product uses for invoicing (decision 137). */
  sell: number;
  /** 1-based line of the file. */
  line: number;
}

/** Most lines read (the series since 1991 has about 9,000 days). */
export const BCRD_CSV_MAX_ROWS = 20_000;

const MONTHS: Record<string, number> = {
  ene: 1,
  enero: 1,
  feb: 2,
  febrero: 2,
  mar: 3,
  marzo: 3,
  abr: 4,
  abril: 4,
  may: 5,
  mayo: 5,
  jun: 6,
  junio: 6,
  jul: 7,
  julio: 7,
  ago: 8,
  agosto: 8,
  sep: 9,
  sept: 9,
  set: 9,
  septiembre: 9,
  setiembre: 9,
  oct: 10,
  octubre: 10,
  nov: 11,
  noviembre: 11,
  dic: 12,
  diciembre: 12,
};

/** Lower case, no accents, no surrounding blanks or dots: "Año " → "ano", "Día" → "dia", "Ene." → "ene". */
const norm = (cell: string) =>
  cell.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/\.$/, '');

/** Bytes → text: UTF-8 when valid (BOM dropped), else Windows-1252 (Excel's "CSV" on Windows). */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Splits one CSV line on `sep`, honouring double quotes ("" inside quotes is one quote). */
function splitLine(line: string, sep: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === sep) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells.map((c) => c.trim());
}

type Columns =
  | { kind: 'ymd'; year: number; month: number; day: number; buy: number; sell: number }
  | { kind: 'date'; date: number; buy: number; sell: number };

/** The columns of a header line, or null when the line is not the header. */
function headerColumns(cells: string[]): Columns | null {
  const names = cells.map(norm);
  const at = (...options: string[]) => names.findIndex((n) => options.includes(n));
  const buy = at('compra', 'tasa de compra');
  const sell = at('venta', 'tasa de venta');
  if (buy < 0 || sell < 0) return null;
  const year = at('ano', 'anio', 'year');
  const month = at('mes', 'month');
  const day = at('dia', 'day');
  if (year >= 0 && month >= 0 && day >= 0) return { kind: 'ymd', year, month, day, buy, sell };
  const date = at('fecha', 'date');
  if (date >= 0) return { kind: 'date', date, buy, sell };
  return null;
}

/** The separator of the file: the one that splits the header into most cells. */
function separatorOf(lines: string[]): string {
  const candidates = [';', ',', '\t'];
  for (const line of lines) {
    for (const sep of candidates) {
      if (headerColumns(splitLine(line, sep))) return sep;
    }
  }
  return ',';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A real calendar day as ISO, or null. */
function isoDay(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < 1900 || year > 2999) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * A rate cell → DOP per unit rounded half-up to 4 decimals, or null when it is not a positive
 * number below 1,000. A comma is the decimal mark when there is no dot ("58,9500").
 */
export function parseRateCell(cell: string): number | null {
  let text = cell.replace(/\s/g, '');
  if (text.includes(',') && !text.includes('.')) text = text.replace(',', '.');
  if (!/^\d{1,3}(\.\d+)?$/.test(text)) return null;
  const [int, frac = ''] = text.split('.');
  const digits = `${frac}00000`.slice(0, 5);
  let units = Number(int) * 10_000 + Number(digits.slice(0, 4));
  if (Number(digits[4]) >= 5) units += 1;
  if (units <= 0 || units >= 10_000_000) return null;
  return units / 10_000;
}

/** A month cell: 1–12 or a Spanish name or abbreviation. */
function parseMonth(cell: string): number | null {
  const n = norm(cell);
  if (/^\d{1,2}$/.test(n)) {
    const m = Number(n);
    return m >= 1 && m <= 12 ? m : null;
  }
  return MONTHS[n] ?? null;
}

/** A Fecha cell: DD/MM/YYYY, D-M-YYYY or YYYY-MM-DD. */
function parseDateCell(cell: string): string | null {
  const t = cell.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (m) return isoDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(t);
  if (m) return isoDay(Number(m[3]), Number(m[2]), Number(m[1]));
  return null;
}

/**
 * Parses the BCRD's daily USD reference series saved as CSV (format above) into one row per day,
 * in file order. Throws {@link BcrdCsvError} (Spanish message naming the line) when the header is
 * missing, a line has a day or rate that cannot be read, a day appears twice, there are no days,
 * or there are more than {@link BCRD_CSV_MAX_ROWS} lines.
 */
export function parseBcrdCsv(text: string): BcrdRateRow[] {
  const lines = text.split(/\r\n|\n|\r/);
  if (lines.length > BCRD_CSV_MAX_ROWS + 50)
    throw new BcrdCsvError(0, `El archivo tiene más de ${BCRD_CSV_MAX_ROWS.toLocaleString('en-US')} líneas.`);
  const sep = separatorOf(lines.slice(0, 30));
  let columns: Columns | null = null;
  const rows: BcrdRateRow[] = [];
  const seen = new Map<string, number>();
  let lastYear: number | null = null;
  let lastMonth: number | null = null;
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const cells = splitLine(lines[i]!, sep);
    if (cells.every((c) => c === '')) continue;
    if (!columns) {
      columns = headerColumns(cells);
      continue;
    }
    // Footnotes ("Fuente: Banco Central", "* Cifras preliminares") carry no digits.
    if (!cells.some((c) => /\d/.test(c))) continue;
    const fail = (what: string): never => {
      throw new BcrdCsvError(lineNo, `Línea ${lineNo}: ${what} («${lines[i]!.trim().slice(0, 80)}»).`);
    };
    let date: string | null;
    if (columns.kind === 'ymd') {
      const yearCell = cells[columns.year] ?? '';
      const monthCell = cells[columns.month] ?? '';
      const year: number | null =
        yearCell === '' ? lastYear : /^\d{4}$/.test(yearCell) ? Number(yearCell) : null;
      const month: number | null = monthCell === '' ? lastMonth : parseMonth(monthCell);
      if (year === null) fail('el año no es válido');
      if (month === null) fail('el mes no es válido (1–12 o Ene … Dic)');
      const dayCell = cells[columns.day] ?? '';
      date = /^\d{1,2}$/.test(dayCell) ? isoDay(year!, month!, Number(dayCell)) : null;
      if (!date) fail('el día no es una fecha válida');
      lastYear = year;
      lastMonth = month;
    } else {
      date = parseDateCell(cells[columns.date] ?? '');
      if (!date) fail('la fecha no es válida (DD/MM/AAAA o AAAA-MM-DD)');
    }
    const sell = parseRateCell(cells[columns.sell] ?? '');
    if (sell === null) fail('la tasa de venta no es un número mayor que cero y menor que 1,000');
    const buyCell = cells[columns.buy] ?? '';
    const buy = buyCell === '' ? null : parseRateCell(buyCell);
    if (buyCell !== '' && buy === null)
      fail('la tasa de compra no es un número mayor que cero y menor que 1,000');
    const previous = seen.get(date!);
    if (previous) fail(`el día ${date} ya aparece en la línea ${previous}`);
    seen.set(date!, lineNo);
    rows.push({ date: date!, buy, sell: sell!, line: lineNo });
  }
  if (!columns)
    throw new BcrdCsvError(
      0,
      'No se encontró el encabezado del archivo del Banco Central (columnas Año, Mes, Día, Compra y Venta, o Fecha, Compra y Venta).',
    );
  if (rows.length === 0)
    throw new BcrdCsvError(0, 'El archivo no tiene ninguna tasa después del encabezado.');
  return rows;
}
