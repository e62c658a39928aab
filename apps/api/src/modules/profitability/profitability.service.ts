import {
  type ExpenseCostLine,
  FINANCE_LINES_CAP,
  fromCents,
  marginPercentOf,
  type ProfitabilityQuerySchema,
  type ProfitabilityReport,
  type ProfitabilityRow,
  type ProjectFinances,
  type RevenueLine,
  type TimeCostLine,
  timeCostCents,
  toDopCents,
} from '@agencia/shared';
import { and, eq, gte, inArray, isNotNull, lte, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import {
  clients,
  creditNotes,
  debitNotes,
  expenses,
  invoices,
  projects,
  projectTimeEntries,
  suppliers,
  users,
} from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/errors.js';
import { visibleProjects } from '../projects/projects.policy.js';
import { profitabilityPolicy } from './profitability.policy.js';

/*
 * Project profitability (decision 142). Every figure is DOP centavos until the answer:
 * - revenue: issued invoices (not draft, not cancelled) without ITBIS — taxable base + exempt,
 *   i.e. subtotal − discount — plus their debit notes' and minus their credit notes' subtotals,
 *   each converted at the invoice's frozen rate (decision 137, `toDopCents`);
 * - expenses: recorded purchases, goods + services + ITBIS llevado al costo (the ITBIS the agency
 *   cannot deduct, 606 field 14), × their stored rate when in USD; recoverable ITBIS is not a cost;
 * - time cost: per person, minutes × cost rate / 60, half-up; people without a rate count hours only.
 */

type Period = { from: string; to: string };

/** Invoice statuses that carry revenue: issued and not voided. */
const NOT_ISSUED = ['draft', 'cancelled'] as const;

const dop = (cents: number, rate: number | null) => (rate === null ? cents : toDopCents(cents, rate));

interface Fact {
  projectId: string | null;
  clientId: string | null;
  date: string;
  cents: number;
}

/** Revenue documents (invoices, debit notes +; credit notes −) matching `where` on invoices, in DOP. */
async function revenueFacts(db: Db, where: SQL | undefined, period: Period | null) {
  const inPeriod = (col: AnyPgColumn) =>
    period ? and(gte(col, period.from), lte(col, period.to)) : undefined;
  const live = and(notInArray(invoices.status, [...NOT_ISSUED]), where);
  const [inv, credits, debits] = await Promise.all([
    db
      .select({
        id: invoices.id,
        number: invoices.invoiceNumber,
        issueDate: invoices.issueDate,
        currency: invoices.currency,
        rate: invoices.exchangeRate,
        base: invoices.taxableBaseCents,
        exempt: invoices.exemptCents,
        projectId: invoices.projectId,
        clientId: invoices.clientId,
      })
      .from(invoices)
      .where(and(live, inPeriod(invoices.issueDate))),
    db
      .select({
        id: creditNotes.invoiceId,
        number: creditNotes.ncf,
        issueDate: creditNotes.issueDate,
        currency: invoices.currency,
        rate: invoices.exchangeRate,
        subtotal: creditNotes.subtotalCents,
        projectId: invoices.projectId,
        clientId: invoices.clientId,
      })
      .from(creditNotes)
      .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
      .where(and(live, inPeriod(creditNotes.issueDate))),
    db
      .select({
        id: debitNotes.invoiceId,
        number: debitNotes.ncf,
        issueDate: debitNotes.issueDate,
        currency: invoices.currency,
        rate: invoices.exchangeRate,
        subtotal: debitNotes.subtotalCents,
        projectId: invoices.projectId,
        clientId: invoices.clientId,
      })
      .from(debitNotes)
      .innerJoin(invoices, eq(invoices.id, debitNotes.invoiceId))
      .where(and(live, inPeriod(debitNotes.issueDate))),
  ]);
  const lines: (RevenueLine & Fact & { amountCents: number })[] = [];
  for (const i of inv) {
    const cents = dop(i.base, i.rate) + dop(i.exempt, i.rate);
    lines.push({
      kind: 'invoice',
      invoiceId: i.id,
      number: i.number,
      issueDate: i.issueDate,
      currency: i.currency,
      amount: fromCents(cents),
      amountCents: cents,
      projectId: i.projectId,
      clientId: i.clientId,
      date: i.issueDate,
      cents,
    });
  }
  for (const [kind, rows, sign] of [
    ['credit_note', credits, -1],
    ['debit_note', debits, 1],
  ] as const) {
    for (const n of rows) {
      const cents = sign * dop(n.subtotal, n.rate);
      lines.push({
        kind,
        invoiceId: n.id,
        number: n.number,
        issueDate: n.issueDate,
        currency: n.currency,
        amount: fromCents(cents),
        amountCents: cents,
        projectId: n.projectId,
        clientId: n.clientId,
        date: n.issueDate,
        cents,
      });
    }
  }
  return lines;
}

/** Recorded purchases of projects matching `where`, each with its DOP cost. */
async function expenseFacts(db: Db, where: SQL | undefined, period: Period | null) {
  const rows = await db
    .select({
      id: expenses.id,
      issueDate: expenses.issueDate,
      supplier: suppliers.name,
      description: expenses.description,
      billable: expenses.billable,
      invoiceId: expenses.invoiceId,
      rate: expenses.exchangeRate,
      goods: expenses.goodsCents,
      services: expenses.servicesCents,
      toCost: expenses.itbisToCostCents,
      projectId: expenses.projectId,
      clientId: projects.clientId,
    })
    .from(expenses)
    .innerJoin(suppliers, eq(suppliers.id, expenses.supplierId))
    .innerJoin(projects, eq(projects.id, expenses.projectId))
    .where(
      and(
        eq(expenses.status, 'recorded'),
        isNotNull(expenses.projectId),
        where,
        period ? and(gte(expenses.issueDate, period.from), lte(expenses.issueDate, period.to)) : undefined,
      ),
    );
  return rows.map((r) => {
    const cents = dop(r.goods + r.services + r.toCost, r.rate);
    return { ...r, amount: fromCents(cents), cents, date: r.issueDate };
  });
}

/** Minutes per (project, person) of projects matching `where`, with the person's cost rate. */
async function timeFacts(db: Db, where: SQL | undefined, period: Period | null) {
  return db
    .select({
      projectId: projectTimeEntries.projectId,
      clientId: projects.clientId,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      rateCents: users.costRateCents,
      minutes: sql<number>`sum(${projectTimeEntries.minutes})::int`.mapWith(Number),
      entries: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(projectTimeEntries)
    .innerJoin(users, eq(users.id, projectTimeEntries.userId))
    .innerJoin(projects, eq(projects.id, projectTimeEntries.projectId))
    .where(
      and(
        where,
        period
          ? and(gte(projectTimeEntries.date, period.from), lte(projectTimeEntries.date, period.to))
          : undefined,
      ),
    )
    .groupBy(projectTimeEntries.projectId, projects.clientId, users.id);
}

const byDateDesc = <T extends { date: string }>(a: T, b: T) =>
  a.date < b.date ? 1 : a.date > b.date ? -1 : 0;

/**
 * `GET /projects/{id}/finances`: revenue, expenses, time cost and margin of the project over its
 * whole life, in DOP, each figure with its lines (newest first, capped at
 * {@link FINANCE_LINES_CAP}). 404 when the project is unknown, deleted or — for an employee —
 * not on its team. Clients are refused by the route (403).
 */
export async function getProjectFinances({
  db,
  actor,
  projectId,
}: {
  db: Db;
  actor: Actor;
  projectId: string;
}): Promise<ProjectFinances> {
  const [project] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), visibleProjects(actor)))
    .limit(1);
  if (!project) throw notFound('Proyecto no encontrado');
  const [revenue, spent, time] = await Promise.all([
    revenueFacts(db, eq(invoices.projectId, projectId), null),
    expenseFacts(db, eq(expenses.projectId, projectId), null),
    timeFacts(db, eq(projectTimeEntries.projectId, projectId), null),
  ]);
  const revenueCents = revenue.reduce((s, r) => s + r.cents, 0);
  const expenseCents = spent.reduce((s, r) => s + r.cents, 0);
  // Employees do not see other people's cost rates (decision 142): only their own line's.
  const hide = (userId: string) => !profitabilityPolicy.can(actor.role, 'readCostRate', userId === actor.id);
  const timeLines: TimeCostLine[] = time
    .map((t) => ({
      userId: t.userId,
      name: `${t.firstName} ${t.lastName}`.trim(),
      hours: t.minutes / 60,
      entries: t.entries,
      costRate: t.rateCents === null || hide(t.userId) ? null : fromCents(t.rateCents),
      amount: t.rateCents === null || hide(t.userId) ? null : fromCents(timeCostCents(t)),
      hidden: hide(t.userId),
    }))
    .sort((a, b) => b.hours - a.hours || a.name.localeCompare(b.name, 'es'));
  const timeCents = time.reduce((s, t) => s + timeCostCents(t), 0);
  const unrated = time.filter((t) => t.rateCents === null);
  const marginCents = revenueCents - expenseCents - timeCents;
  const expenseLines: ExpenseCostLine[] = spent
    .sort(byDateDesc)
    .slice(0, FINANCE_LINES_CAP)
    .map((e) => ({
      expenseId: e.id,
      issueDate: e.issueDate,
      supplier: e.supplier,
      description: e.description,
      billable: e.billable,
      invoiceId: e.invoiceId,
      amount: e.amount,
    }));
  return {
    projectId,
    currency: 'DOP',
    revenue: {
      total: fromCents(revenueCents),
      count: revenue.length,
      lines: revenue
        .sort(byDateDesc)
        .slice(0, FINANCE_LINES_CAP)
        .map(({ kind, invoiceId, number, issueDate, currency, amount }) => ({
          kind,
          invoiceId,
          number,
          issueDate,
          currency,
          amount,
        })),
    },
    expenses: {
      total: fromCents(expenseCents),
      count: spent.length,
      lines: expenseLines,
      billableUnbilled: spent.filter((e) => e.billable && e.invoiceId === null).length,
    },
    timeCost: {
      total: fromCents(timeCents),
      count: timeLines.length,
      lines: timeLines.slice(0, FINANCE_LINES_CAP),
      hours: time.reduce((s, t) => s + t.minutes, 0) / 60,
      unrated: {
        entries: unrated.reduce((s, t) => s + t.entries, 0),
        hours: unrated.reduce((s, t) => s + t.minutes, 0) / 60,
      },
    },
    margin: fromCents(marginCents),
    marginPercent: marginPercentOf(marginCents, revenueCents),
  };
}

