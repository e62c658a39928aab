/*
 * The text rules every DGII "Formato de Envío de Datos" file shares (606, 607 and 608; Norma
 * General 07-2018, sources in docs/research/dgii-607-608.md): the header line, amounts with two
 * decimals and no separators, dates YYYYMMDD, ids without dashes, CRLF after every line. Split from
 * dgii-formats.ts (decision 152); the 607/608 lines are there, the 606 in dgii-606.ts.
 */

/** Separator after every line of the DGII text files, the last one included (l10n-dominicana writes CRLF). */
export const DGII_EOL = '\r\n';

/**
 * Oldest period the 607/608 layout of Norma General 07-2018 applies to (the DGII tool reads
 * "a partir del periodo de mayo 2018").
 */
export const DGII_LAYOUT_FIRST_PERIOD = '201805';

const PERIOD_RE = /^\d{4}(0[1-9]|1[0-2])$/;
const ISO_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** NCF: series B + type (2) + sequence (8); e-NCF: E + type (2) + sequence (10). */
export const NCF_RE = /^(B\d{10}|E\d{12})$/;
/** A modified NCF: an NCF, an e-NCF or a pre-2018 NCF (letter + 18 digits). */
export const MODIFIED_NCF_RE = /^(B\d{10}|E\d{12}|[A-Z]\d{18})$/;
/** A buyer's id of type 3 (passport, other): up to 20 letters and digits. */
export const OTHER_ID_RE = /^[A-Z0-9]{1,20}$/;

/**
 * Centavos → the DGII amount text: two decimals, a dot, no thousands separator (12345 → "123.45").
 * Throws RangeError unless `cents` is a non-negative safe integer.
 */
export function dgiiAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`amount must be a non-negative integer of centavos, got ${cents}`);
  }
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** ISO `YYYY-MM-DD` → `YYYYMMDD`; null → '' (empty field). Throws RangeError on another shape or a day that does not exist. */
export function dgiiDate(iso: string | null): string {
  if (iso === null) return '';
  const m = ISO_DATE_RE.exec(iso);
  const [year, month, day] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (!m || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new RangeError(`date must be an existing ISO date YYYY-MM-DD, got "${iso}"`);
  }
  return `${m[1]}${m[2]}${m[3]}`;
}

/** Drops the dashes and spaces people type inside an RNC, cédula or passport number. */
export function compactId(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * The header line `kind|RNC|YYYYMM|count`, checked: the sender's RNC (9) or cédula (11) and a
 * period YYYYMM of this layout. Throws RangeError naming the file kind otherwise.
 */
export function header(kind: '606' | '607' | '608', rnc: string, period: string, count: number): string {
  const id = compactId(rnc);
  if (!/^(\d{9}|\d{11})$/.test(id)) {
    throw new RangeError(`${kind}: the sender must be an RNC of 9 digits or a cédula of 11, got "${rnc}"`);
  }
  if (!PERIOD_RE.test(period)) throw new RangeError(`${kind}: period must be YYYYMM, got "${period}"`);
  if (period < DGII_LAYOUT_FIRST_PERIOD) {
    throw new RangeError(
      `${kind}: period ${period} is before ${DGII_LAYOUT_FIRST_PERIOD}, when the Norma 07-2018 layout starts`,
    );
  }
  return `${kind}|${id}|${period}|${count}`;
}

/** {@link dgiiAmount} of one column: a bad amount's RangeError names the row and the DGII column. */
export function amountField(cents: number, column: string, where: string): string {
  try {
    return dgiiAmount(cents);
  } catch (e) {
    throw new RangeError(`${where}, "${column}": ${(e as Error).message}`);
  }
}

/** {@link dgiiDate} of one column: a bad date's RangeError names the row and the DGII column. */
export function dateField(iso: string | null, column: string, where: string): string {
  try {
    return dgiiDate(iso);
  } catch (e) {
    throw new RangeError(`${where}, "${column}": ${(e as Error).message}`);
  }
}
