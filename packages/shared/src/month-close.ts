import { z } from 'zod';
import { addDays, daysBetween } from './dates.js';

/*
 * "Cierre del mes" (decision 141): the month's DGII filings in one place — the 606/607/608 text
 * files, the figures of the IT-1 (ITBIS) and IR-17 (other withholdings) declarations, and the
 * days they are due.
 */

/** The monthly DGII filings whose deadlines the month-close screen shows. */
export const DGII_FILINGS = ['ir17', '606', '607', '608', 'it1'] as const;
export type DgiiFiling = (typeof DGII_FILINGS)[number];

/** Spanish names of the filings. */
export const DGII_FILING_LABELS: Record<DgiiFiling, string> = {
  ir17: 'IR-17 (otras retenciones)',
  '606': 'Formato 606 (compras)',
  '607': 'Formato 607 (ventas)',
  '608': 'Formato 608 (anulados)',
  it1: 'IT-1 (ITBIS)',
};

/**
 * Day of the month after the period by which each filing is due:
 * - 606, 607, 608 by the 15th: Norma General 07-2018 ("a más tardar el día 15 de cada mes", DGII
 *   instructivo "Llenado y Remisión del Formato de Envío de Compras de Bienes y Servicios (606)");
 * - IT-1 by the 20th and IR-17 by the 10th: the DGII's calendar of monthly declarations (IT-1 "a más
 *   tardar el día 20 de cada mes", IR-17 "a más tardar el día 10 de cada mes").
 */
export const DGII_FILING_DAY: Record<DgiiFiling, number> = {
  ir17: 10,
  '606': 15,
  '607': 15,
  '608': 15,
  it1: 20,
};

