import { formatMoney, type Lead, type LeadTotals } from '@agencia/shared';

/** "RD$45,000" / "US$1,000" of a lead, or "Sin valor estimado". */
export function leadValue(lead: Pick<Lead, 'estimatedValue' | 'currency'>): string {
  return lead.estimatedValue === null
    ? 'Sin valor estimado'
    : formatMoney(lead.estimatedValue, lead.currency, 0);
}

/** A column's or report's values per currency: "RD$45,000 · US$1,000", or "—" when none. */
export function totalsText(totals: Pick<LeadTotals, 'values'> | undefined): string {
  if (!totals?.values.length) return '—';
  return totals.values.map((v) => formatMoney(v.amount, v.currency, 0)).join(' · ');
}