interface Acc {
  revenue: number;
  expenses: number;
  timeCost: number;
  /** Minutes of people without a cost rate (their cost is missing from `timeCost`). */
  unratedMinutes: number;
}

/**
 * `GET /reports/profitability` (admin): per project or per client, revenue, expenses, time cost
 * and margin of the period (documents on their issue date, purchases on theirs, time on its
 * date), highest margin first. By client, revenue counts every issued invoice of the client,
 * with or without a project; expenses and time those of its projects. Deleted projects count
 * (their money was real) under their name.
 */
export async function getProfitabilityReport({
  db,
  query,
}: {
  db: Db;
  query: z.output<typeof ProfitabilityQuerySchema>;
}): Promise<ProfitabilityReport> {
  const period = { from: query.from, to: query.to };
  const byProject = query.groupBy === 'project';
  const [revenue, spent, time] = await Promise.all([
    revenueFacts(db, byProject ? isNotNull(invoices.projectId) : undefined, period),
    expenseFacts(db, undefined, period),
    timeFacts(db, undefined, period),
  ]);
  const acc = new Map<string, Acc>();
  const add = (key: string | null, field: keyof Acc, cents: number) => {
    if (!key) return;
    const a = acc.get(key) ?? { revenue: 0, expenses: 0, timeCost: 0, unratedMinutes: 0 };
    a[field] += cents;
    acc.set(key, a);
  };
  const keyOf = (f: { projectId: string | null; clientId: string | null }) =>
    byProject ? f.projectId : f.clientId;
  for (const r of revenue) add(keyOf(r), 'revenue', r.cents);
  for (const e of spent) add(keyOf(e), 'expenses', e.cents);
  for (const t of time) {
    add(keyOf(t), 'timeCost', timeCostCents(t));
    if (t.rateCents === null) add(keyOf(t), 'unratedMinutes', t.minutes);
  }
  const ids = [...acc.keys()];
  const clientName = sql<string>`coalesce(nullif(${clients.companyName}, ''), trim(${clients.firstName} || ' ' || ${clients.lastName}))`;
  const names = new Map<string, { name: string; clientName: string | null }>();
  if (ids.length > 0) {
    const rows = byProject
      ? await db
          .select({ id: projects.id, name: projects.title, clientName })
          .from(projects)
          .innerJoin(clients, eq(clients.id, projects.clientId))
          .where(inArray(projects.id, ids))
      : (
          await db.select({ id: clients.id, name: clientName }).from(clients).where(inArray(clients.id, ids))
        ).map((r) => ({ ...r, clientName: null }));
    for (const r of rows) names.set(r.id, { name: r.name, clientName: r.clientName });
  }
  const rowOf = (a: Acc) => {
    const margin = a.revenue - a.expenses - a.timeCost;
    return {
      revenue: fromCents(a.revenue),
      expenses: fromCents(a.expenses),
      timeCost: fromCents(a.timeCost),
      unratedHours: Math.round((a.unratedMinutes / 60) * 100) / 100,
      margin: fromCents(margin),
      marginPercent: marginPercentOf(margin, a.revenue),
      marginCents: margin,
    };
  };
  const rows: (ProfitabilityRow & { marginCents: number })[] = ids.map((id) => ({
    id,
    name: names.get(id)?.name ?? '—',
    clientName: names.get(id)?.clientName ?? null,
    ...rowOf(acc.get(id)!),
  }));
  rows.sort(
    (a, b) => b.marginCents - a.marginCents || a.name.localeCompare(b.name, 'es') || a.id.localeCompare(b.id),
  );
  const total = [...acc.values()].reduce(
    (t, a) => ({
      revenue: t.revenue + a.revenue,
      expenses: t.expenses + a.expenses,
      timeCost: t.timeCost + a.timeCost,
      unratedMinutes: t.unratedMinutes + a.unratedMinutes,
    }),
    { revenue: 0, expenses: 0, timeCost: 0, unratedMinutes: 0 },
  );
  const { marginCents: _m, ...totals } = rowOf(total);
  return {
    from: query.from,
    to: query.to,
    groupBy: query.groupBy,
    rows: rows.map(({ marginCents: _c, ...r }) => r),
    totals,
  };
}
