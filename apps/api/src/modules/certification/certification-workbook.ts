import type ExcelJS from 'exceljs';

/*
 * Reading the DGII's certification workbooks (issue 41, "Pruebas de Datos e-CF" and "Pruebas de Datos
 * Aprobación Comercial") into rows of text, exactly as the workbook shows them. Layout facts from
 * the public Odoo module ithesk/l10n_do_e_cf_tests (wizards/run_test_set_wizard.py `_parse_ecf_sheet`,
 * `_parse_rfce_sheet`, `action_run`; wizards/import_acecf_wizard.py `_parse_acecf_sheet`;
 * models/ecf_builder.py `EMPTY_MARKERS`):
 * - the e-CF workbook has a sheet whose name holds "ECF" (the cases) and may have one whose name
 *   holds "RFCE" or "RESUMEN" (the consumo summaries); "RFCE" contains "ECF", so it is looked at first;
 * - the approvals workbook has a sheet whose name holds "ACECF" or "APROBACION" (else its first sheet);
 * - the header row holds the XML element names (`TipoeCF`, `ENCF`, `FechaEmision`, `MontoTotal`, …),
 *   repeated groups carry an index (`NumeroLinea[1]`, `NombreItem[1]`, `FormaPago[1]`, `TipoCodigo[1][2]`),
 *   `CasoPrueba` names the case; the DGII writes `#e` in a cell that must be left out.
 * Headers are compared without regard to case (the DGII writes `ENCF` for `eNCF`) and trimmed (a
 * published sheet has `NumeroContenedor ` with a trailing blank).
 */

/** The workbook could not be read, or has no sheet of the kind asked for (→ 400, Spanish message). */
export class WorkbookReadError extends Error {}

/** One data row: its 1-based row number and its non-empty cells, header as written → cell text. */
export interface WorkbookRow {
  row: number;
  values: Record<string, string>;
}

/** One sheet read: its name, the headers in column order, and the data rows. */
export interface WorkbookSheet {
  name: string;
  headers: string[];
  rows: WorkbookRow[];
}

/** The cells the DGII (and the Odoo module's builder) treat as empty (`models/ecf_builder.py`). */
const EMPTY_MARKERS = new Set(['#e', 'null']);

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A number as the workbook shows it, without grouping or currency symbols: with the number of
 * decimals of the cell's format (`0.00`, `#,##0.00` → 1000.50 is `1000.50`; a percent format shows
 * the percentage, without the sign), else its shortest text (`General`: 1000.5 is `1000.5`, 1000 is
 * `1000`). Rounds half away from zero on the shortest decimal text of the value, as Excel's display
 * does (1.005 with `0.00` is `1.01`).
 */
