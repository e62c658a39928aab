import {
  type BankLineSuggestion,
  EXPENSE_TYPE_LABELS,
  formatMoney,
  fromCents,
  type MatchBankLineRequest,
  WITHHOLDING_PRESET_LABELS,
  type WithholdingPreset,
  withholdingForPreset,
} from '@agencia/shared';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  bankLineLinks,
  bankRules,
  clients,
  expenses,
  invoices,
  paymentReports,
  suppliers,
} from '../../db/schema/index.js';
import { normalizeName } from './statement-parser.js';

/*
 * Suggestions for bank lines (issue 48, decision 166). Everything a page of lines can match is
 * loaded once ({@link loadCandidates}); each line is then matched in memory ({@link suggestFor}),
 * so a 5,000-line statement gets its suggestions in a few queries per page. Ranking, credits:
 *   1. `reference` — an invoice number (FAC-2026-0012, with or without dashes) or NCF in the text;
 *   2. `report` — a client's pending transfer report of the same amount;
 *   3. `exact_client` / `exact` — an open invoice whose balance is exactly the amount (the client
 *      named in the description first);
 *   4. tolerance — `fee` (the balance less a bank fee up to {@link FEE_CAP_CENTS}), `withholding`
 *      (the balance less what the client withholds under one of the existing presets,
 *      `withholdingForPreset`: 30 % ITBIS, 100 % ITBIS + 10 % ISR, 5 % ISR), `band` (within 3 %);
 *   5. `sum` — several open invoices of one client adding up to the amount.
 * Debits: `expense` (an unreconciled expense of that amount, its supplier named first) and
 * `debit_rule` (the admin's rules).
 */

/** The band a match's amounts may differ from the line's: 3 % of it. */
export const BAND_PERCENT = 3;
/** Largest bank fee a credit may have lost on its way, per currency (centavos). */
export const FEE_CAP_CENTS: Record<string, number> = { DOP: 500_00, USD: 50_00 };
/** Suggestions kept per line. */
const MAX_SUGGESTIONS = 5;
/** Open invoices per client tried in the `sum` rule (2^12 subsets at most). */
const SUM_MAX_INVOICES = 12;

/** Words that do not identify a client or supplier in a bank description. */
const NAME_STOPWORDS = new Set([
  'srl',
  'sa',
  'sas',
  'eirl',
  'c',
  'por',
  'a',
  'de',
  'del',
  'la',
  'el',
  'los',
  'las',
  'y',
  'e',
  'inc',
  'llc',
  'ltd',
  'corp',
  'group',
  'grupo',
  'dominicana',
  'dominicano',
  'rd',
  'the',
  'and',
  'cia',
  'compania',
]);

/** The identifying words of a name (normalized, ≥ 3 letters, no company suffixes), at most 3. */
export function nameWords(name: string): string[] {
  return normalizeName(name)
    .split(/[^a-z0-9ñ]+/)
    .filter((w) => w.length >= 3 && !NAME_STOPWORDS.has(w))
    .slice(0, 3);
}

/** True when every identifying word of `name` appears as a word of `text` (normalized). */
export function namesIn(text: string, words: string[]): boolean {
  if (words.length === 0) return false;
  const have = new Set(text.split(/[^a-z0-9ñ]+/));
  return words.every((w) => have.has(w));
}

/** An open invoice as matching reads it (centavos). */
export interface OpenInvoice {
  id: string;
  invoiceNumber: string;
  ncf: string | null;
  clientId: string;
  clientName: string;
  clientEmail: string;
  clientWords: string[];
  clientType: string;
  taxpayerType: string;
  balanceCents: number;
  taxCents: number;
  baseCents: number;
  withheldCents: number;
  issueDate: string;
  /**
   * What each withholding preset would retain on this invoice (centavos), the client's usual
   * preset first; computed once per candidate load — empty when the invoice already has
   * withholdings or no amounts. The tolerance rule compares each line against `totalCents`.
   */
  withholdings: Array<{
    preset: WithholdingPreset;
    itbisCents: number;
    isrCents: number;
    totalCents: number;
  }>;
}

