import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dgiiAmount, dgiiDate } from './dgii-fields.js';
import {
  DGII_607_COLUMNS,
  DGII_ANNULMENT_TYPES,
  DGII_INCOME_TYPES,
  type Dgii607Row,
  type Dgii608Row,
  dgii607Amounts,
  format607,
  format608,
  isSummarisedConsumo,
} from './dgii-formats.js';

/*
 * The golden files were typed by hand from the layout (docs/research/dgii-607-608.md), not
 * produced by this code: header, then 23 fields per line, CRLF after every line. How each 607
 * line was computed (agency RNC 130000001, period 202610, ITBIS 18 %):
 *  1. B0100000049 to a company (RNC 130458715): 100,000.00 + ITBIS 18,000.00 = 118,000.00. The
 *     company withholds 30 % of the ITBIS = 5,400.00 (col. 10, dated 2026-10-20 in col. 7) and
 *     transfers 112,600.00; transfer + withholding settle the sale → col. 18 = 118,000.00.
 *  2. B0100000050 to a person (cédula 00113918205): 12,345.67 × 18 % = 2,222.2206 → 2,222.22;
 *     total 14,567.89 = cash 5,000.00 (col. 17) + card 4,567.89 (col. 19) + credit 5,000.00 (col. 20).
 *  -  B0200000312, consumo without buyer id, 38,000.00 + 6,840.00 < 250,000: not listed, not counted.
 *  3. B1500000003 to the State (RNC 430123456): 50,000.00 + 9,000.00; 5 % ISR withheld = 2,500.00
 *     (col. 12, dated 2026-10-28); transfer 56,500.00 + 2,500.00 → col. 18 = 59,000.00.
 *  4. B0200000313, consumo to a cédula for exactly 250,000.00 (211,864.41 × 18 % = 38,135.5938 →
 *     38,135.59; 211,864.41 + 38,135.59 = 250,000.00): listed, all on credit (col. 20).
 *  5. B0400000007, credit note on line 1: 1,000.00 + 180.00, NCF modificado B0100000049, payment
 *     columns 0.00 (DGII: notes need no payment form).
 *  6. B0400000008, credit note on the unlisted consumo B0200000312: listed anyway, with the buyer
 *     id and its type empty (DGII: allowed when the modified NCF is below RD$250,000).
 *  7. B0100000052, in US dollars (issue 27, decision 137), to the company, issued 2026-10-27 at
 *     RD$58.95 per US$1: US$2,000.00 + ITBIS US$360.00 = US$2,360.00; the company withholds 30 %
 *     of the ITBIS (US$108.00, dated 2026-10-30) and transfers US$2,252.00. In pesos: 2,000 × 58.95
 *     = 117,900.00 (col. 8); 360 × 58.95 = 21,222.00 (col. 9); 108 × 58.95 = 6,366.60 (col. 10);
 *     transfer + withholding 2,360 × 58.95 = 139,122.00 = 117,900.00 + 21,222.00 (col. 18).
 * Header count: 7 (8 rows in, 1 summarised).
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

const company: Dgii607Row = {
  ...zero,
  buyerId: '130458715',
  buyerIdType: 1,
  ncf: 'B0100000049',
  issueDate: '2026-10-05',
  withholdingDate: '2026-10-20',
  invoicedAmountCents: 10_000_000,
  itbisCents: 1_800_000,
  itbisWithheldCents: 540_000,
  bankCents: 11_800_000,
};
const person: Dgii607Row = {
  ...zero,
  buyerId: '00113918205',
  buyerIdType: 2,
  ncf: 'B0100000050',
  issueDate: '2026-10-07',
  invoicedAmountCents: 1_234_567,
  itbisCents: 222_222,
  cashCents: 500_000,
  cardCents: 456_789,
  creditSaleCents: 500_000,
};
const smallConsumo: Dgii607Row = {
  ...zero,
  buyerId: null,
  buyerIdType: null,
  ncf: 'B0200000312',
  issueDate: '2026-10-09',
  invoicedAmountCents: 3_800_000,
  itbisCents: 684_000,
  cashCents: 4_484_000,
};
const government: Dgii607Row = {
  ...zero,
  buyerId: '430123456',
  buyerIdType: 1,
  ncf: 'B1500000003',
  issueDate: '2026-10-12',
  withholdingDate: '2026-10-28',
  invoicedAmountCents: 5_000_000,
  itbisCents: 900_000,
  isrWithheldCents: 250_000,
  bankCents: 5_900_000,
};
const bigConsumo: Dgii607Row = {
  ...zero,
  buyerId: '00114272360',
  buyerIdType: 2,
  ncf: 'B0200000313',
  issueDate: '2026-10-15',
  invoicedAmountCents: 21_186_441,
  itbisCents: 3_813_559,
  creditSaleCents: 25_000_000,
};
const noteOnCompany: Dgii607Row = {
  ...zero,
  buyerId: '130458715',
  buyerIdType: 1,
  ncf: 'B0400000007',
  modifiedNcf: 'B0100000049',
  issueDate: '2026-10-23',
  invoicedAmountCents: 100_000,
  itbisCents: 18_000,
};
const noteOnConsumo: Dgii607Row = {
  ...zero,
  buyerId: null,
  buyerIdType: null,
  ncf: 'B0400000008',
  modifiedNcf: 'B0200000312',
  issueDate: '2026-10-30',
  invoicedAmountCents: 50_000,
  itbisCents: 9_000,
};
/** Line 7: built from its dollar amounts by the conversion the service uses. */
const usdInvoice: Dgii607Row = {
  ...zero,
  buyerId: '130458715',
  buyerIdType: 1,
  ncf: 'B0100000052',
  issueDate: '2026-10-27',
  withholdingDate: '2026-10-30',
  itbisPerceivedCents: 0,
  ...dgii607Amounts(
    {
      taxableBaseCents: 200_000,
      exemptCents: 0,
      taxCents: 36_000,
      itbisWithheldCents: 10_800,
      isrWithheldCents: 0,
      forms: { cashCents: 0, bankCents: 236_000, cardCents: 0 },
    },
    58.95,
  ),
};
const rows = [
  company,
  person,
  smallConsumo,
  government,
  bigConsumo,
  noteOnCompany,
  noteOnConsumo,
  usdInvoice,
];
const agency = { rnc: '130000001', period: '202610' };

