import {
  businessToday,
  effectiveInvoiceStatus,
  type FiscalDocumentType,
  fromCents,
  type Invoice,
  type InvoiceStats,
  type InvoiceSummary,
  type ListInvoicesQuerySchema,
  type ListInvoicesResponse,
} from '@agencia/shared';
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import {
  clients,
  ecfDocuments,
  invoiceEvents,
  invoiceItems,
  invoicePayments,
  invoices,
  projects,
  users,
} from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { actorPlaceholders } from '../../lib/prepared.js';
import type { ReadCall } from '../../lib/service-args.js';
import { lineDto } from '../billing-documents/billing-documents.js';
import {
  type DocumentTable,
  documentListWhere,
  oneDocument,
  pageOfDocuments,
} from '../billing-documents/billing-lists.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { listCreditNotes } from './credit-notes.read.js';
import { listDebitNotes } from './debit-notes.read.js';
import { invoicePolicy, visibleInvoices } from './invoices.policy.js';

const summaryColumns = {
  invoice: invoices,
  client: {
    id: clients.id,
    firstName: clients.firstName,
    lastName: clients.lastName,
    email: clients.email,
    companyName: clients.companyName,
    avatar: clients.avatar,
    companyRnc: clients.companyRnc,
  },
  projectId: projects.id,
  projectTitle: projects.title,
};

type SummaryRow = {
  invoice: typeof invoices.$inferSelect;
  client: {
    id: string;
    firstName: string;
    lastName: string;
    email: string;
    companyName: string | null;
    avatar: string | null;
    companyRnc: string | null;
  };
  projectId: string | null;
  projectTitle: string | null;
};

function toSummary(row: SummaryRow, today: string): InvoiceSummary {
  const i = row.invoice;
  const eff = effectiveInvoiceStatus(i.status, i.dueDate, today, i.sentAt !== null);
  return {
    _id: i.id,
    invoiceNumber: i.invoiceNumber,
    series: i.series,
    issueDate: i.issueDate,
    dueDate: i.dueDate,
    paidDate: i.paidDate,
    status: eff.status,
    isOverdue: eff.isOverdue,
    daysOverdue: eff.daysOverdue,
    client: {
      _id: row.client.id,
      firstName: row.client.firstName,
      lastName: row.client.lastName,
      email: row.client.email,
      company: row.client.companyName,
      avatar: row.client.avatar,
      companyRUC: row.client.companyRnc,
    },
    project: row.projectId ? { _id: row.projectId, title: row.projectTitle ?? '' } : null,
    documentType: (i.documentType as FiscalDocumentType | null) ?? null,
    ncf: i.ncf,
    ncfExpiresOn: i.ncfExpiresOn,
    securityCode: i.securityCode,
    signedAt: i.signedAt?.toISOString() ?? null,
    ecfStatus: i.ecfStatus,
    issuedAt: i.issuedAt?.toISOString() ?? null,
    subtotal: fromCents(i.subtotalCents),
    exemptSubtotal: fromCents(i.exemptCents),
    taxableBase: fromCents(i.taxableBaseCents),
    taxRate: i.taxRate,
    taxAmount: fromCents(i.taxCents),
    discountAmount: fromCents(i.discountCents),
    total: fromCents(i.totalCents),
    totalAmount: fromCents(i.totalCents),
    amountPaid: fromCents(i.paidCents),
    amountWithheld: fromCents(i.withheldCents),
    amountCredited: fromCents(i.creditedCents),
    amountDebited: fromCents(i.debitedCents),
    balance: fromCents(i.status === 'cancelled' ? 0 : balanceCents(i)),
    currency: i.currency,
    paymentMethod: i.paymentMethod,
    paymentTerms: i.paymentTerms,
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
  };
}

/**
 * What is still owed, in centavos (≥ 0): total + debit notes − payments − withholdings − the part
 * of the credit notes applied to the balance (decision 138). Every "settled" check reads it.
 */
export function balanceCents(i: {
  totalCents: number;
  debitedCents: number;
  paidCents: number;
  withheldCents: number;
  creditedCents: number;
}): number {
  return Math.max(0, i.totalCents + i.debitedCents - i.paidCents - i.withheldCents - i.creditedCents);
}

/** The invoices table as the billing lists read it. */
const INVOICE_TABLE: DocumentTable = {
  table: invoices,
  id: invoices.id,
  clientId: invoices.clientId,
  projectId: invoices.projectId,
  issueDate: invoices.issueDate,
  createdAt: invoices.createdAt,
};

/**
 * SQL for an effective status (overdue computed against `today`; `issued` = stored `sent` never
 * e-mailed, `sent` = e-mailed, decision 163).
 */