export function numberText(value: number, numFmt: string | undefined): string {
  const format = (numFmt ?? '').split(';')[0]!.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  if (format === '' || /^general$/i.test(format) || format === '@' || !/[0#?]/.test(format)) {
    return Number.isInteger(value) ? value.toFixed(0) : String(value);
  }
  const percent = format.includes('%');
  const decimals = /\.([0#?]+)/.exec(format)?.[1]?.length ?? 0;
  const shown = percent ? Number((value * 100).toPrecision(15)) : value;
  return new Intl.NumberFormat('en-US', {
    useGrouping: false,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    roundingMode: 'halfExpand',
  }).format(shown);
}

/** A date cell: `dd-MM-yyyy` (the e-CF's FechaValidationType), with ` HH:mm:ss` when it has a time. */
export function dateText(d: Date): string {
  const day = `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;
  const h = d.getUTCHours();
  const m = d.getUTCMinutes();
  const s = d.getUTCSeconds();
  return h === 0 && m === 0 && s === 0 ? day : `${day} ${pad(h)}:${pad(m)}:${pad(s)}`;
}

/** The text of one cell value (numbers per {@link numberText}, dates per {@link dateText}); '' when empty. */
function valueText(value: ExcelJS.CellValue, numFmt: string | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'number') return numberText(value, numFmt);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: unknown }).result;
    if (result && typeof result === 'object' && 'error' in result) return String(result.error);
    return valueText((result ?? null) as ExcelJS.CellValue, numFmt);
  }
  if ('hyperlink' in value) return String(value.text ?? '');
  if ('error' in value) return String(value.error);
  return '';
}

/** The cell's text, trimmed; '' for an empty cell or one marked empty (`#e`). */
export function cellText(cell: ExcelJS.Cell): string {
  const text = valueText(cell.value, cell.numFmt).trim();
  return EMPTY_MARKERS.has(text.toLowerCase()) ? '' : text;
}

/** Loads an .xlsx; throws {@link WorkbookReadError} when the bytes are not one. */
async function load(file: Buffer): Promise<ExcelJS.Workbook> {
  // Loaded on first use: 0.26 s of start-up for a screen used once per RNC (decision 175).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw new WorkbookReadError('El archivo no es un libro de Excel (.xlsx) válido.');
  }
  return workbook;
}

/**
 * Reads one sheet: the header row is the first of the first 10 rows holding one of `keys` (lower
 * case); every later row with at least one non-empty cell is a data row. Answers null when no row
 * holds a key.
 */
function readSheet(sheet: ExcelJS.Worksheet, keys: string[]): WorkbookSheet | null {
  let headerRow = 0;
  const limit = Math.min(sheet.rowCount, 10);
  for (let r = 1; r <= limit && headerRow === 0; r++) {
    sheet.getRow(r).eachCell((cell) => {
      if (keys.includes(cellText(cell).toLowerCase())) headerRow = r;
    });
  }
  if (headerRow === 0) return null;
  const byColumn = new Map<number, string>();
  sheet.getRow(headerRow).eachCell((cell, col) => {
    const header = cellText(cell);
    if (header !== '') byColumn.set(col, header);
  });
  const rows: WorkbookRow[] = [];
  for (let r = headerRow + 1; r <= sheet.rowCount; r++) {
    const values: Record<string, string> = {};
    sheet.getRow(r).eachCell((cell, col) => {
      const header = byColumn.get(col);
      const text = header ? cellText(cell) : '';
      if (header && text !== '') values[header] = text;
    });
    if (Object.keys(values).length > 0) rows.push({ row: r, values });
  }
  return { name: sheet.name, headers: [...byColumn.values()], rows };
}

/** What an e-CF test workbook holds: the cases sheet and, when the DGII gives one, the RFCE sheet. */
export interface TestSetWorkbook {
  ecf: WorkbookSheet;
  rfce: WorkbookSheet | null;
}

/**
 * Reads the DGII's "Pruebas de Datos e-CF" workbook. The cases sheet: the one named with "ECF" (not
 * "RFCE", "RESUMEN", "ACECF") whose header row holds `TipoeCF`; failing that, the first sheet with
 * such a header. The RFCE sheet: named with "RFCE" or "RESUMEN", header row with `eNCF`. Throws
 * {@link WorkbookReadError} (Spanish) for a file that is not an .xlsx or has no cases sheet.
 */
export async function readTestSetWorkbook(file: Buffer): Promise<TestSetWorkbook> {
  const workbook = await load(file);
  let ecf: WorkbookSheet | null = null;
  let fallback: WorkbookSheet | null = null;
  let rfce: WorkbookSheet | null = null;
  for (const sheet of workbook.worksheets) {
    const name = sheet.name.toUpperCase();
    if (name.includes('RFCE') || name.includes('RESUMEN')) {
      rfce ??= readSheet(sheet, ['encf']);
    } else if (!name.includes('ACECF') && !name.includes('APROBACION')) {
      const read = readSheet(sheet, ['tipoecf']);
      if (read && name.includes('ECF')) ecf ??= read;
      else if (read) fallback ??= read;
    }
  }
  ecf ??= fallback;
  if (!ecf || ecf.rows.length === 0)
    throw new WorkbookReadError(
      'El libro no tiene la hoja de casos e-CF del set de pruebas de la DGII (una hoja «ECF» con la columna TipoeCF y al menos un caso).',
    );
  return { ecf, rfce };
}

/**
 * Reads the DGII's "Pruebas de Datos Aprobación Comercial" workbook: the sheet named with "ACECF" or
 * "APROBACION", else the first sheet whose header row holds `eNCF` (ithesk import_acecf_wizard.py:
 * columns Version, RNCEmisor, eNCF, FechaEmision, MontoTotal, RNCComprador, Estado,
 * DetalleMotivoRechazo, FechaHoraAprobacionComercial). Throws {@link WorkbookReadError}.
 */
export async function readApprovalWorkbook(file: Buffer): Promise<WorkbookSheet> {
  const workbook = await load(file);
  const named = workbook.worksheets.filter((s) => /ACECF|APROBACI[OÓ]N/i.test(s.name));
  for (const sheet of [...named, ...workbook.worksheets]) {
    const read = readSheet(sheet, ['encf']);
    if (read && read.rows.length > 0) return read;
  }
  throw new WorkbookReadError(
    'El libro no tiene la hoja de aprobaciones comerciales de la DGII (una hoja «ACECF» con la columna eNCF y al menos una fila).',
  );
}
