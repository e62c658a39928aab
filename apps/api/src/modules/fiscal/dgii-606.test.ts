import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DGII_606_COLUMNS, format606, type Purchase606, purchase606Row } from './dgii-formats.js';

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

const base: Purchase606 = {
  supplierId: '101010632',
  supplierIdType: 1,
  expenseType: '02',
  ncf: 'B0100000001',
  modifiedNcf: null,
  issueDate: '2026-10-01',
  paymentDate: null,
  paymentMethod: null,
  servicesCents: 0,
  goodsCents: 0,
  itbisCents: 0,
  itbisToCostCents: 0,
  itbisWithheldCents: 0,
  isrWithholdingType: null,
  isrWithheldCents: 0,
  selectiveTaxCents: 0,
  otherTaxesCents: 0,
  legalTipCents: 0,
  rate: null,
};

const purchases: Purchase606[] = [
  {
    ...base,
    supplierId: '001-1391820-5',
    supplierIdType: 2,
    ncf: 'B0100000101',
    issueDate: '2026-10-03',
    paymentDate: '2026-10-18',
    paymentMethod: '02',
    servicesCents: 5_000_000,
    itbisCents: 900_000,
    itbisWithheldCents: 900_000,
    isrWithholdingType: '02',
    isrWithheldCents: 500_000,
  },
  {
    ...base,
    expenseType: '10',
    ncf: 'B0100003344',
    issueDate: '2026-10-10',
    goodsCents: 2_500_000,
    itbisCents: 450_000,
  },
  {
    ...base,
    supplierId: '131246813',
    expenseType: '05',
    ncf: 'B0100000777',
    issueDate: '2026-10-12',
    paymentDate: '2026-10-12',
    paymentMethod: '01',
    servicesCents: 400_000,
    goodsCents: 100_000,
    itbisCents: 90_000,
    itbisToCostCents: 90_000,
    legalTipCents: 50_000,
  },
  {
    ...base,
    supplierId: '132111112',
    ncf: 'B0100000055',
    issueDate: '2026-10-15',
    paymentDate: '2026-10-20',
    paymentMethod: '03',
    servicesCents: 100_000,
    itbisCents: 18_000,
    rate: 58.95,
  },
  {
    ...base,
    supplierId: '40212345678',
    supplierIdType: 2,
    ncf: 'B1100000012',
    issueDate: '2026-10-25',
    paymentDate: '2026-10-25',
    paymentMethod: '01',
    servicesCents: 1_000_000,
    itbisCents: 180_000,
    itbisWithheldCents: 180_000,
    isrWithholdingType: '02',
    isrWithheldCents: 100_000,
  },
  {
    ...base,
    supplierId: '101000012',
    ncf: 'B0100000900',
    issueDate: '2026-09-20',
    paymentDate: '2026-10-05',
    paymentMethod: '02',
    servicesCents: 2_000_000,
    itbisCents: 360_000,
    itbisWithheldCents: 108_000,
  },
  // Last month's, paid in October without a withholding: already reported, not listed again.
  {
    ...base,
    ncf: 'B0100000901',
    issueDate: '2026-09-21',
    paymentDate: '2026-10-06',
    paymentMethod: '02',
    servicesCents: 100_000,
    itbisCents: 18_000,
  },
  {
    ...base,
    supplierId: '00100759932',
    supplierIdType: 2,
    ncf: 'B0100000123',
    issueDate: '2026-10-28',
    paymentDate: '2026-11-03',
    paymentMethod: '02',
    servicesCents: 3_000_000,
    itbisCents: 540_000,
    itbisWithheldCents: 540_000,
    isrWithholdingType: '02',
    isrWithheldCents: 300_000,
  },
  // November's: not in October.
  { ...base, ncf: 'B0100000124', issueDate: '2026-11-02', servicesCents: 100_000, itbisCents: 18_000 },
];

const rows = purchases.flatMap((p) => purchase606Row(p, '2026-10-01', '2026-10-31') ?? []);

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