function statusCondition(status: string, today: string): SQL {
  const unpaid = inArray(invoices.status, ['sent', 'pending']);
  if (status === 'overdue') return and(unpaid, sql`${invoices.dueDate} < ${today}`)!;
  if (status === 'issued')
    return and(eq(invoices.status, 'sent'), isNull(invoices.sentAt), sql`${invoices.dueDate} >= ${today}`)!;
  if (status === 'sent')
    return and(
      eq(invoices.status, 'sent'),
      isNotNull(invoices.sentAt),
      sql`${invoices.dueDate} >= ${today}`,
    )!;
  if (status === 'pending') return and(eq(invoices.status, status), sql`${invoices.dueDate} >= ${today}`)!;
  return eq(invoices.status, status as 'draft');
}

/**
 * `GET /invoices` (and `/clients/{id}/invoices`): page/limit, effective status (incl. overdue),
 * search by number, NCF, client (name, company) or project. Scoped for clients.
 */
export async function listInvoices({
  db,
  actor,
  query,
}: ReadCall & { query: z.output<typeof ListInvoicesQuerySchema> }): Promise<ListInvoicesResponse> {
  const today = businessToday();
  const where = documentListWhere({
    scope: and(visibleInvoices(actor), query.ecfStatus ? eq(invoices.ecfStatus, query.ecfStatus) : undefined),
    clientId: invoices.clientId,
    query,
    status: (status) => statusCondition(status, today),
    search: (term) =>
      or(
        ilike(invoices.invoiceNumber, term),
        ilike(invoices.ncf, term),
        // Names as id lists, so each branch reads an index of `invoices` (decision 104).
        sql`${invoices.clientId} = any(array(select ${clients.id} from ${clients} where ${clients.companyName} ilike ${term} or (${clients.firstName} || ' ' || ${clients.lastName}) ilike ${term}))`,
        sql`${invoices.projectId} = any(array(select ${projects.id} from ${projects} where ${projects.title} ilike ${term}))`,
      ),
  });
  const unfiltered =
    !query.ecfStatus && !query.clientId && (!query.status || query.status === 'all') && !query.search;
  const caller = actorPlaceholders(actor);
  const { rows, pagination } = await pageOfDocuments<SummaryRow>(db, {
    doc: INVOICE_TABLE,
    fields: summaryColumns,
    where,
    page: query.page,
    limit: query.limit,
    // The unfiltered list (the common case) is a prepared statement per caller shape (decision 154).
    prepared: unfiltered
      ? {
          name: `invoices_${caller.shape}`,
          where: () => visibleInvoices(caller.stand),
          values: caller.values,
        }
      : undefined,
  });
  return { invoices: rows.map((r) => toSummary(r, today)), pagination };
}

