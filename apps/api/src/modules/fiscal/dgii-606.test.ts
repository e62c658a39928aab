import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OCTOBER_2026_PURCHASES } from '../../../test/dgii-fixtures.js';
import { DGII_606_COLUMNS, format606, purchase606Row } from './dgii-606.js';

/*
 * The golden file was typed by hand from the layout (decision 141), not produced by this code.
 * Agency RNC 130000001, period 202610 (2026-10-01 … 2026-10-31). How each line was computed:
 *  1. Fees of a professional (cédula 00113918205), type 02: 50,000.00 + ITBIS 9,000.00; paid
 *     2026-10-18 by transfer (02) withholding 100 % of the ITBIS (9,000.00) and 10 % ISR (honorarios,
 *     type 02: 5,000.00). Paid in the period → date, withholdings and type are written.
 *  2. A laptop (goods, type 10) from a company, 25,000.00 + 4,500.00, unpaid at the end of the
 *     period: no payment date, forma de pago 04 (compra a crédito).
 *  3. A client dinner (type 05, representación): services 4,000.00 + goods 1,000.00 = 5,000.00,
 *     ITBIS 900.00 all taken to cost (col. 14) so 0.00 por adelantar, propina legal 500.00, cash.
 *  4. A software licence in US dollars: US$1,000.00 + ITBIS US$180.00 at RD$58.95 → 58,950.00 and
 *     10,611.00; paid by card (03) on 2026-10-20.
 *  5. B11 (comprobante de compras) we issued to an informal cleaner (cédula 40212345678):
 *     10,000.00 + 1,800.00; ITBIS withheld in full (1,800.00) and ISR 10 % (1,000.00), cash.
 *  6. Issued last month (2026-09-20), paid 2026-10-05 by transfer withholding 30 % of its ITBIS
 *     (1,080.00): reported again in October with the payment date and the withholding.
 *  -  Issued last month and paid in October without a withholding: not listed again.
 *  7. Issued 2026-10-28 with withholdings (5,400.00 ITBIS, 3,000.00 ISR type 02) but paid on
 *     2026-11-03: in October without payment date, withholdings nor type; forma de pago 04.
 *  -  Issued 2026-11-02: not in October's 606.
 * Header count: 7.
 */
const golden = (name: string) =>
  readFileSync(new URL(`./dgii-formats.golden/${name}`, import.meta.url), 'utf8');

const rows = OCTOBER_2026_PURCHASES.flatMap((p) => purchase606Row(p, '2026-10-01', '2026-10-31') ?? []);

describe('606 text file (Norma 07-2018; decision 141)', () => {
  it('matches the hand-typed golden file: goods vs services, paid vs unpaid, withholdings, USD, B11', () => {
    expect(format606({ rnc: '130-00000-1', period: '202610', rows })).toBe(golden('606-sample.txt'));
  });

  it('writes 23 fields per line in the DGII order, header count without the header', () => {
    const lines = format606({ rnc: '130000001', period: '202610', rows }).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe('606|130000001|202610|7');
    for (const line of lines.slice(1, -1)) expect(line.split('|')).toHaveLength(DGII_606_COLUMNS.length);
    expect(DGII_606_COLUMNS).toHaveLength(23);
    expect(DGII_606_COLUMNS[14]).toBe('ITBIS por Adelantar');
    expect(DGII_606_COLUMNS[22]).toBe('Forma de Pago');
  });

  it('writes an empty month as the header alone (the DGII wants it sent anyway)', () => {
    expect(format606({ rnc: '130000001', period: '202610', rows: [] })).toBe('606|130000001|202610|0\r\n');
  });

  it('refuses rows the DGII would reject', () => {
    const row = rows[0]!;
    const bad = (patch: object) => () =>
      format606({ rnc: '130000001', period: '202610', rows: [{ ...row, ...patch }] });
    expect(bad({ ncf: 'X0100000001' })).toThrow(/NCF/);
    expect(bad({ supplierId: '12345' })).toThrow(/supplier id/);
    expect(bad({ expenseType: '12' })).toThrow(/01–11/);
    expect(bad({ paymentMethod: '08' })).toThrow(/01–07/);
    expect(bad({ isrWithholdingType: null })).toThrow(/needs its type/);
    expect(bad({ itbisToCostCents: row.itbisCents + 1 })).toThrow(/cannot exceed/);
    expect(bad({ servicesCents: -1 })).toThrow(/non-negative/);
    expect(() => format606({ rnc: '130000001', period: '201804', rows: [] })).toThrow(/201805/);
  });
});