const voids: Dgii608Row[] = [
  { ncf: 'B0200000314', issueDate: '2026-10-02', annulmentType: '03' },
  { ncf: 'B0100000051', issueDate: '2026-10-15', annulmentType: '04' },
  { ncf: 'B1500000004', issueDate: '2026-10-31', annulmentType: '10' },
];

describe('DGII 607 (ventas de bienes y servicios)', () => {
  it('matches the hand-written golden file', () => {
    expect(format607({ ...agency, rows })).toBe(golden('607-sample.txt'));
  });

  it('writes 23 fields per line and a header count equal to the lines', () => {
    const lines = format607({ ...agency, rows }).split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe(`607|130000001|202610|${lines.length - 1}`);
    for (const line of lines.slice(1)) expect(line.split('|')).toHaveLength(DGII_607_COLUMNS.length);
  });

  it('puts every amount in its own DGII column (bonos 21 before permuta 22)', () => {
    // Distinct centavos per column: column n carries n.00 (columns 8–23).
    const row: Dgii607Row = {
      buyerId: '130-45871-5',
      buyerIdType: 1,
      ncf: 'E310000000010',
      modifiedNcf: null,
      incomeType: '02',
      issueDate: '2026-10-01',
      withholdingDate: '2026-10-31',
      invoicedAmountCents: 800,
      itbisCents: 900,
      itbisWithheldCents: 1000,
      itbisPerceivedCents: 1100,
      isrWithheldCents: 1200,
      isrPerceivedCents: 1300,
      selectiveTaxCents: 1400,
      otherTaxesCents: 1500,
      legalTipCents: 1600,
      cashCents: 1700,
      bankCents: 1800,
      cardCents: 1900,
      creditSaleCents: 2000,
      giftCertificateCents: 2100,
      barterCents: 2200,
      otherPaymentCents: 2300,
    };
    const line = format607({ ...agency, rows: [row] }).split('\r\n')[1]!;
    expect(line).toBe(
      '130458715|1|E310000000010||02|20261001|20261031|8.00|9.00|10.00|11.00|12.00|13.00|14.00|15.00|16.00|17.00|18.00|19.00|20.00|21.00|22.00|23.00',
    );
  });

  it('summarises consumo (B02, E32) below RD$250,000 of total and lists it from there up, and every credit note', () => {
    expect(isSummarisedConsumo(smallConsumo)).toBe(true);
    expect(isSummarisedConsumo(bigConsumo)).toBe(false);
    expect(isSummarisedConsumo({ ...bigConsumo, itbisCents: 3_813_558 })).toBe(true);
    expect(isSummarisedConsumo({ ...smallConsumo, ncf: 'E320000000001' })).toBe(true);
    expect(isSummarisedConsumo({ ...smallConsumo, ncf: 'B0100000001' })).toBe(false);
    expect(isSummarisedConsumo(noteOnConsumo)).toBe(false);
    const text = format607({ ...agency, rows: [{ ...smallConsumo, ncf: 'E320000000001' }] });
    expect(text).toBe('607|130000001|202610|0\r\n');
  });

  it('answers the header alone, count 0, for a period without sales', () => {
    expect(format607({ rnc: '130000001', period: '202611', rows: [] })).toBe('607|130000001|202611|0\r\n');
  });

  it('writes the sender RNC without dashes', () => {
    expect(format607({ rnc: '130-00000-1', period: '202610', rows: [] })).toBe('607|130000001|202610|0\r\n');
  });

  it.each([
    ['an RNC of 8 digits', { rnc: '13000000' }],
    ['an RNC with letters', { rnc: '13000000A' }],
    ['a month 13', { period: '202613' }],
    ['a period with a dash', { period: '2026-10' }],
    ['a period before the Norma 07-2018 layout', { period: '201804' }],
  ])('refuses %s with RangeError', (_, bad) => {
    expect(() => format607({ ...agency, rows: [], ...bad })).toThrow(RangeError);
  });

  it.each<[string, Partial<Dgii607Row>]>([
    ['a date in another shape', { issueDate: '05/10/2026' }],
    ['a day that does not exist', { issueDate: '2026-02-30' }],
    ['a bad withholding date', { withholdingDate: '2026-10-32' }],
    ['pesos instead of centavos', { invoicedAmountCents: 1000.5 }],
    ['a negative amount', { itbisCents: -18_000 }],
    ['an 11-digit id typed as RNC', { buyerId: '00113918205', buyerIdType: 1 }],
    ['a buyer id without its type', { buyerIdType: null }],
    ['an id type without a buyer id', { buyerId: null }],
    ['a short NCF', { ncf: 'B01000049' }],
    ['a modified NCF that is not an NCF', { modifiedNcf: 'FACT-49' }],
    ['income type 07', { incomeType: '07' as '01' }],
  ])('refuses a row with %s with RangeError', (_, bad) => {
    expect(() => format607({ ...agency, rows: [{ ...company, ...bad }] })).toThrow(RangeError);
  });

  it('names the row and column of a bad amount', () => {
    expect(() => format607({ ...agency, rows: [person, { ...company, bankCents: -1 }] })).toThrow(
      /607 row 2 \(B0100000049\), "Cheque\/Transferencia\/Depósito"/,
    );
  });

  it('formats amounts and dates', () => {
    expect(dgiiAmount(0)).toBe('0.00');
    expect(dgiiAmount(5)).toBe('0.05');
    expect(dgiiAmount(123_456_789)).toBe('1234567.89');
    expect(dgiiDate('2026-01-09')).toBe('20260109');
    expect(dgiiDate('2028-02-29')).toBe('20280229');
    expect(dgiiDate(null)).toBe('');
  });

  it('labels the six income types', () => {
    expect(Object.keys(DGII_INCOME_TYPES)).toEqual(['01', '02', '03', '04', '05', '06']);
    expect(DGII_INCOME_TYPES['01']).toBe('Ingresos por operaciones (no financieros)');
  });
});

