import {
  businessToday,
  effectiveQuoteStatus,
  fromCents,
  type ListQuotesQuerySchema,
  type ListQuotesResponse,
  type Quote,
  type QuoteStatus,
  type QuoteSummary,
} from '@agencia/shared';
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { clients, invoices, projects, quoteItems, quotes } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import type { ReadCall } from '../../lib/service-args.js';
import { lineDto } from '../billing-documents/billing-documents.js';
import {
  type DocumentTable,
  documentListWhere,
  oneDocument,
  pageOfDocuments,
} from '../billing-documents/billing-lists.js';
import { visibleQuotes } from './quotes.policy.js';

/** A stored quote row. */
export type QuoteRow = typeof quotes.$inferSelect;
type Row = QuoteRow;

/** 404 message of a quote the actor may not see. */
export const NOT_FOUND = 'Cotización no encontrada';

const columns = {
  quote: quotes,
  client: {
    id: clients.id,
    firstName: clients.firstName,
    lastName: clients.lastName,
    email: clients.email,
    companyName: clients.companyName,
    companyRnc: clients.companyRnc,
  },
  projectId: projects.id,
  projectTitle: projects.title,
};

interface JoinedRow {
  quote: Row;
  client: {
    id: string;
    firstName: string;
    lastName: string;
    email: string;
    companyName: string | null;
    companyRnc: string | null;
  };
  projectId: string | null;
  projectTitle: string | null;
}

/** The quotes table as the billing lists read it. */
const QUOTE_TABLE: DocumentTable = {
  table: quotes,
  id: quotes.id,
  clientId: quotes.clientId,
  projectId: quotes.projectId,
  issueDate: quotes.issueDate,
  createdAt: quotes.createdAt,
};

function toSummary(r: JoinedRow, today: string): QuoteSummary {
  const q = r.quote;
  return {
    _id: q.id,
    quoteNumber: q.quoteNumber,
    issueDate: q.issueDate,
    validUntil: q.validUntil,
    status: effectiveQuoteStatus(q.status, q.validUntil, today),
    client: {
      _id: r.client.id,
      name: r.client.companyName ?? `${r.client.firstName} ${r.client.lastName}`.trim(),
      email: r.client.email,
      taxId: r.client.companyRnc,
    },
    project: r.projectId ? { _id: r.projectId, title: r.projectTitle ?? '' } : null,
    subtotal: fromCents(q.subtotalCents),
    exemptSubtotal: fromCents(q.exemptCents),
    taxableBase: fromCents(q.taxableBaseCents),
    taxRate: q.taxRate,
    taxAmount: fromCents(q.taxCents),
    discountAmount: fromCents(q.discountCents),
    total: fromCents(q.totalCents),
    currency: q.currency,
    advancePercent: q.advancePercent,
    createProject: q.createProject,
    sentAt: q.sentAt?.toISOString() ?? null,
    acceptedAt: q.acceptedAt?.toISOString() ?? null,
    rejectedAt: q.rejectedAt?.toISOString() ?? null,
    createdAt: q.createdAt.toISOString(),
    updatedAt: q.updatedAt.toISOString(),
  };
}

/** SQL for an effective status: `expired` includes sent quotes past their validity. */
function statusCondition(status: QuoteStatus, today: string): SQL {
  if (status === 'expired')
    return or(
      eq(quotes.status, 'expired'),
      and(eq(quotes.status, 'sent'), sql`${quotes.validUntil} < ${today}`),
    )!;
  if (status === 'sent') return and(eq(quotes.status, 'sent'), sql`${quotes.validUntil} >= ${today}`)!;
  return eq(quotes.status, status);
}

/**
 * `GET /quotes`: page/limit, effective status, search by number, client (name, company) or
 * project; newest first (issue date, creation, id). Clients see their own sent+ quotes only.
 */
export async function listQuotes({
  db,
  actor,
  query,
}: ReadCall & { query: z.output<typeof ListQuotesQuerySchema> }): Promise<ListQuotesResponse> {
  const today = businessToday();
  const where = documentListWhere({
    scope: visibleQuotes(actor),
    clientId: quotes.clientId,
    query,
    status: (status) => statusCondition(status, today),
    search: (term) =>
      or(
        ilike(quotes.quoteNumber, term),
        ilike(clients.companyName, term),
        sql`(${clients.firstName} || ' ' || ${clients.lastName}) ilike ${term}`,
        ilike(projects.title, term),
      ),
  });
  const { rows, pagination } = await pageOfDocuments<JoinedRow>(db, {
    doc: QUOTE_TABLE,
    fields: columns,
    where,
    page: query.page,
    limit: query.limit,
  });
  return { quotes: rows.map((r) => toSummary(r, today)), pagination };
}

async function linkedInvoice(db: Db | Tx, id: string | null) {
  if (!id) return null;
  const [row] = await db
    .select({ _id: invoices.id, invoiceNumber: invoices.invoiceNumber, status: invoices.status })
    .from(invoices)
    .where(eq(invoices.id, id))
    .limit(1);
  return row ?? null;
}

/** The lines of a quote, in order. */
export async function loadItems(db: Db | Tx, quoteId: string) {
  return db
    .select()
    .from(quoteItems)
    .where(eq(quoteItems.quoteId, quoteId))
    .orderBy(asc(quoteItems.position));
}

/** Loads a full quote within the actor's scope; 404 'Cotización no encontrada' otherwise. */
export async function getQuote({ db, actor, id }: ReadCall & { id: string }): Promise<Quote> {
  const row = await oneDocument<JoinedRow>(db, {
    doc: QUOTE_TABLE,
    fields: columns,
    id,
    scope: visibleQuotes(actor),
  });
  if (!row) throw notFound(NOT_FOUND);
  const q = row.quote;
  const items = await loadItems(db, id);
  const [project] = q.createdProjectId
    ? await db
        .select({ _id: projects.id, title: projects.title })
        .from(projects)
        .where(eq(projects.id, q.createdProjectId))
        .limit(1)
    : [];
  return {
    ...toSummary(row, businessToday()),
    items: items.map(lineDto),
    notes: q.notes,
    signedName: q.signedName,
    acceptedIp: q.acceptedIp,
    rejectionReason: q.rejectionReason,
    expiredAt: q.expiredAt?.toISOString() ?? null,
    invoice: await linkedInvoice(db, q.invoiceId),
    balanceInvoice: await linkedInvoice(db, q.balanceInvoiceId),
    createdProject: project ?? null,
    quoteRequestId: q.quoteRequestId,
  };
}

/** Loads a quote row `FOR UPDATE` inside a transaction; 404 when missing. */
export async function lockQuote(tx: Tx, id: string): Promise<Row> {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update').limit(1);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}
