import { type ForeignCurrency, isForeignCurrency } from '@agencia/shared';
import type { Db } from '../../db/client.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { ratesForDays } from './exchange-rates.service.js';

/* What the DGII reports of a period read besides their rows (decision 152: split from dgii-reports.service.ts). */

/** First and last day (YYYY-MM-DD) of a period YYYYMM. */
export function periodBounds(period: string): { from: string; to: string } {
  const year = Number(period.slice(0, 4));
  const month = Number(period.slice(4, 6));
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

/** The agency's RNC for the report header; 400 when the settings have none. */
export async function agencyRnc(db: Db): Promise<string> {
  const settings = await getCompanySettings(db);
  if (!settings.taxId) {
    const message =
      'Configura el RNC de la empresa (Configuración → Empresa) antes de generar los reportes de la DGII.';
    throw badRequest(message, [{ field: 'taxId', message }]);
  }
  return settings.taxId;
}

/** What the 607 needs of an invoice to convert it: currency, frozen rate, issue date and NCF. */
export type RatedDoc = {
  currency: string;
  exchangeRate: number | null;
  issueDate: string;
  ncf: string | null;
};

/**
 * The DOP rate of each foreign-currency invoice among `docs` (by NCF): its frozen rate (decision
 * 137), or — for one issued before rates were stored — the rate stored for its issue date by the
 * issuing rule (that day or the last of the 7 before it). Throws 409 naming the invoices and days
 * that have none, so a 607 never reports dollars as pesos. DOP invoices are left out (rate null).
 */
export async function ratesOf({ db, docs }: { db: Db; docs: RatedDoc[] }): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const missing: RatedDoc[] = [];
  for (const d of docs) {
    if (!isForeignCurrency(d.currency) || !d.ncf) continue;
    if (d.exchangeRate !== null) out.set(d.ncf, d.exchangeRate);
    else missing.push(d);
  }
  const unknown: string[] = [];
  for (const currency of new Set(missing.map((d) => d.currency as ForeignCurrency))) {
    const mine = missing.filter((d) => d.currency === currency);
    const found = await ratesForDays({ db, currency, days: mine.map((d) => d.issueDate) });
    for (const d of mine) {
      const hit = found.get(d.issueDate);
      if (hit) out.set(d.ncf!, hit.rate);
      else unknown.push(`${d.ncf} (${currency}, ${d.issueDate.split('-').reverse().join('/')})`);
    }
  }
  if (unknown.length > 0)
    throw conflict(
      `No se puede reportar en pesos sin la tasa de cambio de: ${unknown.join(', ')}. Regístrala en Configuración → Fiscal (Tasas de cambio).`,
    );
  return out;
}