describe('607 amounts of a foreign-currency document (issue 27, decision 137)', () => {
  it('reports a USD invoice at 58.95 in pesos: each amount × rate, half-up to the centavo', () => {
    expect(
      dgii607Amounts(
        {
          taxableBaseCents: 200_000,
          exemptCents: 0,
          taxCents: 36_000,
          itbisWithheldCents: 0,
          isrWithheldCents: 0,
          forms: { cashCents: 0, bankCents: 0, cardCents: 0 },
        },
        58.95,
      ),
    ).toEqual({
      invoicedAmountCents: 11_790_000,
      itbisCents: 2_122_200,
      itbisWithheldCents: 0,
      isrWithheldCents: 0,
      cashCents: 0,
      bankCents: 0,
      cardCents: 0,
      creditSaleCents: 13_912_200,
    });
  });

  it('rounds each figure half-up and keeps the payment forms adding up to the DOP total', () => {
    // US$1,234.57 + exempt US$10.01 + ITBIS US$222.22 at 58.7512; US$500.01 paid in cash.
    const a = dgii607Amounts(
      {
        taxableBaseCents: 123_457,
        exemptCents: 1_001,
        taxCents: 22_222,
        itbisWithheldCents: 6_667,
        isrWithheldCents: 0,
        forms: { cashCents: 50_001, bankCents: 0, cardCents: 0 },
      },
      58.7512,
    );
    // 1,234.57 × 58.7512 = 72,532.4690… → 72,532.47; 10.01 × 58.7512 = 588.0995… → 588.10.
    expect(a.invoicedAmountCents).toBe(7_253_247 + 58_810);
    // 222.22 × 58.7512 = 13,055.6916… → 13,055.69; 66.67 × 58.7512 = 3,916.9425… → 3,916.94.
    expect(a.itbisCents).toBe(1_305_569);
    expect(a.itbisWithheldCents).toBe(391_694);
    // 500.01 × 58.7512 = 29,376.1875… → 29,376.19 cash; the rest of the DOP total on credit.
    expect(a.cashCents).toBe(2_937_619);
    expect(a.cashCents + a.bankCents + a.cardCents + a.creditSaleCents).toBe(
      a.invoicedAmountCents + a.itbisCents,
    );
  });

  it('converts nothing for a DOP document and gives a credit note no payment form', () => {
    const doc = {
      taxableBaseCents: 100_000,
      exemptCents: 5_000,
      taxCents: 18_000,
      itbisWithheldCents: 0,
      isrWithheldCents: 0,
    };
    expect(
      dgii607Amounts({ ...doc, forms: { cashCents: 3_000, bankCents: 0, cardCents: 0 } }, null),
    ).toMatchObject({
      invoicedAmountCents: 105_000,
      itbisCents: 18_000,
      cashCents: 3_000,
      creditSaleCents: 120_000,
    });
    expect(dgii607Amounts({ ...doc, forms: null }, 60.5)).toMatchObject({
      invoicedAmountCents: 6_352_500,
      itbisCents: 1_089_000,
      cashCents: 0,
      bankCents: 0,
      cardCents: 0,
      creditSaleCents: 0,
    });
  });
});