/** True on Saturday or Sunday (an ISO day, YYYY-MM-DD). */
export function isWeekend(day: string): boolean {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/**
 * The first business day on or after `day`: not a Saturday, Sunday nor one of `holidays` (ISO
 * days). A DGII deadline that falls on a non-working day moves to the next working one.
 */
export function nextBusinessDay(day: string, holidays: ReadonlySet<string> = new Set()): string {
  let d = day;
  while (isWeekend(d) || holidays.has(d)) d = addDays(d, 1);
  return d;
}

/** The YYYYMM period after `period`. */
export function nextFiscalPeriod(period: string): string {
  const y = Number(period.slice(0, 4));
  const m = Number(period.slice(4, 6));
  return m === 12 ? `${y + 1}01` : `${y}${String(m + 1).padStart(2, '0')}`;
}

/** One filing of a period and the day it is due (ISO), moved past weekends and holidays. */
export interface DgiiDeadline {
  filing: DgiiFiling;
  label: string;
  dueDate: string;
}

/**
 * The deadlines of a period's filings (YYYYMM), earliest first: day {@link DGII_FILING_DAY} of the
 * following month, or the next business day ({@link nextBusinessDay}) when it is a weekend or one of
 * `holidays` (ISO days, e.g. the calendar's holidays).
 */
export function dgiiDeadlines(period: string, holidays: ReadonlySet<string> = new Set()): DgiiDeadline[] {
  const next = nextFiscalPeriod(period);
  const month = `${next.slice(0, 4)}-${next.slice(4, 6)}`;
  return DGII_FILINGS.map((filing) => ({
    filing,
    label: DGII_FILING_LABELS[filing],
    dueDate: nextBusinessDay(`${month}-${String(DGII_FILING_DAY[filing]).padStart(2, '0')}`, holidays),
  })).sort((a, b) => a.dueDate.localeCompare(b.dueDate));
}

/** The month-close badge of a deadline: "Vence hoy", "Vence en N días" or "Vencido". */
export function deadlineStatus(
  dueDate: string,
  today: string,
): { tone: 'ok' | 'soon' | 'late'; label: string } {
  if (dueDate < today) return { tone: 'late', label: 'Vencido' };
  const days = daysBetween(today, dueDate);
  if (days === 0) return { tone: 'soon', label: 'Vence hoy' };
  return { tone: days <= 5 ? 'soon' : 'ok', label: days === 1 ? 'Vence mañana' : `Vence en ${days} días` };
}

/**
 * One document behind a figure: where it comes from (the 606 or 607 line, or a payment's
 * withholding), its NCF, the other party, its date (ISO) and its part of the figure in RD$
 * (negative for a credit note that lowers it).
 */
export const SummaryLineSchema = z.object({
  source: z.enum(['606', '607']),
  ncf: z.string(),
  party: z.string(),
  date: z.string(),
  amount: z.number(),
});
export type SummaryLine = z.infer<typeof SummaryLineSchema>;

/** A figure of a declaration, in RD$ (2 decimals), with the lines that add up to it. */
export const SummaryFigureSchema = z.object({ amount: z.number(), lines: z.array(SummaryLineSchema) });
export type SummaryFigure = z.infer<typeof SummaryFigureSchema>;

/**
 * A document of the month whose e-CF the DGII rejected (issue 42, point 1). A rejected e-CF has no
 * fiscal effect (Reglamento 587-24, art. 17 párr. III): it is in no 607, IT-1 or consumo figure, and
 * is listed here with the DGII's reasons. `kind` invoice, credit or debit note; `total` in the
 * document's `currency`; `cancelled` once the invoice was cancelled; `sequenceUsed` the DGII's
 * `secuenciaUtilizada` (false: the e-NCF may be corrected and sent again).
 */
export const RejectedEcfSchema = z.object({
  ncf: z.string(),
  kind: z.enum(['invoice', 'credit', 'debit']),
  invoiceId: z.string(),
  party: z.string(),
  date: z.string(),
  total: z.number(),
  currency: z.string(),
  cancelled: z.boolean(),
  sequenceUsed: z.boolean().nullable(),
  messages: z.array(z.object({ code: z.string(), message: z.string() })),
});
export type RejectedEcf = z.infer<typeof RejectedEcfSchema>;

/**
 * A bank account with lines of the month not yet reconciled (issue 48, decision 166): shown on the
 * month close before it is confirmed — a warning, never a block. `unmatched` counts the account's
 * statement lines dated in the month whose status is still unmatched.
 */
export const UnreconciledBankAccountSchema = z.object({
  bankAccountId: z.string(),
  bank: z.string(),
  accountNumber: z.string(),
  currency: z.string(),
  unmatched: z.number().int(),
});
export type UnreconciledBankAccount = z.infer<typeof UnreconciledBankAccountSchema>;

/**
 * `GET /reports/dgii/summary?period=YYYYMM` (admin): the month's figures, all in RD$ (a foreign
 * currency document at its stored rate).
 * - `it1`: ITBIS charged on sales (607 and consumo, credit notes subtracted, debit notes added);
 *   ITBIS paid on purchases (606 col. 11), of it taken to cost (col. 14) and the rest deductible
 *   (col. 15, "por adelantar"); ITBIS withheld by clients in the month (607 col. 10); `balance` =
 *   charged − deductible − withheld by clients (positive: to pay; negative: saldo a favor carried
 *   forward); ITBIS withheld from suppliers in the month (606 col. 12), paid with the IT-1 (its
 *   section "ITBIS retenido"); `totalToPay` = the positive balance + the ITBIS withheld from suppliers.
 * - `ir17`: ISR withheld from suppliers in the month (606 col. 18) by type (col. 17), and its total.
 * - `deadlines`: the month's filings and their due dates; `closed`: whether the month is closed.
 * - `rejectedEcf`: the month's documents whose e-CF the DGII rejected, left out of every figure
 *   (issue 42, {@link RejectedEcfSchema}).
 * - `unreconciledBank`: the bank accounts with statement lines of the month not reconciled
 *   ({@link UnreconciledBankAccountSchema}); empty when every line is matched or ignored.
 */
export const DgiiMonthSummarySchema = z.object({
  period: z.string(),
  it1: z.object({
    itbisCharged: SummaryFigureSchema,
    itbisPaid: SummaryFigureSchema,
    itbisToCost: SummaryFigureSchema,
    itbisDeductible: SummaryFigureSchema,
    itbisWithheldByClients: SummaryFigureSchema,
    balance: z.number(),
    itbisWithheldFromSuppliers: SummaryFigureSchema,
    totalToPay: z.number(),
    carryForward: z.number(),
  }),
  ir17: z.object({
    byType: z.array(z.object({ type: z.string(), label: z.string(), figure: SummaryFigureSchema })),
    total: z.number(),
  }),
  deadlines: z.array(z.object({ filing: z.enum(DGII_FILINGS), label: z.string(), dueDate: z.string() })),
  closed: z.boolean(),
  rejectedEcf: z.array(RejectedEcfSchema),
  unreconciledBank: z.array(UnreconciledBankAccountSchema),
});
export type DgiiMonthSummary = z.infer<typeof DgiiMonthSummarySchema>;
export const GetDgiiMonthSummaryResponseSchema = z.object({ summary: DgiiMonthSummarySchema });
