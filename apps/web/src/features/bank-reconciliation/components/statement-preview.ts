import type { StatementDateFormat, StatementMappingInput } from '@agencia/shared';

/*
 * The mapping dialog's preview (decision 167): the first rows of a CSV as the browser reads them,
 * and how the lines will read with the mapping being written — before anything is saved or imported.
 * The server's reader (modules/bank/statement-parser.ts) stays the authority; this mirrors its
 * rules for the preview only: encodings, quoted cells, separators, date formats, credit/debit flags.
 */

/**
 * Decodes a statement's bytes as the server does: a BOM decides (UTF-8, UTF-16 LE/BE); without one,
 * NUL bytes mean UTF-16 (Banreservas exports), valid UTF-8 is UTF-8, anything else Windows-1252.
 */
export function decodeStatement(bytes: Uint8Array): string {
  const decode = (label: string, fatal = false) =>
    new TextDecoder(label, { fatal }).decode(bytes).replace(/^\uFEFF/, '');
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decode('utf-8');
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decode('utf-16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decode('utf-16be');
  const sample = bytes.subarray(0, 200);
  let evenNul = 0;
  let oddNul = 0;
  sample.forEach((b, i) => {
    if (b === 0) {
      if (i % 2 === 0) evenNul++;
      else oddNul++;
    }
  });
  if (oddNul > sample.length / 4) return decode('utf-16le');
  if (evenNul > sample.length / 4) return decode('utf-16be');
  try {
    return decode('utf-8', true);
  } catch {
    return decode('windows-1252');
  }
}

/** One CSV row split on `delimiter`, honouring double-quoted cells (`"1,250.00"`, `""` = a quote). */
export function splitRow(line: string, delimiter: string): string[] {
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
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === delimiter) {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

/** The file's non-empty lines (at most `max`). */
export function textRows(text: string, max = 60): string[] {
  return text
    .split(/\r\n|\n|\r/)
    .filter((l) => l.trim() !== '')
    .slice(0, max);
}

/** The delimiter most lines use the same number of times (`,` when nothing stands out). */
export function guessDelimiter(lines: string[]): ',' | ';' | '\t' | '|' {
  let best: ',' | ';' | '\t' | '|' = ',';
  let bestScore = 0;
  for (const d of [';', ',', '\t', '|'] as const) {
    const counts = lines.slice(0, 20).map((l) => splitRow(l, d).length - 1);
    const top = Math.max(0, ...counts);
    const score = counts.filter((c) => c === top && c > 0).length * top;
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

/** The 1-based row whose cells look most like column names (the first row with a date-free text row followed by a date). */
export function guessHeaderRow(rows: string[][]): number {
  const looksLikeDate = (s: string) => /^\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}$|^\d{8}$/.test(s.trim());
  for (let i = 0; i < rows.length - 1; i++) {
    const here = rows[i]!;
    const next = rows[i + 1]!;
    if (here.filter((c) => c !== '').length >= 3 && !here.some(looksLikeDate) && next.some(looksLikeDate))
      return i + 1;
  }
  return 1;
}

/** Lower case, no accents, no dots or colons, single spaces: how the server compares column names. */
export const normalizeName = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.:]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** An amount cell in centavos with the given separators; null when empty, undefined when not a number. */
export function parseAmountCents(
  raw: string,
  decimal: '.' | ',',
  thousands: string,
): number | null | undefined {
  let s = raw.replace(/RD\$|US\$|\$|DOP|USD/gi, '').trim();
  if (s === '') return null;
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  } else if (s.endsWith('-')) {
    negative = !negative;
    s = s.slice(0, -1);
  }
  if (thousands) s = s.split(thousands).join('');
  s = s.replace(/\s/g, '');
  if (decimal === ',') s = s.replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return undefined;
  const cents = Math.round(Number(s) * 100);
  return negative ? -cents : cents;
}

/** A date cell in `format` → `YYYY-MM-DD`, or undefined when it is not a calendar day. */
export function parseDateCell(raw: string, format: StatementDateFormat): string | undefined {
  const s = raw.trim().split(/\s+/)[0] ?? '';
  let y: number;
  let m: number;
  let d: number;
  const parts = s.split(/[/.-]/).map(Number);
  if (format === 'YYYYMMDD') {
    if (!/^\d{8}$/.test(s)) return undefined;
    [y, m, d] = [Number(s.slice(0, 4)), Number(s.slice(4, 6)), Number(s.slice(6, 8))];
  } else if (parts.length !== 3 || parts.some((n) => !Number.isInteger(n))) return undefined;
  else if (format === 'YYYY-MM-DD') [y, m, d] = parts as [number, number, number];
  else if (format === 'MM/DD/YYYY') [m, d, y] = parts as [number, number, number];
  else [d, m, y] = parts as [number, number, number];
  if (y < 100) y += 2000;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return undefined;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** A credit/debit flag cell (CR, Crédito, C, + / DB, DR, Débito, D, −), as the server reads it. */
export function creditFlag(raw: string): boolean | undefined {
  const s = normalizeName(raw);
  if (['cr', 'c', 'credito', 'creditos', 'deposito', '+', 'abono'].includes(s)) return true;
  if (['db', 'dr', 'd', 'debito', 'debitos', 'retiro', '-', 'cargo'].includes(s)) return false;
  return undefined;
}

/** One line as the mapping reads it, or the reason the row cannot be read. */
export type PreviewLine =
  | {
      row: number;
      ok: true;
      date: string;
      description: string;
      amountCents: number;
      balanceCents: number | null;
    }
  | { row: number; ok: false; error: string };

/**
 * The first `limit` lines after the header row as `mapping` reads them (footer rows — totals —
 * skipped as the server does). Column names are compared as the server compares them.
 */
export function previewLines(rows: string[][], mapping: StatementMappingInput, limit = 5): PreviewLine[] {
  const headerIndex = (mapping.headerRow ?? 1) - 1;
  const header = (rows[headerIndex] ?? []).map(normalizeName);
  const col = (name: string | null | undefined) => (name ? header.indexOf(normalizeName(name)) : -1);
  const c = mapping.columns;
  const at = {
    date: col(c.date),
    description: col(c.description),
    balance: col(c.balance),
    amount: col(c.amount),
    type: col(c.type),
    debit: col(c.debit),
    credit: col(c.credit),
  };
  const decimal = mapping.decimalSeparator ?? '.';
  const thousands = mapping.thousandsSeparator ?? ',';
  const out: PreviewLine[] = [];
  for (let i = headerIndex + 1; i < rows.length && out.length < limit; i++) {
    const cells = rows[i]!;
    const row = i + 1;
    if (/\b(total|totales|saldo|balance|resumen|fin)\b/.test(normalizeName(cells.join(' ')))) continue;
    const get = (index: number) => (index >= 0 ? (cells[index] ?? '') : '');
    if (at.date < 0) {
      out.push({ row, ok: false, error: `No hay una columna «${c.date}» en la fila ${headerIndex + 1}` });
      break;
    }
    const date = parseDateCell(get(at.date), mapping.dateFormat ?? 'DD/MM/YYYY');
    if (!date) {
      out.push({ row, ok: false, error: `Fecha no válida «${get(at.date)}»` });
      continue;
    }
    let amountCents: number | null | undefined;
    if (c.amount) {
      amountCents = parseAmountCents(get(at.amount), decimal, thousands);
      if (c.type && typeof amountCents === 'number') {
        const flag = creditFlag(get(at.type));
        if (flag === undefined) {
          out.push({ row, ok: false, error: `No se sabe si es crédito o débito «${get(at.type)}»` });
          continue;
        }
        amountCents = flag ? Math.abs(amountCents) : -Math.abs(amountCents);
      }
    } else {
      const debit = parseAmountCents(get(at.debit), decimal, thousands);
      const credit = parseAmountCents(get(at.credit), decimal, thousands);
      amountCents =
        debit === undefined || credit === undefined ? undefined : (credit ?? 0) - Math.abs(debit ?? 0);
    }
    if (typeof amountCents !== 'number') {
      out.push({ row, ok: false, error: 'Monto no válido con estos separadores' });
      continue;
    }
    const balance = at.balance >= 0 ? parseAmountCents(get(at.balance), decimal, thousands) : null;
    out.push({
      row,
      ok: true,
      date,
      description: get(at.description),
      amountCents,
      balanceCents: typeof balance === 'number' ? balance : null,
    });
  }
  return out;
}
