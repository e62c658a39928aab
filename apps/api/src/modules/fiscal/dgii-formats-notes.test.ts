import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Dgii607Row, type Dgii608Row, format607, format608 } from './dgii-formats.js';

/*
 * Golden files of a 607 and a 608 with debit notes (B03 / E33) next to credit notes (issue 27,
 * decision 138), typed by hand from the layout (docs/research/dgii-607-608.md) like
 * dgii-formats.golden/607-sample.txt. Agency RNC 130000001, period 202611, ITBIS 18 %:
 *  1. B0100000060 to a company (RNC 130458715): 20,000.00 + 3,600.00, unpaid → venta a crédito
 *     23,600.00 (col. 20).
 *  2. B0300000003, debit note on line 1 (interest): 500.00 + 90.00, NCF modificado B0100000060,
 *     no payment form — like a credit note, a note is its own line and carries no payment columns.
 *  3. B0400000009, credit note on line 1: 1,000.00 + 180.00, NCF modificado B0100000060.
 *  4. E310000000123 to a company (RNC 131234567): 10,000.00 + 1,800.00, transferred (col. 18).
 *  5. E330000000007, debit note on line 4: 2,500.00 taxable + 300.00 exempt → Monto Facturado
 *     2,800.00, ITBIS 18 % of 2,500.00 = 450.00.
 *  -  B0200000400, consumo of 1,000.00 + 180.00 without buyer id: summarised, not listed.
 *  6. B0300000004, debit note on that consumo invoice: 200.00 + 36.00, listed with the buyer id and
 *     its type empty, as a credit note on one is.
 * Header count: 6 (7 rows in, 1 summarised). The 608 lists a voided B03 and a voided E33.
 */
const golden = (name: string) =>
  readFileSync(new URL(`./dgii-formats.golden/${name}`, import.meta.url), 'utf8');

const zero = {
  modifiedNcf: null,
  incomeType: '01',
  withholdingDate: null,
  itbisWithheldCents: 0,
  itbisPerceivedCents: 0,
  isrWithheldCents: 0,
  isrPerceivedCents: 0,
  selectiveTaxCents: 0,
  otherTaxesCents: 0,
  legalTipCents: 0,
  cashCents: 0,
  bankCents: 0,
  cardCents: 0,
  creditSaleCents: 0,
  giftCertificateCents: 0,
  barterCents: 0,
  otherPaymentCents: 0,
} as const;
const cafe = { buyerId: '130458715', buyerIdType: 1 } as const;
const tech = { buyerId: '131234567', buyerIdType: 1 } as const;

const rows: Dgii607Row[] = [
  {
    ...zero,
    ...cafe,
    ncf: 'B0100000060',
    issueDate: '2026-11-03',
    invoicedAmountCents: 2_000_000,
    itbisCents: 360_000,
    creditSaleCents: 2_360_000,
  },
  {
    ...zero,
    ...cafe,
    ncf: 'B0300000003',
    modifiedNcf: 'B0100000060',
    issueDate: '2026-11-20',
    invoicedAmountCents: 50_000,
    itbisCents: 9_000,
  },
  {
    ...zero,
    ...cafe,
    ncf: 'B0400000009',
    modifiedNcf: 'B0100000060',
    issueDate: '2026-11-25',
    invoicedAmountCents: 100_000,
    itbisCents: 18_000,
  },
  {
    ...zero,
    ...tech,
    ncf: 'E310000000123',
    issueDate: '2026-11-05',
    invoicedAmountCents: 1_000_000,
    itbisCents: 180_000,
    bankCents: 1_180_000,
  },
  {
    ...zero,
    ...tech,
    ncf: 'E330000000007',
    modifiedNcf: 'E310000000123',
    issueDate: '2026-11-27',
    invoicedAmountCents: 280_000,
    itbisCents: 45_000,
  },
  {
    ...zero,
    buyerId: null,
    buyerIdType: null,
    ncf: 'B0200000400',
    issueDate: '2026-11-10',
    invoicedAmountCents: 100_000,
    itbisCents: 18_000,
    cashCents: 118_000,
  },
  {
    ...zero,
    buyerId: null,
    buyerIdType: null,
    ncf: 'B0300000004',
    modifiedNcf: 'B0200000400',
    issueDate: '2026-11-28',
    invoicedAmountCents: 20_000,
    itbisCents: 3_600,
  },
];
const voids: Dgii608Row[] = [
  { ncf: 'B0300000005', issueDate: '2026-11-29', annulmentType: '04' },
  { ncf: 'E330000000008', issueDate: '2026-11-30', annulmentType: '08' },
];
const agency = { rnc: '130000001', period: '202611' };

describe('DGII 607 and 608 with debit and credit notes (decision 138)', () => {
  it('607: each note is its own line with the modified NCF, a debit note on a summarised consumo invoice included', () => {
    expect(format607({ ...agency, rows })).toBe(golden('607-notes.txt'));
  });

  it('608: voided B03 and E33 numbers are listed like any other NCF', () => {
    expect(format608({ ...agency, rows: voids })).toBe(golden('608-notes.txt'));
  });
});
