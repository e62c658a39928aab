import {
  addDays,
  businessToday,
  fromCents,
  type GenerateReportRequestSchema,
  type ListReportsQuerySchema,
  type PipelineReport,
  REPORT_PERIOD_MONTHS,
  type Report,
  type ReportDashboard,
  type ReportData,
  type ReportPeriod,
  type ReportType,
} from '@agencia/shared';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { reports, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { pipelineReport } from '../leads/leads.queries.js';
import { getCompanySettings } from '../settings/settings.service.js';

async function rows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows ?? [];
}

/** `date` minus `months` calendar months (YYYY-MM-DD, day clamped to the month's end). */
export function minusMonths({ date, months }: { date: string; months: number }): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) - months;
  const ny = Math.floor(total / 12);
  const nm = total % 12;
  const last = new Date(Date.UTC(ny, nm + 1, 0)).getUTCDate();
  return `${ny}-${String(nm + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Growth in percent with one decimal; null when the previous value was 0. */
export function growth({ current, previous }: { current: number; previous: number }): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** Payments received in [from, to) in the company currency, centavos. */
async function revenueCents(db: Db, from: string, to: string, currency: string): Promise<number> {
  const [r] = await rows<{ c: number }>(
    db,
    sql`select coalesce(sum(p.amount_cents), 0)::float8 as c from invoice_payments p
        join invoices i on i.id = p.invoice_id
        where p.paid_date >= ${from} and p.paid_date < ${to} and i.currency = ${currency}`,
  );
  return Number(r?.c ?? 0);
}

async function projectsCreated(db: Db, from: string, to: string) {
  const [r] = await rows<{ total: number; completed: number; cancelled: number }>(
    db,
    sql`select count(*)::int as total,
               count(*) filter (where status = 'completed')::int as completed,
               count(*) filter (where status = 'cancelled')::int as cancelled
        from projects where deleted_at is null
          and created_at >= ${from}::date and created_at < ${to}::date`,
  );
  return {
    total: Number(r?.total ?? 0),
    completed: Number(r?.completed ?? 0),
    cancelled: Number(r?.cancelled ?? 0),
  };
}

/** Clients with something happening in [from, to): an invoice issued, a project created or a feed entry. */
async function activeClients(db: Db, from: string, to: string): Promise<number> {
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(distinct client_id)::int as n from (
          select client_id from invoices where issue_date >= ${from} and issue_date < ${to} and status <> 'cancelled'
          union all
          select client_id from projects where deleted_at is null and created_at >= ${from}::date and created_at < ${to}::date
          union all
          select client_id from activities where client_id is not null and created_at >= ${from}::date and created_at < ${to}::date
        ) x join clients c on c.id = x.client_id where c.archived_at is null`,
  );
  return Number(r?.n ?? 0);
}

/** Revenue (payments) and invoiced totals per month from `from` to `to` (inclusive months). */
async function revenueByMonth(db: Db, from: string, to: string, currency: string) {
  const result = await rows<{ month: string; revenue: number; invoiced: number }>(
    db,
    sql`with months as (
          select to_char(m, 'YYYY-MM') as month from generate_series(
            date_trunc('month', ${from}::date), date_trunc('month', (${to}::date - 1)), interval '1 month') m
        )
        select months.month,
          coalesce((select sum(p.amount_cents) from invoice_payments p join invoices i on i.id = p.invoice_id
                    where to_char(p.paid_date, 'YYYY-MM') = months.month and p.paid_date >= ${from} and p.paid_date < ${to}
                      and i.currency = ${currency}), 0)::float8 as revenue,
          coalesce((select sum(i.total_cents) from invoices i
                    where to_char(i.issue_date, 'YYYY-MM') = months.month and i.issue_date >= ${from} and i.issue_date < ${to}
                      and i.status not in ('draft', 'cancelled') and i.currency = ${currency}), 0)::float8 as invoiced
        from months order by months.month`,
  );
  return result.map((r) => ({
    month: r.month,
    revenue: fromCents(Number(r.revenue)),
    invoiced: fromCents(Number(r.invoiced)),
  }));
}

async function projectsByStatus(db: Db, from?: string, to?: string) {
  const range = from && to ? sql`and created_at >= ${from}::date and created_at < ${to}::date` : sql``;
  const result = await rows<{ status: string; count: number }>(
    db,
    sql`select status, count(*)::int as count from projects where deleted_at is null ${range} group by status order by count desc`,
  );
  return result.map((r) => ({ status: r.status, count: Number(r.count) }));
}

/**
 * `GET /reports/dashboard?period`: the period ends today (agency time zone) and starts N
 * months earlier; growth compares with the N months before it. All aggregates run in SQL.
 */
