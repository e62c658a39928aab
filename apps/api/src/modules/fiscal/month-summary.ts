import type { Dgii606Row } from './dgii-606.js';

/*
 * The month's IT-1 and IR-17 figures from the documents of its 606 and 607 (decision 141). Pure:
 * documents in (DOP centavos), figures out, each with the lines that add up to it. Sources:
 * - ITBIS: Ley 11-92 (Código Tributario) arts. 346–351 (liquidation of the tax, deductions, saldo a
 *   favor) — the tax is the ITBIS charged on sales less the ITBIS paid on purchases that may be
 *   deducted; what cannot be deducted goes to cost (the 606's "ITBIS llevado al costo", col. 14,
 *   and "ITBIS por adelantar", col. 15); a negative difference is a saldo a favor carried to the
 *   next months. The articles were not read in full text here: see decision 141. The ITBIS
 *   clients withheld (607 col. 10, Norma 02-2005, 07-2007) is paid on our behalf and lowers the tax.
 * - The IT-1 form adds the ITBIS we withheld from suppliers (606 col. 12) in its section
 *   "A. ITBIS retenido" (lines "servicios sujetos a retención personas físicas", "… sociedades
 *   (Norma 02-05 y 07-07)"), so it is paid with the IT-1, not the IR-17.
 * - IR-17 ("Otras retenciones y retribuciones complementarias"): the ISR withheld from suppliers
 *   (606 col. 18) by "Tipo de Retención en ISR" (col. 17).
 */

/** A line behind a figure, in DOP centavos (negative when it lowers the figure). */
export interface SummaryLineCents {
  source: '606' | '607';
  ncf: string;
  party: string;
  date: string;
  cents: number;
}

/** A figure in DOP centavos and its lines. */
export interface FigureCents {
  cents: number;
  lines: SummaryLineCents[];
}

/** A sale document issued in the period, as the 607 reports it (DOP centavos). */
export interface SaleForSummary {
  ncf: string;
  party: string;
  issueDate: string;
  /** invoice and debit note add, credit note subtracts. */
  kind: 'invoice' | 'debit' | 'credit';
  itbisCents: number;
}

/** ITBIS a client withheld in the period on one of our invoices (DOP centavos). */
export interface ClientWithholdingForSummary {
  ncf: string;
  party: string;
  date: string;
  itbisWithheldCents: number;
}

/** A 606 row of the period with the supplier's name; `credit` for a supplier's credit note. */
export interface PurchaseForSummary {
  row: Dgii606Row;
  party: string;
  credit: boolean;
}

/** The month's figures in DOP centavos (see `DgiiMonthSummarySchema` for their meaning). */
export interface MonthFigures {
  it1: {
    itbisCharged: FigureCents;
    itbisPaid: FigureCents;
    itbisToCost: FigureCents;
    itbisDeductible: FigureCents;
    itbisWithheldByClients: FigureCents;
    balanceCents: number;
    itbisWithheldFromSuppliers: FigureCents;
    totalToPayCents: number;
    carryForwardCents: number;
  };
  ir17: { byType: Array<{ type: string; figure: FigureCents }>; totalCents: number };
}

function figure(lines: SummaryLineCents[]): FigureCents {
  const kept = lines.filter((l) => l.cents !== 0);
  return { cents: kept.reduce((a, l) => a + l.cents, 0), lines: kept };
}

/**
 * The IT-1 and IR-17 figures of the period starting `periodStart` (ISO first day) from its
 * documents: `sales` issued in it, `withholdings` clients made in it, and the rows of its 606
 * (`purchases`). Purchases issued before the period are in its 606 only for a withholding made in
 * it: they count for the withholdings, not again for the ITBIS paid.
 */
export function monthFigures(input: {
  periodStart: string;
  sales: SaleForSummary[];
  withholdings: ClientWithholdingForSummary[];
  purchases: PurchaseForSummary[];
}): MonthFigures {
  const { periodStart } = input;
  const charged = figure(
    input.sales.map((s) => ({
      source: '607',
      ncf: s.ncf,
      party: s.party,
      date: s.issueDate,
      cents: s.kind === 'credit' ? -s.itbisCents : s.itbisCents,
    })),
  );
  const byClients = figure(
    input.withholdings.map((w) => ({
      source: '607',
      ncf: w.ncf,
      party: w.party,
      date: w.date,
      cents: w.itbisWithheldCents,
    })),
  );
  const issued = input.purchases.filter((p) => p.row.issueDate >= periodStart);
  const line606 = (p: PurchaseForSummary, cents: number, date = p.row.issueDate): SummaryLineCents => ({
    source: '606',
    ncf: p.row.ncf,
    party: p.party,
    date,
    cents: p.credit ? -cents : cents,
  });
  const paid = figure(issued.map((p) => line606(p, p.row.itbisCents)));
  const toCost = figure(issued.map((p) => line606(p, p.row.itbisToCostCents)));
  const deductible = figure(issued.map((p) => line606(p, p.row.itbisCents - p.row.itbisToCostCents)));
  // Withholdings are dated by their payment: the 606 lists them in the month they were made.
  const withheldFromSuppliers = figure(
    input.purchases.map((p) => line606(p, p.row.itbisWithheldCents, p.row.paymentDate ?? p.row.issueDate)),
  );
  const balanceCents = charged.cents - deductible.cents - byClients.cents;
  const types = new Map<string, SummaryLineCents[]>();
  for (const p of input.purchases) {
    if (p.row.isrWithheldCents <= 0 || !p.row.isrWithholdingType) continue;
    const list = types.get(p.row.isrWithholdingType) ?? [];
    list.push(line606(p, p.row.isrWithheldCents, p.row.paymentDate ?? p.row.issueDate));
    types.set(p.row.isrWithholdingType, list);
  }
  const byType = [...types.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([type, lines]) => ({ type, figure: figure(lines) }));
  return {
    it1: {
      itbisCharged: charged,
      itbisPaid: paid,
      itbisToCost: toCost,
      itbisDeductible: deductible,
      itbisWithheldByClients: byClients,
      balanceCents,
      itbisWithheldFromSuppliers: withheldFromSuppliers,
      totalToPayCents: Math.max(balanceCents, 0) + withheldFromSuppliers.cents,
      carryForwardCents: Math.max(-balanceCents, 0),
    },
    ir17: { byType, totalCents: byType.reduce((a, t) => a + t.figure.cents, 0) },
  };
}