describe('DGII 608 (comprobantes anulados)', () => {
  it('matches the hand-written golden file', () => {
    expect(format608({ ...agency, rows: voids })).toBe(golden('608-sample.txt'));
  });

  it('answers the header alone, count 0, for a period without voids', () => {
    expect(format608({ ...agency, rows: [] })).toBe('608|130000001|202610|0\r\n');
  });

  it.each<[string, Partial<Dgii608Row>]>([
    ['annulment type 11', { annulmentType: '11' as '01' }],
    ['annulment type 1 without its zero', { annulmentType: '1' as '01' }],
    ['a date in another shape', { issueDate: '20261002' }],
    ['a bad NCF', { ncf: 'B02-00000314' }],
  ])('refuses %s with RangeError', (_, bad) => {
    expect(() => format608({ ...agency, rows: [{ ...voids[0]!, ...bad }] })).toThrow(RangeError);
  });

  it('refuses a bad RNC or period', () => {
    expect(() => format608({ rnc: '1300000010', period: '202610', rows: [] })).toThrow(RangeError);
    expect(() => format608({ rnc: '130000001', period: '202600', rows: [] })).toThrow(RangeError);
  });

  it('labels the ten annulment types', () => {
    // Sorted: '10' is an integer-like key, so JavaScript lists it first.
    expect(Object.keys(DGII_ANNULMENT_TYPES).sort()).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
    ]);
    expect(DGII_ANNULMENT_TYPES['01']).toBe('Deterioro de factura preimpresa');
    expect(DGII_ANNULMENT_TYPES['10']).toBe('Pérdida o hurto de talonarios');
  });
});