export async function reportDashboard({
  db,
  period,
}: {
  db: Db;
  period: ReportPeriod;
}): Promise<ReportDashboard> {
  const settings = await getCompanySettings(db);
  const months = REPORT_PERIOD_MONTHS[period];
  const today = businessToday();
  const end = addDays(today, 1); // exclusive
  const start = minusMonths({ date: end, months });
  const prevStart = minusMonths({ date: start, months });
  const [rev, prevRev, proj, prevProj, clientsNow, clientsPrev, byMonth, byStatus, active] =
    await Promise.all([
      revenueCents(db, start, end, settings.currency),
      revenueCents(db, prevStart, start, settings.currency),
      projectsCreated(db, start, end),
      projectsCreated(db, prevStart, start),
      activeClients(db, start, end),
      activeClients(db, prevStart, start),
      revenueByMonth(db, start, end, settings.currency),
      projectsByStatus(db),
      rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from projects where deleted_at is null and status in ('approved', 'in_progress', 'in_review')`,
      ),
    ]);
  const eligible = proj.total - proj.cancelled;
  return {
    period,
    startDate: start,
    endDate: today,
    currency: settings.currency,
    totalRevenue: fromCents(rev),
    revenueGrowth: growth({ current: rev, previous: prevRev }),
    totalProjects: proj.total,
    activeProjects: Number(active[0]?.n ?? 0),
    projectsGrowth: growth({ current: proj.total, previous: prevProj.total }),
    activeClients: clientsNow,
    clientsGrowth: growth({ current: clientsNow, previous: clientsPrev }),
    completionRate: eligible > 0 ? Math.round((proj.completed / eligible) * 1000) / 10 : 0,
    revenueByMonth: byMonth,
    projectsByStatus: byStatus,
  };
}

/**
 * `GET /reports/pipeline?period` (decision 170): the leads now in each stage (count and value per
 * currency) and the leads won in the period (the same window as the dashboard: N months up to
 * today, business days).
 */
export async function reportPipeline({
  db,
  period,
}: {
  db: Db;
  period: ReportPeriod;
}): Promise<PipelineReport> {
  const today = businessToday();
  const start = minusMonths({ date: addDays(today, 1), months: REPORT_PERIOD_MONTHS[period] });
  return pipelineReport({ db, from: start, to: today });
}

/** Hours logged on projects (time entries dated in [from, to)), two decimals. */
async function hoursLogged(db: Db, from: string, to: string): Promise<number> {
  const [r] = await rows<{ h: number }>(
    db,
    sql`select coalesce(sum(minutes), 0)::float8 / 60 as h from project_time_entries where date >= ${from} and date < ${to}`,
  );
  return Math.round(Number(r?.h ?? 0) * 100) / 100;
}

/** Computes the content of a financial or projects report for [startDate, endDate]. */
export async function computeReport({
  db,
  type,
  startDate,
  endDate,
}: {
  db: Db;
  type: ReportType;
  startDate: string;
  endDate: string;
}): Promise<ReportData> {
  const settings = await getCompanySettings(db);
  const end = addDays(endDate, 1);
  const today = businessToday();
  const empty: ReportData = {
    currency: settings.currency,
    revenueByMonth: [],
    revenueByClient: [],
    invoicesByStatus: [],
    projectsByStatus: [],
    projectsByCategory: [],
    hoursLogged: null,
    totals: {},
  };
  if (type === 'financial') {
    const byClient = await rows<{ client_id: string; client: string; revenue: number }>(
      db,
      sql`select c.id as client_id, coalesce(c.company_name, c.first_name || ' ' || c.last_name) as client,
                 sum(p.amount_cents)::float8 as revenue
          from invoice_payments p join invoices i on i.id = p.invoice_id join clients c on c.id = i.client_id
          where p.paid_date >= ${startDate} and p.paid_date < ${end} and i.currency = ${settings.currency}
          group by c.id, client order by revenue desc`,
    );
    const byStatus = await rows<{ status: string; count: number; total: number }>(
      db,
      sql`select case when status in ('sent', 'pending') and due_date < ${today} then 'overdue'
                      when status = 'sent' and sent_at is null then 'issued' else status end as status,
                 count(*)::int as count, coalesce(sum(total_cents), 0)::float8 as total
          from invoices where issue_date >= ${startDate} and issue_date < ${end} and currency = ${settings.currency}
          group by 1 order by 2 desc`,
    );
    const [totals] = await rows<{ invoiced: number; tax: number; pending: number }>(
      db,
      sql`select coalesce(sum(total_cents) filter (where status not in ('draft', 'cancelled')), 0)::float8 as invoiced,
                 coalesce(sum(tax_cents) filter (where status not in ('draft', 'cancelled')), 0)::float8 as tax,
                 coalesce(sum(total_cents + debited_cents - paid_cents - withheld_cents - credited_cents) filter (where status in ('sent', 'pending')), 0)::float8 as pending
          from invoices where issue_date >= ${startDate} and issue_date < ${end} and currency = ${settings.currency}`,
    );
    const collected = await revenueCents(db, startDate, end, settings.currency);
    return {
      ...empty,
      revenueByMonth: await revenueByMonth(db, startDate, end, settings.currency),
      revenueByClient: byClient.map((r) => ({
        clientId: r.client_id,
        client: r.client,
        revenue: fromCents(Number(r.revenue)),
      })),
      invoicesByStatus: byStatus.map((r) => ({
        status: r.status,
        count: Number(r.count),
        total: fromCents(Number(r.total)),
      })),
      totals: {
        invoiced: fromCents(Number(totals?.invoiced ?? 0)),
        collected: fromCents(collected),
        pending: fromCents(Number(totals?.pending ?? 0)),
        taxInvoiced: fromCents(Number(totals?.tax ?? 0)),
      },
    };
  }
  const byCategory = await rows<{ category: string; count: number }>(
    db,
    sql`select category, count(*)::int as count from projects
        where deleted_at is null and created_at >= ${startDate}::date and created_at < ${end}::date
        group by category order by count desc`,
  );
  const byStatus = await projectsByStatus(db, startDate, end);
  const created = await projectsCreated(db, startDate, end);
  return {
    ...empty,
    projectsByStatus: byStatus,
    projectsByCategory: byCategory.map((r) => ({ category: r.category, count: Number(r.count) })),
    hoursLogged: await hoursLogged(db, startDate, end),
    totals: { projects: created.total, completed: created.completed, cancelled: created.cancelled },
  };
}

type ReportRow = typeof reports.$inferSelect & { createdByName: string | null };
function toReportDto(r: ReportRow): Report {
  return {
    _id: r.id,
    type: r.type,
    title: r.title,
    description: r.description,
    startDate: r.startDate,
    endDate: r.endDate,
    data: r.data as ReportData,
    createdBy: r.createdByName,
    createdAt: r.createdAt.toISOString(),
  };
}

const reportSelect = {
  id: reports.id,
  type: reports.type,
  title: reports.title,
  description: reports.description,
  startDate: reports.startDate,
  endDate: reports.endDate,
  data: reports.data,
  createdBy: reports.createdBy,
  createdAt: reports.createdAt,
  createdByName: sql<
    string | null
  >`(select u.first_name || ' ' || u.last_name from ${users} u where u.id = "reports"."created_by")`,
};

/** `POST /reports/{type}`: computes and stores a report (admin). */
export async function generateReport({
  db,
  actor,
  ctx,
  type,
  input,
}: {
  db: Db;
  actor: Actor;
  ctx: AuditContext;
  type: ReportType;
  input: z.output<typeof GenerateReportRequestSchema>;
}): Promise<Report> {
  const data = await computeReport({ db, type, startDate: input.startDate, endDate: input.endDate });
  const [row] = await db
    .insert(reports)
    .values({
      type,
      title: input.title,
      description: input.description,
      startDate: input.startDate,
      endDate: input.endDate,
      data,
      createdBy: actor.id,
    })
    .returning({ id: reports.id });
  await audit(db, ctx, 'report.generated', { type: 'report', id: row!.id }, { type });
  return getReport({ db, id: row!.id });
}

/** `GET /reports/{id}`; 404 'Reporte no encontrado'. */
export async function getReport({ db, id }: { db: Db; id: string }): Promise<Report> {
  const [row] = await db.select(reportSelect).from(reports).where(eq(reports.id, id)).limit(1);
  if (!row) throw notFound('Reporte no encontrado');
  return toReportDto(row as ReportRow);
}

/** `GET /reports?page&limit&type`, newest first, without the content. */
export async function listReports({ db, query }: { db: Db; query: z.output<typeof ListReportsQuerySchema> }) {
  const where = query.type && query.type !== 'all' ? eq(reports.type, query.type) : undefined;
  const [count] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(reports)
    .where(and(where));
  const list = await db
    .select(reportSelect)
    .from(reports)
    .where(and(where))
    .orderBy(desc(reports.createdAt))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    reports: list.map((r) => {
      const { data: _data, ...rest } = toReportDto(r as ReportRow);
      return rest;
    }),
    pagination: { page: query.page, limit: query.limit, total: count?.n ?? 0 },
  };
}

/** `DELETE /reports/{id}` (admin); 404 when missing. */
export async function deleteReport({
  db,
  ctx,
  id,
}: {
  db: Db;
  ctx: AuditContext;
  id: string;
}): Promise<void> {
  const deleted = await db.delete(reports).where(eq(reports.id, id)).returning({ id: reports.id });
  if (!deleted[0]) throw notFound('Reporte no encontrado');
  await audit(db, ctx, 'report.deleted', { type: 'report', id });
}