interface PendingReport {
  id: string;
  amountCents: number;
  invoiceId: string;
  invoiceNumber: string;
  invoiceBalanceCents: number;
  clientName: string;
  clientEmail: string;
  bank: string;
  reference: string;
}

interface OpenExpense {
  id: string;
  cashCents: number;
  totalCents: number;
  ncf: string;
  supplierName: string;
  supplierWords: string[];
  issueDate: string;
}

interface Rule {
  id: string;
  name: string;
  contains: string | null;
  minCents: number | null;
  maxCents: number | null;
  supplierName: string;
  expenseType: string;
}

/** What a page of lines can be matched with, indexed for lookups. */
export interface Candidates {
  currency: string;
  invoices: OpenInvoice[];
  byBalance: Map<number, OpenInvoice[]>;
  byNumber: Map<string, OpenInvoice>;
  byNcf: Map<string, OpenInvoice>;
  reportsByAmount: Map<number, PendingReport[]>;
  expensesByCash: Map<number, OpenExpense[]>;
  rules: Rule[];
  /** Sum of 2+ open invoices of one client → the invoices (first found per client). */
  sums: Map<number, OpenInvoice[][]>;
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/** `FAC-2026-0012` → `fac20260012`: the key invoice numbers are compared by. */
const numberKey = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The client's display name: company, else first and last name. */
/** An invoice's open balance in centavos (never below zero). */
const balanceSql =
  sql<number>`greatest(0, ${invoices.totalCents} + ${invoices.debitedCents} - ${invoices.paidCents} - ${invoices.withheldCents} - ${invoices.creditedCents})`.mapWith(
    Number,
  );
const clientNameSql = sql<string>`coalesce(nullif(${clients.companyName}, ''), trim(${clients.firstName} || ' ' || ${clients.lastName}))`;

/**
 * Loads what the lines of an account in `currency` may match: open invoices (sent or part paid,
 * balance above zero), pending transfer reports, recorded expenses no line accounts for yet, and
 * the active debit rules of the account (or of every account).
 */
export async function loadCandidates({
  db,
  bankAccountId,
  currency,
}: {
  db: Db | Tx;
  bankAccountId: string;
  currency: string;
}): Promise<Candidates> {
  const invoiceRows = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      ncf: invoices.ncf,
      clientId: invoices.clientId,
      clientName: clientNameSql,
      clientEmail: clients.email,
      clientType: clients.clientType,
      taxpayerType: clients.taxpayerType,
      balanceCents: balanceSql,
      taxCents: invoices.taxCents,
      baseCents: sql<number>`${invoices.subtotalCents} - ${invoices.discountCents}`.mapWith(Number),
      withheldCents: invoices.withheldCents,
      issueDate: invoices.issueDate,
    })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(and(inArray(invoices.status, ['sent', 'pending']), eq(invoices.currency, currency as 'DOP')));
  const open: OpenInvoice[] = invoiceRows
    .filter((r) => r.balanceCents > 0)
    .map((r) => {
      const inv = {
        ...r,
        clientWords: nameWords(r.clientName),
        withholdings: [] as OpenInvoice['withholdings'],
      };
      if (inv.withheldCents === 0 && inv.taxCents + inv.baseCents > 0)
        inv.withholdings = presetsFor(inv).map((preset) => {
          const w = withholdingForPreset(preset, { taxCents: inv.taxCents, baseCents: inv.baseCents });
          return {
            preset,
            itbisCents: w.itbisWithheldCents,
            isrCents: w.isrWithheldCents,
            totalCents: w.itbisWithheldCents + w.isrWithheldCents,
          };
        });
      return inv;
    });
  const byBalance = new Map<number, OpenInvoice[]>();
  const byNumber = new Map<string, OpenInvoice>();
  const byNcf = new Map<string, OpenInvoice>();
  const byClient = new Map<string, OpenInvoice[]>();
  for (const inv of open) {
    push(byBalance, inv.balanceCents, inv);
    byNumber.set(numberKey(inv.invoiceNumber), inv);
    if (inv.ncf) byNcf.set(inv.ncf.toUpperCase(), inv);
    push(byClient, inv.clientId, inv);
  }
  const sums = new Map<number, OpenInvoice[][]>();
  for (const list of byClient.values()) {
    if (list.length < 2) continue;
    const some = [...list].sort((a, b) => a.issueDate.localeCompare(b.issueDate)).slice(0, SUM_MAX_INVOICES);
    const n = some.length;
    const seen = new Set<number>();
    for (let mask = 1; mask < 1 << n; mask++) {
      if ((mask & (mask - 1)) === 0) continue; // one invoice: the exact rule's
      let total = 0;
      for (let i = 0; i < n; i++) if (mask & (1 << i)) total += some[i]!.balanceCents;
      if (seen.has(total)) continue;
      seen.add(total);
      push(
        sums,
        total,
        some.filter((_, i) => mask & (1 << i)),
      );
    }
  }

  const reportRows = await db
    .select({
      id: paymentReports.id,
      amountCents: paymentReports.amountCents,
      invoiceId: paymentReports.invoiceId,
      invoiceNumber: invoices.invoiceNumber,
      invoiceBalanceCents: balanceSql,
      clientName: clientNameSql,
      clientEmail: clients.email,
      bank: paymentReports.bank,
      reference: paymentReports.reference,
    })
    .from(paymentReports)
    .innerJoin(invoices, eq(invoices.id, paymentReports.invoiceId))
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(and(eq(paymentReports.status, 'pending'), eq(invoices.currency, currency as 'DOP')));
  const reportsByAmount = new Map<number, PendingReport[]>();
  for (const r of reportRows) push(reportsByAmount, r.amountCents, r);

  const expenseRows = await db
    .select({
      id: expenses.id,
      goods: expenses.goodsCents,
      services: expenses.servicesCents,
      itbis: expenses.itbisCents,
      itbisWithheld: expenses.itbisWithheldCents,
      isrWithheld: expenses.isrWithheldCents,
      ncf: expenses.ncf,
      supplierName: suppliers.name,
      issueDate: expenses.issueDate,
    })
    .from(expenses)
    .innerJoin(suppliers, eq(suppliers.id, expenses.supplierId))
    .leftJoin(bankLineLinks, eq(bankLineLinks.expenseId, expenses.id))
    .where(
      and(
        eq(expenses.status, 'recorded'),
        eq(expenses.currency, currency as 'DOP'),
        isNull(bankLineLinks.id),
      ),
    );
  const expensesByCash = new Map<number, OpenExpense[]>();
  for (const e of expenseRows) {
    const totalCents = e.goods + e.services + e.itbis;
    const cashCents = totalCents - e.itbisWithheld - e.isrWithheld;
    const row: OpenExpense = {
      id: e.id,
      cashCents,
      totalCents,
      ncf: e.ncf,
      supplierName: e.supplierName,
      supplierWords: nameWords(e.supplierName),
      issueDate: e.issueDate,
    };
    push(expensesByCash, cashCents, row);
    if (totalCents !== cashCents) push(expensesByCash, totalCents, row);
  }

  const ruleRows = await db
    .select({
      id: bankRules.id,
      name: bankRules.name,
      contains: bankRules.descriptionContains,
      minCents: bankRules.amountMinCents,
      maxCents: bankRules.amountMaxCents,
      supplierName: suppliers.name,
      expenseType: bankRules.expenseType,
    })
    .from(bankRules)
    .innerJoin(suppliers, eq(suppliers.id, bankRules.supplierId))
    .where(
      and(
        eq(bankRules.active, true),
        or(isNull(bankRules.bankAccountId), eq(bankRules.bankAccountId, bankAccountId)),
      ),
    )
    .orderBy(bankRules.position, bankRules.createdAt);
  const rules = ruleRows.map((r) => ({ ...r, contains: r.contains ? normalizeName(r.contains) : null }));

  return {
    currency,
    invoices: open,
    byBalance,
    byNumber,
    byNcf,
    reportsByAmount,
    expensesByCash,
    rules,
    sums,
  };
}

