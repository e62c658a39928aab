import { describe, expect, it } from 'vitest';
import { OCTOBER_2026_PURCHASES, PURCHASE_606_BASE } from '../../../test/dgii-fixtures.js';
import { purchase606Row } from './dgii-606.js';
import { type FigureCents, monthFigures } from './month-summary.js';

/*
 * A worked month, October 2026, computed by hand (decision 141). RD$.
 * Sales (607): B0100000049 ITBIS 18,000.00; consumo B0200000312 ITBIS 6,840.00; credit note
 * B0400000007 −180.00; debit note B0300000002 +360.00 → ITBIS charged 25,020.00.
 * Clients withheld: 5,400.00 on B0100000049 (2026-10-20) and, late, 1,080.00 on September's
 * B0100000030 (2026-10-08) → 6,480.00.
 * Purchases: the eight of the 606 golden file (dgii-fixtures.ts) plus a rent paid to a person
 * (B0100000130: 40,000.00 + ITBIS 7,200.00, withheld in full, ISR alquileres 01 10 % = 4,000.00).
 * ITBIS paid on purchases issued in October: 9,000 + 4,500 + 900 + 10,611 + 1,800 + 5,400 + 7,200
 * = 39,411.00 (September's B0100000900, re-listed for its withholding, is not counted again);
 * taken to cost 900.00 (the dinner) → deductible 38,511.00.
 * Balance 25,020.00 − 38,511.00 − 6,480.00 = −19,971.00: saldo a favor carried forward.
 * ITBIS withheld from suppliers (paid with the IT-1): 9,000 + 1,800 + 1,080 + 7,200 = 19,080.00,
 * so the IT-1 pays 19,080.00. IR-17: type 01 4,000.00; type 02 5,000 + 1,000 = 6,000.00; total 10,000.00.
 */
const rent = {
  ...PURCHASE_606_BASE,
  supplierId: '00100759932',
  supplierIdType: 2 as const,
  expenseType: '03',
  ncf: 'B0100000130',
  issueDate: '2026-10-01',
  paymentDate: '2026-10-01',
  paymentMethod: '02',
  servicesCents: 4_000_000,
  itbisCents: 720_000,
  itbisWithheldCents: 720_000,
  isrWithholdingType: '01',
  isrWithheldCents: 400_000,
};
const purchases = [...OCTOBER_2026_PURCHASES, rent].flatMap((p) => {
  const row = purchase606Row(p, '2026-10-01', '2026-10-31');
  return row ? [{ row, party: `Proveedor ${p.ncf}`, credit: false }] : [];
});

const figures = monthFigures({
  periodStart: '2026-10-01',
  sales: [
    {
      ncf: 'B0100000049',
      party: 'Cliente SRL',
      issueDate: '2026-10-05',
      kind: 'invoice',
      itbisCents: 1_800_000,
    },
    {
      ncf: 'B0200000312',
      party: 'Consumidor final',
      issueDate: '2026-10-09',
      kind: 'invoice',
      itbisCents: 684_000,
    },
    { ncf: 'B0400000007', party: 'Cliente SRL', issueDate: '2026-10-21', kind: 'credit', itbisCents: 18_000 },
    { ncf: 'B0300000002', party: 'Cliente SRL', issueDate: '2026-10-22', kind: 'debit', itbisCents: 36_000 },
  ],
  withholdings: [
    { ncf: 'B0100000049', party: 'Cliente SRL', date: '2026-10-20', itbisWithheldCents: 540_000 },
    { ncf: 'B0100000030', party: 'Cliente SRL', date: '2026-10-08', itbisWithheldCents: 108_000 },
  ],
  purchases,
});

const ncfs = (f: FigureCents) => f.lines.map((l) => `${l.ncf} ${l.cents}`);

describe('IT-1 and IR-17 figures of a worked month (decision 141)', () => {
  it('adds the ITBIS charged on sales, credit notes subtracted and debit notes added', () => {
    expect(figures.it1.itbisCharged.cents).toBe(2_502_000);
    expect(ncfs(figures.it1.itbisCharged)).toEqual([
      'B0100000049 1800000',
      'B0200000312 684000',
      'B0400000007 -18000',
      'B0300000002 36000',
    ]);
    expect(figures.it1.itbisWithheldByClients.cents).toBe(648_000);
  });

  it('takes the ITBIS paid, to cost and deductible from the purchases issued in the month', () => {
    expect(figures.it1.itbisPaid.cents).toBe(3_941_100);
    expect(figures.it1.itbisPaid.lines.map((l) => l.ncf)).not.toContain('B0100000900');
    expect(figures.it1.itbisPaid.lines).toHaveLength(7);
    expect(figures.it1.itbisToCost.cents).toBe(90_000);
    expect(ncfs(figures.it1.itbisToCost)).toEqual(['B0100000777 90000']);
    expect(figures.it1.itbisDeductible.cents).toBe(3_851_100);
  });

  it('carries a negative balance forward and pays the ITBIS withheld from suppliers', () => {
    expect(figures.it1.balanceCents).toBe(-1_997_100);
    expect(figures.it1.carryForwardCents).toBe(1_997_100);
    expect(figures.it1.itbisWithheldFromSuppliers.cents).toBe(1_908_000);
    expect(ncfs(figures.it1.itbisWithheldFromSuppliers)).toEqual([
      'B0100000101 900000',
      'B1100000012 180000',
      'B0100000900 108000',
      'B0100000130 720000',
    ]);
    // The late withholding is dated by its payment.
    expect(figures.it1.itbisWithheldFromSuppliers.lines[2]!.date).toBe('2026-10-05');
    expect(figures.it1.totalToPayCents).toBe(1_908_000);
  });

  it('groups the ISR withheld from suppliers by type for the IR-17', () => {
    expect(figures.ir17.byType.map((t) => [t.type, t.figure.cents, t.figure.lines.length])).toEqual([
      ['01', 400_000, 1],
      ['02', 600_000, 2],
    ]);
    expect(figures.ir17.totalCents).toBe(1_000_000);
  });

  it('answers a balance to pay when sales outweigh purchases', () => {
    const f = monthFigures({
      periodStart: '2026-10-01',
      sales: [
        {
          ncf: 'B0100000049',
          party: 'Cliente SRL',
          issueDate: '2026-10-05',
          kind: 'invoice',
          itbisCents: 1_800_000,
        },
      ],
      withholdings: [],
      purchases: [],
    });
    expect([f.it1.balanceCents, f.it1.totalToPayCents, f.it1.carryForwardCents]).toEqual([
      1_800_000, 1_800_000, 0,
    ]);
    expect(f.ir17).toEqual({ byType: [], totalCents: 0 });
  });
});