/** Loads a full invoice within the actor's scope; 404 'Factura no encontrada' otherwise. */
export async function getInvoice({ db, actor, id }: ReadCall & { id: string }): Promise<Invoice> {
  const row = await oneDocument<SummaryRow>(db, {
    doc: INVOICE_TABLE,
    fields: summaryColumns,
    id,
    scope: visibleInvoices(actor),
  });
  if (!row) throw notFound('Factura no encontrada');
  const summary = toSummary(row, businessToday());
  const items = await db
    .select()
    .from(invoiceItems)
    .where(eq(invoiceItems.invoiceId, id))
    .orderBy(asc(invoiceItems.position));
  const payments = await db
    .select({
      p: invoicePayments,
      by: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(invoicePayments)
    .leftJoin(users, eq(users.id, invoicePayments.recordedBy))
    .where(eq(invoicePayments.invoiceId, id))
    .orderBy(asc(invoicePayments.createdAt));
  // Direct e-CF emission (issue 26): the DGII's trackId and messages of its latest e-CF.
  const [ecf] = row.invoice.ecfStatus
    ? await db
        .select({ trackId: ecfDocuments.trackId, messages: ecfDocuments.messages })
        .from(ecfDocuments)
        .where(eq(ecfDocuments.invoiceId, id))
        .orderBy(desc(ecfDocuments.createdAt))
        .limit(1)
    : [];
  const events = await db
    .select({
      e: invoiceEvents,
      by: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(invoiceEvents)
    .leftJoin(users, eq(users.id, invoiceEvents.actorId))
    .where(eq(invoiceEvents.invoiceId, id))
    // Oldest first; 'created' then 'issued' lead when events share a timestamp (one transaction).
    .orderBy(
      asc(invoiceEvents.createdAt),
      sql`case ${invoiceEvents.event} when 'created' then 0 when 'issued' then 1 else 2 end`,
    );
  return {
    ...summary,
    notes: row.invoice.notes,
    sentAt: row.invoice.sentAt?.toISOString() ?? null,
    fiscalSnapshot: row.invoice.fiscalSnapshot ?? null,
    exchangeRate: row.invoice.exchangeRate ?? null,
    exchangeRateDate: row.invoice.exchangeRateDate ?? null,
    trackId: ecf?.trackId ?? null,
    dgiiMessages: ecf?.messages ?? [],
    items: items.map(lineDto),
    payments: payments.map(({ p, by }) => ({
      _id: p.id,
      amount: fromCents(p.amountCents),
      itbisWithheld: fromCents(p.itbisWithheldCents),
      isrWithheld: fromCents(p.isrWithheldCents),
      retentionDate: p.retentionDate,
      paidDate: p.paidDate,
      paymentMethod: p.paymentMethod,
      reference: p.reference,
      recordedBy: by,
      createdAt: p.createdAt.toISOString(),
      receiptNumber: p.receiptNumber,
      balanceAfter: p.balanceAfterCents === null ? null : fromCents(p.balanceAfterCents),
    })),
    creditNotes: await listCreditNotes({ db, invoiceId: id }),
    debitNotes: await listDebitNotes({ db, invoiceId: id }),
    history: events.map(({ e, by }) => ({
      event: e.event,
      by,
      at: e.createdAt.toISOString(),
      note: e.note,
    })),
  };
}

/**
 * Records that a client user opened its invoice (once per user and invoice; the policy's
 * `recordView`): call with an invoice the actor could read.
 */
export async function markViewed({
  db,
  actor,
  invoice,
}: ReadCall & { invoice: Pick<Invoice, '_id' | 'client'> }): Promise<void> {
  const owns = actor.clientId !== null && actor.clientId === invoice.client._id;
  if (!invoicePolicy.can(actor.role, 'recordView', owns)) return;
  const id = invoice._id;
  const [seen] = await db
    .select({ id: invoiceEvents.id })
    .from(invoiceEvents)
    .where(
      and(
        eq(invoiceEvents.invoiceId, id),
        eq(invoiceEvents.event, 'viewed'),
        eq(invoiceEvents.actorId, actor.id),
      ),
    )
    .limit(1);
  if (!seen) await db.insert(invoiceEvents).values({ invoiceId: id, event: 'viewed', actorId: actor.id });
}

/** Loads an invoice row `FOR UPDATE` inside a transaction; 404 'Factura no encontrada'. */
export async function lockInvoice(tx: Tx, id: string) {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update').limit(1);
  if (!row) throw notFound('Factura no encontrada');
  return row;
}

/** A stored invoice row. */
export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * `GET /invoices/stats` within the actor's scope, in the company currency (invoices in other
 * currencies are not converted and not counted in the money figures).
 */
export async function invoiceStats({ db, actor }: ReadCall): Promise<InvoiceStats> {
  const settings = await getCompanySettings(db);
  const today = businessToday();
  const scope = visibleInvoices(actor);
  const cur = eq(invoices.currency, settings.currency);
  const [row] = await db
    .select({
      totalRevenue:
        sql<number>`coalesce(sum(${invoices.paidCents}) filter (where ${cur} and ${invoices.status} <> 'cancelled'), 0)::bigint`.mapWith(
          Number,
        ),
      pendingRevenue:
        sql<number>`coalesce(sum(${invoices.totalCents} + ${invoices.debitedCents} - ${invoices.paidCents} - ${invoices.withheldCents} - ${invoices.creditedCents}) filter (where ${cur} and ${invoices.status} in ('sent', 'pending')), 0)::bigint`.mapWith(
          Number,
        ),
      paidInvoices: sql<number>`count(*) filter (where ${invoices.status} = 'paid')::int`.mapWith(Number),
      unpaidInvoices:
        sql<number>`count(*) filter (where ${invoices.status} in ('sent', 'pending'))::int`.mapWith(Number),
      totalInvoices: sql<number>`count(*)::int`.mapWith(Number),
      overdueInvoices:
        sql<number>`count(*) filter (where ${invoices.status} in ('sent', 'pending') and ${invoices.dueDate} < ${today})::int`.mapWith(
          Number,
        ),
      partiallyPaid: sql<number>`count(*) filter (where ${invoices.status} = 'pending')::int`.mapWith(Number),
      average:
        sql<number>`coalesce(round(avg(${invoices.totalCents}) filter (where ${cur} and ${invoices.status} not in ('draft', 'cancelled'))), 0)::bigint`.mapWith(
          Number,
        ),
    })
    .from(invoices)
    .where(scope);
  return {
    totalRevenue: fromCents(row?.totalRevenue ?? 0),
    pendingRevenue: fromCents(row?.pendingRevenue ?? 0),
    paidInvoices: row?.paidInvoices ?? 0,
    unpaidInvoices: row?.unpaidInvoices ?? 0,
    totalInvoices: row?.totalInvoices ?? 0,
    overdueInvoices: row?.overdueInvoices ?? 0,
    partiallyPaidInvoices: row?.partiallyPaid ?? 0,
    averageInvoiceValue: fromCents(row?.average ?? 0),
    currency: settings.currency,
  };
}