/** A rule applies to a debit of `amountCents` (absolute) described by `text` (normalized). */
export function ruleApplies(
  rule: { contains: string | null; minCents: number | null; maxCents: number | null },
  text: string,
  amountCents: number,
): boolean {
  if (rule.contains && !text.includes(rule.contains)) return false;
  if (rule.minCents !== null && amountCents < rule.minCents) return false;
  if (rule.maxCents !== null && amountCents > rule.maxCents) return false;
  return rule.contains !== null || rule.minCents !== null || rule.maxCents !== null;
}

/** The line as matching reads it. */
export interface LineToMatch {
  description: string;
  reference: string;
  amountCents: number;
}

/** Invoice numbers (`FAC-2026-0012`, `FAC20260012`) and NCFs (`B0100000012`, `E310000000012`) in a text. */
function referencesIn(raw: string): { numbers: string[]; ncfs: string[] } {
  const numbers = [...raw.matchAll(/\b([A-Za-z]{1,6})[-\s/]?(\d{4})[-\s/]?(\d{3,6})\b/g)].map(
    (m) => `${m[1]!.toLowerCase()}${m[2]}${m[3]}`,
  );
  const ncfs = [...raw.toUpperCase().matchAll(/\b([BE]\d{10,12})\b/g)].map((m) => m[1]!);
  return { numbers, ncfs };
}

/** Preset order for a client: the one 'Registrar pago' would start with first (web `defaultWithholdingPreset`). */
function presetsFor(inv: OpenInvoice): WithholdingPreset[] {
  const all: WithholdingPreset[] = ['company_services', 'persona_fisica', 'government'];
  const first: WithholdingPreset =
    inv.taxpayerType === 'gubernamental'
      ? 'government'
      : inv.clientType === 'company'
        ? 'company_services'
        : 'persona_fisica';
  return [first, ...all.filter((p) => p !== first)];
}

/**
 * The suggestions for one line, best first (at most five): see the module comment for the order.
 * Money in the answer is in major units; each suggestion carries the `match` body that accepts it.
 */
export function suggestFor(line: LineToMatch, c: Candidates): BankLineSuggestion[] {
  const out: BankLineSuggestion[] = [];
  const seen = new Set<string>();
  const money = (cents: number) => formatMoney(fromCents(cents), c.currency);
  const text = normalizeName(`${line.description} ${line.reference}`);
  const add = (s: BankLineSuggestion, key: string) => {
    if (seen.has(key) || out.length >= MAX_SUGGESTIONS * 3) return;
    seen.add(key);
    out.push(s);
  };
  const invoiceRef = (inv: OpenInvoice) => ({
    id: inv.id,
    invoiceNumber: inv.invoiceNumber,
    clientName: inv.clientName,
    clientEmail: inv.clientEmail,
    balance: fromCents(inv.balanceCents),
  });
  const invoiceSuggestion = (
    inv: OpenInvoice,
    rule: BankLineSuggestion['rule'],
    reason: string,
    pay: { amountCents: number; itbisCents?: number; isrCents?: number },
    exact: boolean,
  ): BankLineSuggestion => ({
    kind: 'invoice',
    id: inv.id,
    amount: fromCents(pay.amountCents + (pay.itbisCents ?? 0) + (pay.isrCents ?? 0)),
    reason,
    rule,
    exact,
    label: `${inv.invoiceNumber} · ${inv.clientName}`,
    invoices: [invoiceRef(inv)],
    match: {
      invoices: [
        {
          id: inv.id,
          amount: fromCents(pay.amountCents),
          ...(pay.itbisCents !== undefined ? { itbisWithheld: fromCents(pay.itbisCents) } : {}),
          ...(pay.isrCents !== undefined ? { isrWithheld: fromCents(pay.isrCents) } : {}),
        },
      ],
    } satisfies MatchBankLineRequest,
  });

  if (line.amountCents > 0) {
    const amount = line.amountCents;
    // 1. An invoice number or NCF in the description.
    const refs = referencesIn(`${line.description} ${line.reference}`);
    const referenced = [
      ...refs.numbers.map((n) => c.byNumber.get(n)),
      ...refs.ncfs.map((n) => c.byNcf.get(n)),
    ].filter((i): i is OpenInvoice => !!i);
    for (const inv of referenced) {
      const pay = Math.min(amount, inv.balanceCents);
      const what =
        inv.ncf && refs.ncfs.includes(inv.ncf.toUpperCase())
          ? `el NCF ${inv.ncf}`
          : `la factura ${inv.invoiceNumber}`;
      add(
        invoiceSuggestion(
          inv,
          'reference',
          `La descripción menciona ${what} (${inv.clientName}, saldo ${money(inv.balanceCents)})`,
          { amountCents: pay },
          amount === inv.balanceCents,
        ),
        `invoice:${inv.id}`,
      );
    }
    // 2. A pending transfer report of the same amount.
    for (const r of c.reportsByAmount.get(amount) ?? [])
      add(
        {
          kind: 'payment_report',
          id: r.id,
          amount: fromCents(r.amountCents),
          reason: `${r.clientName} reportó una transferencia de ${money(r.amountCents)} en la factura ${r.invoiceNumber} (${r.bank}, ref. ${r.reference})`,
          rule: 'report',
          exact: true,
          label: `Reporte · ${r.invoiceNumber} · ${r.clientName}`,
          invoices: [
            {
              id: r.invoiceId,
              invoiceNumber: r.invoiceNumber,
              clientName: r.clientName,
              clientEmail: r.clientEmail,
              balance: fromCents(r.invoiceBalanceCents),
            },
          ],
          match: { invoices: [], paymentReportId: r.id },
        },
        `report:${r.id}`,
      );
    // 3. An open invoice of exactly that amount, the client named in the description first.
    const exact = [...(c.byBalance.get(amount) ?? [])].sort(
      (a, b) => Number(namesIn(text, b.clientWords)) - Number(namesIn(text, a.clientWords)),
    );
    for (const inv of exact) {
      const named = namesIn(text, inv.clientWords);
      add(
        invoiceSuggestion(
          inv,
          named ? 'exact_client' : 'exact',
          named
            ? `Factura ${inv.invoiceNumber} de ${inv.clientName} por el monto exacto, y la descripción nombra al cliente`
            : `Factura ${inv.invoiceNumber} de ${inv.clientName} por el monto exacto (${money(amount)})`,
          { amountCents: amount },
          true,
        ),
        `invoice:${inv.id}`,
      );
    }
    // 4. Within tolerance: a bank fee, the client's withholdings, the 3 % band.
    const feeCap = FEE_CAP_CENTS[c.currency] ?? FEE_CAP_CENTS.DOP!;
    const tolerance: BankLineSuggestion[] = [];
    // Numbers first (the withholdings precomputed per invoice); the client's name is read only
    // when a fee outside the band needs it — this loop runs lines × open invoices.
    for (const inv of c.invoices) {
      const diff = inv.balanceCents - amount;
      if (diff === 0) continue;
      const bandOk = Math.abs(diff) * 100 <= inv.balanceCents * BAND_PERCENT;
      if (diff > 0) {
        const w = inv.withholdings.find((x) => x.totalCents === diff);
        if (w) {
          tolerance.push(
            invoiceSuggestion(
              inv,
              'withholding',
              `Saldo de ${inv.invoiceNumber} (${inv.clientName}) menos las retenciones del cliente — ${WITHHOLDING_PRESET_LABELS[w.preset]}: ITBIS ${money(w.itbisCents)}, ISR ${money(w.isrCents)}`,
              { amountCents: amount, itbisCents: w.itbisCents, isrCents: w.isrCents },
              true,
            ),
          );
          continue;
        }
      }
      if (diff > 0 && diff <= feeCap && (bandOk || namesIn(text, inv.clientWords))) {
        tolerance.push(
          invoiceSuggestion(
            inv,
            'fee',
            `Saldo de ${inv.invoiceNumber} (${inv.clientName}) menos ${money(diff)}, una comisión bancaria probable`,
            { amountCents: inv.balanceCents },
            false,
          ),
        );
        continue;
      }
      if (bandOk)
        tolerance.push(
          invoiceSuggestion(
            inv,
            'band',
            `Dentro del ${BAND_PERCENT} %: ${money(Math.abs(diff))} ${diff > 0 ? 'menos' : 'más'} que el saldo de ${inv.invoiceNumber} (${inv.clientName})`,
            { amountCents: Math.min(amount, inv.balanceCents) },
            false,
          ),
        );
    }
    const rank = { withholding: 0, fee: 1, band: 2 } as Record<string, number>;
    tolerance.sort((a, b) => (rank[a.rule] ?? 9) - (rank[b.rule] ?? 9));
    for (const s of tolerance) add(s, `invoice:${s.id}`);
    // 5. Several invoices of one client adding up to the amount.
    const groups = [...(c.sums.get(amount) ?? [])].sort(
      (a, b) => Number(namesIn(text, b[0]!.clientWords)) - Number(namesIn(text, a[0]!.clientWords)),
    );
    for (const group of groups) {
      const first = group[0]!;
      add(
        {
          kind: 'invoice',
          id: first.id,
          amount: fromCents(amount),
          reason: `${group.length} facturas de ${first.clientName} suman ${money(amount)}: ${group.map((g) => g.invoiceNumber).join(', ')}`,
          rule: 'sum',
          exact: true,
          label: `${group.map((g) => g.invoiceNumber).join(' + ')} · ${first.clientName}`,
          invoices: group.map(invoiceRef),
          match: { invoices: group.map((g) => ({ id: g.id, amount: fromCents(g.balanceCents) })) },
        },
        `sum:${group.map((g) => g.id).join(',')}`,
      );
    }
  } else {
    const amount = -line.amountCents;
    // An expense of that amount, its supplier named in the description first.
    const found = [...(c.expensesByCash.get(amount) ?? [])].sort(
      (a, b) => Number(namesIn(text, b.supplierWords)) - Number(namesIn(text, a.supplierWords)),
    );
    for (const e of found) {
      const named = namesIn(text, e.supplierWords);
      add(
        {
          kind: 'expense',
          id: e.id,
          amount: -fromCents(amount),
          reason: named
            ? `Gasto ${e.ncf} de ${e.supplierName} por el mismo monto, y la descripción nombra al suplidor`
            : `Gasto ${e.ncf} de ${e.supplierName} por el mismo monto (${money(amount)})`,
          rule: 'expense',
          exact: true,
          label: `${e.ncf} · ${e.supplierName}`,
          invoices: [],
          match: { invoices: [], expenseId: e.id },
        },
        `expense:${e.id}`,
      );
    }
    for (const r of c.rules) {
      if (!ruleApplies(r, text, amount)) continue;
      const conditions = [
        r.contains ? `la descripción contiene «${r.contains.toUpperCase()}»` : null,
        r.minCents !== null || r.maxCents !== null
          ? `el monto está entre ${money(r.minCents ?? 0)} y ${r.maxCents === null ? 'cualquier monto' : money(r.maxCents)}`
          : null,
      ]
        .filter(Boolean)
        .join(' y ');
      add(
        {
          kind: 'rule',
          id: r.id,
          amount: -fromCents(amount),
          reason: `Regla «${r.name}»: ${conditions} → gasto «${EXPENSE_TYPE_LABELS[r.expenseType as keyof typeof EXPENSE_TYPE_LABELS]}» de ${r.supplierName}`,
          rule: 'debit_rule',
          exact: false,
          label: `Regla · ${r.name}`,
          invoices: [],
          match: null,
        },
        `rule:${r.id}`,
      );
    }
  }
  return out.slice(0, MAX_SUGGESTIONS);
}
