import {
  businessToday,
  type CreateInvoiceRequestSchema,
  type CreditNote,
  computeInvoiceTotals,
  DISCOUNT_ABOVE_SUBTOTAL,
  defaultDocumentType,
  effectiveInvoiceStatus,
  type FiscalDocumentType,
  fiscalDocumentTypeLabel,
  formatInvoiceNumber,
  formatMoney,
  fromCents,
  type Invoice,
  type InvoiceStats,
  type InvoiceSummary,
  isValidBuyerId,
  type ListInvoicesQuerySchema,
  type ListInvoicesResponse,
  PAYMENT_METHOD_LABELS,
  type PayInvoiceRequestSchema,
  requiresBuyerId,
  type TaxpayerType,
  toCents,
  type UpdateInvoiceRequestSchema,
  withholdingForPreset,
} from '@agencia/shared';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import {
  clients,
  invoiceCounters,
  invoiceEvents,
  invoiceItems,
  invoicePayments,
  invoices,
  projects,
  projectTimeEntries,
  users,
} from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { type EmailBody, line, renderEmail, strong } from '../../lib/email-template.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { queueEmail } from '../../lib/mailer.js';
import { createNotifications } from '../../lib/notify.js';
import { saveFile } from '../../lib/storage.js';
import type { Actor } from '../../plugins/auth.js';
import { takeNcf } from '../fiscal/fiscal.service.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { listCreditNotes } from './credit-notes.read.js';
import { renderCreditNotePdf, renderInvoicePdf } from './invoices.pdf.js';

type Created = Awaited<ReturnType<typeof createNotifications>>;
/** A service result plus the notifications to push after commit. */
export interface WithNotifications<T> {
  value: T;
  notifications: Created;
}

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
  const eff = effectiveInvoiceStatus(i.status, i.dueDate, today);
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
    balance: fromCents(i.status === 'cancelled' ? 0 : balanceCents(i)),
    currency: i.currency,
    paymentMethod: i.paymentMethod,
    paymentTerms: i.paymentTerms,
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
  };
}

/** What is still owed: total − payments − withholdings − credit notes (centavos, ≥ 0). */
export function balanceCents(i: {
  totalCents: number;
  paidCents: number;
  withheldCents: number;
  creditedCents: number;
}): number {
  return Math.max(0, i.totalCents - i.paidCents - i.withheldCents - i.creditedCents);
}

function baseQuery(db: Db | Tx) {
  return db
    .select(summaryColumns)
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .leftJoin(projects, eq(projects.id, invoices.projectId));
}

/** Row-level scope: clients only see their own client's invoices, and never drafts. */
function scopeOf(actor: Actor): SQL | undefined {
  if (actor.role !== 'client') return undefined;
  if (!actor.clientId) return sql`false`;
  return and(eq(invoices.clientId, actor.clientId), sql`${invoices.status} <> 'draft'`);
}

/** SQL for an effective status (overdue computed against `today`). */
function statusCondition(status: string, today: string): SQL {
  const unpaid = inArray(invoices.status, ['sent', 'pending']);
  if (status === 'overdue') return and(unpaid, sql`${invoices.dueDate} < ${today}`)!;
  if (status === 'sent' || status === 'pending')
    return and(eq(invoices.status, status), sql`${invoices.dueDate} >= ${today}`)!;
  return eq(invoices.status, status as 'draft');
}

/**
 * `GET /invoices` (and `/clients/{id}/invoices`): page/limit, effective status (incl. overdue),
 * search by number, NCF, client (name, company) or project. Scoped for clients.
 */
export async function listInvoices(
  db: Db,
  actor: Actor,
  query: z.output<typeof ListInvoicesQuerySchema>,
): Promise<ListInvoicesResponse> {
  const today = businessToday();
  const where: (SQL | undefined)[] = [scopeOf(actor)];
  if (query.clientId) where.push(eq(invoices.clientId, query.clientId));
  if (query.status && query.status !== 'all') where.push(statusCondition(query.status, today));
  if (query.search) {
    const term = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(invoices.invoiceNumber, term),
        ilike(invoices.ncf, term),
        // Names as id lists, so each branch reads an index of `invoices` (decision 104).
        sql`${invoices.clientId} = any(array(select ${clients.id} from ${clients} where ${clients.companyName} ilike ${term} or (${clients.firstName} || ' ' || ${clients.lastName}) ilike ${term}))`,
        sql`${invoices.projectId} = any(array(select ${projects.id} from ${projects} where ${projects.title} ilike ${term}))`,
      ),
    );
  }
  const cond = and(...where);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .leftJoin(projects, eq(projects.id, invoices.projectId))
    .where(cond);
  const rows = await baseQuery(db)
    .where(cond)
    // Ties on issue date and creation time break on id, so no row shows on two pages (decision 088).
    .orderBy(desc(invoices.issueDate), desc(invoices.createdAt), desc(invoices.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    invoices: rows.map((r) => toSummary(r as SummaryRow, today)),
    pagination: { page: query.page, limit: query.limit, total: count?.n ?? 0 },
  };
}

/** Loads a full invoice within the actor's scope; 404 'Factura no encontrada' otherwise. */
export async function getInvoice(db: Db | Tx, actor: Actor, id: string): Promise<Invoice> {
  const [row] = await baseQuery(db)
    .where(and(eq(invoices.id, id), scopeOf(actor)))
    .limit(1);
  if (!row) throw notFound('Factura no encontrada');
  const summary = toSummary(row as SummaryRow, businessToday());
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
    items: items.map((it) => ({
      _id: it.id,
      description: it.description,
      details: it.details,
      quantity: Number(it.quantity),
      unitPrice: fromCents(it.unitPriceCents),
      total: fromCents(it.totalCents),
      taxExempt: it.taxExempt,
    })),
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
    })),
    creditNotes: await listCreditNotes(db, id),
    history: events.map(({ e, by }) => ({
      event: e.event,
      by,
      at: e.createdAt.toISOString(),
      note: e.note,
    })),
  };
}

/** Records that a client user opened an invoice (once per user and invoice). */
export async function markViewed(db: Db, actor: Actor, id: string): Promise<void> {
  if (actor.role !== 'client') return;
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

/**
 * Takes the next number of a series/year inside the caller's transaction. The upsert locks
 * the counter row until commit: concurrent creates wait, and a rollback returns the number,
 * so numbers are unique and gap-free (decision 054).
 */
export async function nextInvoiceNumber(tx: Tx, series: string, year: number) {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ series, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.series, invoiceCounters.year],
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  const sequence = row!.lastNumber;
  return { sequence, invoiceNumber: formatInvoiceNumber(series, year, sequence) };
}

type CreateInput = z.output<typeof CreateInvoiceRequestSchema>;
type UpdateInput = z.output<typeof UpdateInvoiceRequestSchema>;

/** Checks the client (exists, not archived) and the project (belongs to it); answers the client's fiscal profile. */
export async function assertClientAndProject(
  tx: Tx,
  clientId: string,
  projectId: string | null | undefined,
): Promise<{ taxpayerType: TaxpayerType }> {
  const [client] = await tx
    .select({ id: clients.id, archivedAt: clients.archivedAt, taxpayerType: clients.taxpayerType })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  if (!client)
    throw badRequest('El cliente no existe', [{ field: 'clientId', message: 'El cliente no existe' }]);
  if (client.archivedAt)
    throw badRequest('El cliente está archivado', [
      { field: 'clientId', message: 'El cliente está archivado' },
    ]);
  if (projectId) {
    const [project] = await tx
      .select({ clientId: projects.clientId })
      .from(projects)
      .where(and(eq(projects.id, projectId), sql`${projects.deletedAt} is null`))
      .limit(1);
    if (project?.clientId !== clientId) {
      const message = 'El proyecto no pertenece al cliente seleccionado';
      throw badRequest(message, [{ field: 'projectId', message }]);
    }
  }
  return { taxpayerType: client.taxpayerType };
}

function totalsOrThrow(
  items: { quantity: number; unitPrice: number; taxExempt?: boolean }[],
  taxRate: number,
  discount: number,
) {
  const t = computeInvoiceTotals(items, taxRate, discount);
  if (t.discountCents > t.subtotalCents)
    throw badRequest(DISCOUNT_ABOVE_SUBTOTAL, [
      { field: 'discountAmount', message: DISCOUNT_ABOVE_SUBTOTAL },
    ]);
  return t;
}

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function termsOf(issueDate: string, dueDate: string): number {
  return Math.max(0, Math.round((Date.parse(dueDate) - Date.parse(issueDate)) / 86_400_000));
}

async function insertItems(tx: Tx, invoiceId: string, items: CreateInput['items'], lineTotals: number[]) {
  await tx.insert(invoiceItems).values(
    items.map((it, position) => ({
      invoiceId,
      position,
      description: it.description,
      details: it.details,
      quantity: it.quantity,
      unitPriceCents: toCents(it.unitPrice),
      totalCents: lineTotals[position]!,
      taxExempt: it.taxExempt ?? false,
    })),
  );
}

/**
 * `POST /invoices` (admin). Server-computed totals; tax rate and currency default to the
 * company settings; number from the locked counter. `asDraft: false` sends it at once.
 */
export async function createInvoice(
  db: Db,
  actor: Actor,
  ctx: AuditContext,
  input: CreateInput,
): Promise<WithNotifications<Invoice>> {
  const id = await db.transaction(async (tx) => {
    const client = await assertClientAndProject(tx, input.clientId, input.projectId);
    const settings = await getCompanySettings(tx);
    const documentType = input.documentType ?? defaultDocumentType(client.taxpayerType, settings.fiscalMode);
    const taxRate = input.taxRate ?? settings.taxRate;
    const totals = totalsOrThrow(input.items, taxRate, input.discountAmount);
    const year = Number(input.issueDate.slice(0, 4));
    const { sequence, invoiceNumber } = await nextInvoiceNumber(tx, input.series, year);
    const [row] = await tx
      .insert(invoices)
      .values({
        invoiceNumber,
        series: input.series,
        year,
        sequence,
        clientId: input.clientId,
        projectId: input.projectId ?? null,
        issueDate: input.issueDate,
        dueDate: input.dueDate,
        status: 'draft',
        documentType,
        currency: input.currency ?? settings.currency,
        subtotalCents: totals.subtotalCents,
        exemptCents: totals.exemptCents,
        taxableBaseCents: totals.taxableBaseCents,
        taxRate,
        taxCents: totals.taxCents,
        discountCents: totals.discountCents,
        totalCents: totals.totalCents,
        paymentMethod: input.paymentMethod ?? null,
        paymentTerms: input.paymentTerms ?? termsOf(input.issueDate, input.dueDate),
        notes: input.notes,
        createdBy: actor.id,
      })
      .returning({ id: invoices.id });
    await insertItems(tx, row!.id, input.items, totals.lineTotalsCents);
    await tx.insert(invoiceEvents).values({ invoiceId: row!.id, event: 'created', actorId: actor.id });
    await audit(tx, ctx, 'invoice.created', { type: 'invoice', id: row!.id }, { invoiceNumber });
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'invoice.created',
      entityType: 'invoice',
      entityId: row!.id,
      clientId: input.clientId,
      projectId: input.projectId ?? null,
      title: `Factura ${invoiceNumber} creada`,
      isInternal: true,
    });
    return row!.id;
  });
  if (!input.asDraft) return sendInvoice(db, actor, ctx, id);
  return { value: await getInvoice(db, actor, id), notifications: [] };
}

/** Loads an invoice row `FOR UPDATE` inside a transaction; 404 'Factura no encontrada'. */
export async function lockInvoice(tx: Tx, id: string) {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update').limit(1);
  if (!row) throw notFound('Factura no encontrada');
  return row;
}

/** `PUT /invoices/{id}` (admin): drafts only (409 otherwise); totals recomputed. */
export async function updateInvoice(
  db: Db,
  actor: Actor,
  ctx: AuditContext,
  id: string,
  input: UpdateInput,
): Promise<Invoice> {
  await db.transaction(async (tx) => {
    const current = await lockInvoice(tx, id);
    if (current.status !== 'draft')
      throw conflict(
        'Solo se pueden editar facturas en borrador. Para corregir una factura emitida sin pagos, cancélala y duplícala como borrador.',
      );
    const clientId = input.clientId ?? current.clientId;
    const projectId = input.projectId === undefined ? current.projectId : input.projectId;
    const client = await assertClientAndProject(tx, clientId, projectId);
    const documentType =
      input.documentType ??
      (input.clientId && input.clientId !== current.clientId
        ? defaultDocumentType(client.taxpayerType, (await getCompanySettings(tx)).fiscalMode)
        : current.documentType);
    const issueDate = input.issueDate ?? current.issueDate;
    const dueDate = input.dueDate ?? current.dueDate;
    if (dueDate < issueDate) {
      const message = 'La fecha de vencimiento no puede ser anterior a la de emisión';
      throw badRequest(message, [{ field: 'dueDate', message }]);
    }
    const items =
      input.items ??
      (
        await tx
          .select()
          .from(invoiceItems)
          .where(eq(invoiceItems.invoiceId, id))
          .orderBy(asc(invoiceItems.position))
      ).map((it) => ({
        description: it.description,
        details: it.details,
        quantity: Number(it.quantity),
        unitPrice: fromCents(it.unitPriceCents),
        taxExempt: it.taxExempt,
      }));
    const taxRate = input.taxRate ?? current.taxRate;
    const discount = input.discountAmount ?? fromCents(current.discountCents);
    const totals = totalsOrThrow(items, taxRate, discount);
    await tx
      .update(invoices)
      .set({
        clientId,
        projectId: projectId ?? null,
        issueDate,
        dueDate,
        taxRate,
        documentType,
        subtotalCents: totals.subtotalCents,
        exemptCents: totals.exemptCents,
        taxableBaseCents: totals.taxableBaseCents,
        taxCents: totals.taxCents,
        discountCents: totals.discountCents,
        totalCents: totals.totalCents,
        currency: input.currency ?? current.currency,
        paymentMethod: input.paymentMethod === undefined ? current.paymentMethod : input.paymentMethod,
        paymentTerms:
          input.paymentTerms ??
          (input.issueDate || input.dueDate ? termsOf(issueDate, dueDate) : current.paymentTerms),
        notes: input.notes === undefined ? current.notes : input.notes,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, id));
    if (input.items) {
      await tx.delete(invoiceItems).where(eq(invoiceItems.invoiceId, id));
      await insertItems(tx, id, input.items, totals.lineTotalsCents);
    }
    await tx.insert(invoiceEvents).values({ invoiceId: id, event: 'updated', actorId: actor.id });
    await audit(tx, ctx, 'invoice.updated', { type: 'invoice', id }, { fields: Object.keys(input) });
  });
  return getInvoice(db, actor, id);
}

/** Builds the PDF of an invoice (bytes) with the company settings. */
export async function buildInvoicePdf(db: Db | Tx, invoice: Invoice): Promise<Buffer> {
  const settings = await getCompanySettings(db);
  return renderInvoicePdf(invoice, settings, db);
}

/** Builds the PDF of a credit note of `invoice` (bytes) with the company settings. */
export async function buildCreditNotePdf(db: Db | Tx, invoice: Invoice, note: CreditNote): Promise<Buffer> {
  const settings = await getCompanySettings(db);
  return renderCreditNotePdf(invoice, note, settings, db);
}

/** File name of an invoice PDF: `Factura-FAC-2026-0001.pdf`. */
export const pdfFilename = (invoice: Pick<Invoice, 'invoiceNumber'>) =>
  `Factura-${invoice.invoiceNumber}.pdf`;

/** A client-facing document to mail as a PDF (invoice, quote): who gets it and the stored file. */
export interface PdfMail {
  /** Owner of the stored file (`invoice`, `quote`) and its id. */
  ownerType: string;
  ownerId: string;
  filename: string;
  pdf: Buffer;
  /** Recipient e-mail and display name (company, else first + last name). */
  to: string;
  clientName: string;
}

/**
 * The "render PDF, store it, queue the e-mail" step (issue 15) shared by invoices and quotes
 * (decision 114): stores `mail.pdf` as the owner's file and queues one e-mail with it attached,
 * in the caller's transaction (a rollback sends nothing). `compose` writes the subject and body
 * from the client's display name and the company's name.
 */
export async function mailPdfInTx(
  tx: Tx,
  actor: Actor,
  mail: PdfMail,
  compose: (who: { name: string; company: string }) => { subject: string; body: EmailBody },
): Promise<void> {
  const file = await saveFile(tx, {
    ownerType: mail.ownerType,
    ownerId: mail.ownerId,
    filename: mail.filename,
    data: mail.pdf,
    uploadedBy: actor.id,
    allowed: ['application/pdf'],
  });
  const settings = await getCompanySettings(tx);
  const { subject, body } = compose({ name: mail.clientName, company: settings.name });
  await queueEmail(tx, {
    to: mail.to,
    subject,
    ...renderEmail(body),
    attachments: [{ filename: file.filename, contentType: 'application/pdf', fileId: file.id }],
  });
}

/** `sendInvoice` and `remindInvoice`: {@link mailPdfInTx} with the invoice's PDF. */
async function mailInvoiceWithPdf(
  tx: Tx,
  actor: Actor,
  invoice: Invoice,
  compose: (who: { name: string; company: string }) => { subject: string; body: EmailBody },
): Promise<void> {
  await mailPdfInTx(
    tx,
    actor,
    {
      ownerType: 'invoice',
      ownerId: invoice._id,
      filename: pdfFilename(invoice),
      pdf: await buildInvoicePdf(tx, invoice),
      to: invoice.client.email,
      clientName: invoice.client.company ?? `${invoice.client.firstName} ${invoice.client.lastName}`,
    },
    compose,
  );
}

/**
 * `POST /invoices/{id}/send` (admin): emails the invoice with its PDF attached (outbox/SMTP)
 * to the client; a draft becomes sent. Resending a sent/pending one is allowed; paid or
 * cancelled → 409. Notifies the client's users (topic invoicesGenerated).
 */
export async function sendInvoice(
  db: Db,
  actor: Actor,
  ctx: AuditContext,
  id: string,
): Promise<WithNotifications<Invoice>> {
  const notifications = await db.transaction(async (tx) => {
    const current = await lockInvoice(tx, id);
    if (current.status === 'paid' || current.status === 'cancelled')
      throw conflict('Esta factura ya está pagada o cancelada; no se puede enviar.');
    const wasDraft = current.status === 'draft';
    const fiscalAlerts = wasDraft ? await issueInTx(tx, ctx, current) : [];
    const now = new Date();
    await tx
      .update(invoices)
      .set({ status: wasDraft ? 'sent' : current.status, sentAt: now, updatedAt: now })
      .where(eq(invoices.id, id));
    const invoice = await getInvoice(tx, actor, id);
    const total = formatMoney(invoice.total, invoice.currency);
    await mailInvoiceWithPdf(tx, actor, invoice, ({ name, company }) => ({
      subject: `Factura ${invoice.invoiceNumber} de ${company}`,
      body: {
        greeting: `Hola ${name},`,
        paragraphs: [
          line`Adjuntamos la factura ${strong(invoice.invoiceNumber)} por ${strong(total)}, con vencimiento el ${displayDate(invoice.dueDate)}.`,
        ],
        signature: ['Gracias por su preferencia.', company],
      },
    }));
    await tx.insert(invoiceEvents).values({
      invoiceId: id,
      event: 'sent',
      actorId: actor.id,
      note: wasDraft ? `Enviada a ${invoice.client.email}` : `Reenviada a ${invoice.client.email}`,
    });
    await audit(tx, ctx, wasDraft ? 'invoice.sent' : 'invoice.resent', { type: 'invoice', id });
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'invoice.sent',
      entityType: 'invoice',
      entityId: id,
      clientId: invoice.client._id,
      projectId: invoice.project?._id ?? null,
      title: `Factura ${invoice.invoiceNumber} enviada`,
    });
    const clientUsers = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.clientId, invoice.client._id));
    const toClient = await createNotifications(tx, {
      userIds: clientUsers.map((u) => u.id),
      topic: 'invoicesGenerated',
      title: `Nueva factura ${invoice.invoiceNumber}`,
      message: `Se emitió la factura ${invoice.invoiceNumber} por ${total}.`,
      link: `/billing/${id}`,
      email: false,
    });
    return [...fiscalAlerts, ...toClient];
  });
  return { value: await getInvoice(db, actor, id), notifications };
}

type InvoiceRow = typeof invoices.$inferSelect;

/**
 * Issues a draft inside the caller's transaction (issue 12, decision 080): checks the fiscal
 * rules, then takes the NCF of the invoice's document type from its active range and stamps it
 * with the range's expiry. Throws — so the caller's transaction rolls back and no number is
 * consumed — 400 when the total is zero or the type needs the buyer's RNC/cédula and the client
 * has no valid one (nor an override), 409 when the type has no usable range. Answers the
 * range alerts to push after commit. Leaves `status` to the caller.
 */
async function issueInTx(tx: Tx, ctx: AuditContext, current: InvoiceRow): Promise<Created> {
  if (current.totalCents <= 0) {
    const message = 'No se puede emitir una factura con total cero.';
    throw badRequest(message, [{ field: 'total', message }]);
  }
  const [client] = await tx
    .select({
      taxpayerType: clients.taxpayerType,
      companyRnc: clients.companyRnc,
      taxIdOverrideReason: clients.taxIdOverrideReason,
    })
    .from(clients)
    .where(eq(clients.id, current.clientId))
    .limit(1);
  const settings = await getCompanySettings(tx);
  const type = (current.documentType ??
    defaultDocumentType(client!.taxpayerType, settings.fiscalMode)) as FiscalDocumentType;
  assertBuyerId(type, current.totalCents, client!);
  const taken = await takeNcf(tx, type);
  const now = new Date();
  await tx
    .update(invoices)
    .set({
      documentType: type,
      ncf: taken.ncf,
      ncfSequenceId: taken.sequenceId,
      ncfExpiresOn: taken.expiresOn,
      issuedAt: now,
      status: 'sent',
      updatedAt: now,
    })
    .where(eq(invoices.id, current.id));
  await tx.insert(invoiceEvents).values({
    invoiceId: current.id,
    event: 'issued',
    actorId: ctx.actorId,
    note: `${fiscalDocumentTypeLabel(type)} · NCF ${taken.ncf}`,
  });
  await audit(
    tx,
    ctx,
    'invoice.issued',
    { type: 'invoice', id: current.id },
    { ncf: taken.ncf, documentType: type },
  );
  return taken.notifications;
}

/**
 * 400 unless the buyer is identified when `type` (of an invoice or the invoice a credit note
 * modifies) needs it: a valid RNC/cédula, or one staff accepted with an override reason.
 */
export function assertBuyerId(
  type: FiscalDocumentType,
  totalCents: number,
  client: { companyRnc: string | null; taxIdOverrideReason: string | null },
): void {
  if (!requiresBuyerId(type, totalCents)) return;
  if (client.companyRnc && (isValidBuyerId(client.companyRnc) || client.taxIdOverrideReason)) return;
  const message =
    type === 'B02' || type === 'E32'
      ? 'Una factura de consumo de RD$250,000 o más requiere el RNC o la cédula del cliente. Agrégalo en la ficha del cliente.'
      : `El comprobante ${fiscalDocumentTypeLabel(type)} requiere el RNC o la cédula del cliente. Agrégalo en la ficha del cliente.`;
  throw badRequest(message, [{ field: 'clientId', message }]);
}

/**
 * `POST /invoices/{id}/issue` (admin): issues a draft with its NCF without e-mailing it (it
 * becomes visible to the client, status sent). 409 when it is not a draft; the fiscal refusals
 * of {@link issueInTx}. Notifies the client's users.
 */
export async function issueInvoice(
  db: Db,
  actor: Actor,
  ctx: AuditContext,
  id: string,
): Promise<WithNotifications<Invoice>> {
  const notifications = await db.transaction(async (tx) => {
    const current = await lockInvoice(tx, id);
    if (current.status !== 'draft') throw conflict('La factura ya fue emitida.');
    const alerts = await issueInTx(tx, ctx, current);
    const invoice = await getInvoice(tx, actor, id);
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'invoice.issued',
      entityType: 'invoice',
      entityId: id,
      clientId: current.clientId,
      projectId: current.projectId,
      title: `Factura ${invoice.invoiceNumber} emitida (NCF ${invoice.ncf})`,
    });
    const clientUsers = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.clientId, current.clientId));
    const toClient = await createNotifications(tx, {
      userIds: clientUsers.map((u) => u.id),
      topic: 'invoicesGenerated',
      title: `Nueva factura ${invoice.invoiceNumber}`,
      message: `Se emitió la factura ${invoice.invoiceNumber} (NCF ${invoice.ncf}) por ${formatMoney(invoice.total, invoice.currency)}.`,
      link: `/billing/${id}`,
      email: false,
    });
    return [...alerts, ...toClient];
  });
  return { value: await getInvoice(db, actor, id), notifications };
}

/**
 * `PUT /invoices/{id}/ecf` (admin): records the e-CF provider's security code and signature
 * time of an invoice issued with an e-NCF (the PDF then prints the DGII QR). 409 otherwise.
 */
export async function recordEcfSignature(
  db: Db,
  actor: Actor,
  ctx: AuditContext,
  id: string,
  input: { securityCode: string; signedAt: string },
): Promise<Invoice> {
  await db.transaction(async (tx) => {
    const current = await lockInvoice(tx, id);
    if (!current.ncf?.startsWith('E'))
      throw conflict('Solo las facturas emitidas con e-NCF (serie E) llevan código de seguridad.');
    await tx
      .update(invoices)
      .set({
        securityCode: input.securityCode.toUpperCase(),
        signedAt: new Date(input.signedAt),
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, id));
    await tx.insert(invoiceEvents).values({
      invoiceId: id,
      event: 'ecf_signed',
      actorId: actor.id,
      note: `Código de seguridad ${input.securityCode.toUpperCase()}`,
    });
    await audit(tx, ctx, 'invoice.ecf_signed', { type: 'invoice', id }, { securityCode: input.securityCode });
  });
  return getInvoice(db, actor, id);
}

/** Minimum time between two payment reminders of one invoice, in hours. */
export const REMINDER_INTERVAL_HOURS = 24;

/**
 * `POST /invoices/{id}/remind` (admin): emails the client a payment reminder for the balance,
 * with the invoice PDF attached (outbox), records a `reminded` event, audits and notifies the
 * client's users (topic `deadlines`). 409 for drafts (send first), paid or cancelled invoices,
 * and when a reminder went out in the last {@link REMINDER_INTERVAL_HOURS} hours.
 * `automatic` (the scheduled reminders, decision 111) is added to the history note.
 */
export async function remindInvoice(
  db: Db,
  actor: Actor,
  ctx: AuditContext,
  id: string,
  automatic?: string,
): Promise<WithNotifications<Invoice>> {
  const notifications = await db.transaction(async (tx) => {
    const current = await lockInvoice(tx, id);
    if (current.status === 'draft') throw conflict('Envía la factura antes de recordar el pago.');
    if (current.status === 'paid' || current.status === 'cancelled' || balanceCents(current) === 0)
      throw conflict('Esta factura no tiene saldo pendiente.');
    const since = new Date(Date.now() - REMINDER_INTERVAL_HOURS * 3600_000);
    const [recent] = await tx
      .select({ at: invoiceEvents.createdAt })
      .from(invoiceEvents)
      .where(
        and(
          eq(invoiceEvents.invoiceId, id),
          eq(invoiceEvents.event, 'reminded'),
          sql`${invoiceEvents.createdAt} > ${since.toISOString()}`,
        ),
      )
      .orderBy(desc(invoiceEvents.createdAt))
      .limit(1);
    if (recent) throw conflict('Ya se envió un recordatorio de esta factura en las últimas 24 horas.');

    const invoice = await getInvoice(tx, actor, id);
    const balance = formatMoney(invoice.balance, invoice.currency);
    const due = invoice.isOverdue
      ? `venció el ${displayDate(invoice.dueDate)}`
      : `vence el ${displayDate(invoice.dueDate)}`;
    await mailInvoiceWithPdf(tx, actor, invoice, ({ name, company }) => ({
      subject: `Recordatorio de pago: factura ${invoice.invoiceNumber} de ${company}`,
      body: {
        greeting: `Hola ${name},`,
        paragraphs: [
          line`Le recordamos que la factura ${strong(invoice.invoiceNumber)} tiene un saldo pendiente de ${strong(balance)} y ${due}. La adjuntamos de nuevo.`,
          'Si ya realizó el pago, por favor ignore este mensaje.',
        ],
        signature: [company],
      },
    }));
    await tx.insert(invoiceEvents).values({
      invoiceId: id,
      event: 'reminded',
      actorId: actor.id,
      note: `Recordatorio enviado a ${invoice.client.email}${automatic ? ` · ${automatic}` : ''}`,
    });
    await audit(tx, ctx, 'invoice.reminded', { type: 'invoice', id });
    const clientUsers = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.clientId, invoice.client._id));
    return createNotifications(tx, {
      userIds: clientUsers.map((u) => u.id),
      topic: 'deadlines',
      title: `Recordatorio de pago: ${invoice.invoiceNumber}`,
      message: `La factura ${invoice.invoiceNumber} tiene un saldo pendiente de ${balance}.`,
      link: `/billing/${id}`,
      email: false,
    });
  });
  return { value: await getInvoice(db, actor, id), notifications };
}

/**
 * `PUT /invoices/{id}/pay` (admin): records a payment (default: the whole balance, today,
 * the invoice's method or bank transfer). Partial payments leave it `pending`; full payment
 * marks it `paid` with that date. 409 for drafts, paid or cancelled; 400 above the balance.
 */
export async function payInvoice(
  db: Db,
  actor: Actor,
  ctx: AuditContext,
  id: string,
  input: z.output<typeof PayInvoiceRequestSchema>,
): Promise<WithNotifications<Invoice>> {
  const notifications = await db.transaction(async (tx) => {
    const current = await lockInvoice(tx, id);
    if (current.status === 'draft')
      throw conflict('La factura está en borrador: envíala antes de registrar un pago.');
    if (current.status === 'paid') throw conflict('Esta factura ya está pagada.');
    if (current.status === 'cancelled')
      throw conflict('No se pueden registrar pagos en una factura cancelada.');
    const balance = balanceCents(current);
    const [prior] = await tx
      .select({
        itbis: sql<number>`coalesce(sum(${invoicePayments.itbisWithheldCents}), 0)`.mapWith(Number),
        isr: sql<number>`coalesce(sum(${invoicePayments.isrWithheldCents}), 0)`.mapWith(Number),
      })
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, id));
    const withheld = withholdingsOf(current, input, {
      itbisWithheldCents: prior?.itbis ?? 0,
      isrWithheldCents: prior?.isr ?? 0,
    });
    const withheldTotal = withheld.itbisWithheldCents + withheld.isrWithheldCents;
    const amount = input.amount === undefined ? balance - withheldTotal : toCents(input.amount);
    if (amount < 1) {
      const message = 'El monto mínimo es RD$0.01';
      throw badRequest(message, [{ field: 'amount', message }]);
    }
    if (amount + withheldTotal > balance) {
      const message = `El monto supera el saldo pendiente (${formatMoney(fromCents(balance), current.currency)})`;
      throw badRequest(message, [{ field: withheldTotal > 0 ? 'itbisWithheld' : 'amount', message }]);
    }
    const today = businessToday();
    const paidDate = input.paidDate ?? today;
    if (paidDate < current.issueDate) {
      const message = 'La fecha de pago no puede ser anterior a la fecha de emisión';
      throw badRequest(message, [{ field: 'paidDate', message }]);
    }
    if (paidDate > addDays(today, 1)) {
      const message = 'La fecha de pago no puede ser posterior a mañana';
      throw badRequest(message, [{ field: 'paidDate', message }]);
    }
    const method = input.paymentMethod ?? current.paymentMethod ?? 'bank_transfer';
    await tx.insert(invoicePayments).values({
      invoiceId: id,
      amountCents: amount,
      paidDate,
      paymentMethod: method,
      reference: input.reference ?? null,
      itbisWithheldCents: withheld.itbisWithheldCents,
      isrWithheldCents: withheld.isrWithheldCents,
      retentionDate: withheldTotal > 0 ? (input.retentionDate ?? paidDate) : null,
      recordedBy: actor.id,
    });
    const paidCents = current.paidCents + amount;
    const withheldCents = current.withheldCents + withheldTotal;
    const fullyPaid = balanceCents({ ...current, paidCents, withheldCents }) === 0;
    await tx
      .update(invoices)
      .set({
        paidCents,
        withheldCents,
        status: fullyPaid ? 'paid' : 'pending',
        paidDate: fullyPaid ? paidDate : null,
        paymentMethod: current.paymentMethod ?? method,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, id));
    const money = formatMoney(fromCents(amount), current.currency);
    const withheldNote =
      withheldTotal > 0
        ? ` · Retenciones: ITBIS ${formatMoney(fromCents(withheld.itbisWithheldCents), current.currency)}, ISR ${formatMoney(fromCents(withheld.isrWithheldCents), current.currency)}`
        : '';
    await tx.insert(invoiceEvents).values({
      invoiceId: id,
      event: fullyPaid ? 'paid' : 'payment',
      actorId: actor.id,
      note: `${money} · ${PAYMENT_METHOD_LABELS[method]}${input.reference ? ` · Ref. ${input.reference}` : ''}${withheldNote}`,
    });
    await audit(
      tx,
      ctx,
      'invoice.payment_recorded',
      { type: 'invoice', id },
      { amountCents: amount, withheldCents: withheldTotal, fullyPaid },
    );
    await recordActivity(tx, {
      actorId: actor.id,
      type: fullyPaid ? 'invoice.paid' : 'invoice.payment',
      entityType: 'invoice',
      entityId: id,
      clientId: current.clientId,
      projectId: current.projectId,
      title: fullyPaid
        ? `Factura ${current.invoiceNumber} pagada`
        : `Pago de ${money} recibido en la factura ${current.invoiceNumber}`,
    });
    return createNotifications(tx, {
      roles: ['admin'],
      exceptUserId: actor.id,
      topic: 'paymentsReceived',
      title: fullyPaid
        ? `Factura ${current.invoiceNumber} pagada`
        : `Pago recibido: ${current.invoiceNumber}`,
      message: `Se registró un pago de ${money} en la factura ${current.invoiceNumber}.`,
      link: `/billing/${id}`,
    });
  });
  return { value: await getInvoice(db, actor, id), notifications };
}

/**
 * Withholdings of a payment in centavos: explicit amounts win, else the preset computed on the
 * invoice's ITBIS and its amount before ITBIS ({@link withholdingForPreset}). `prior` holds what
 * earlier payments of the invoice already withheld: 400 when the running ITBIS withheld would
 * exceed the invoice's ITBIS or the running ISR the amount before ITBIS (a withholding agent
 * retains each tax once per invoice, Norma DGII 02-2005 / Ley 11-92 art. 309).
 */
function withholdingsOf(
  current: InvoiceRow,
  input: z.output<typeof PayInvoiceRequestSchema>,
  prior: { itbisWithheldCents: number; isrWithheldCents: number },
): { itbisWithheldCents: number; isrWithheldCents: number } {
  const baseCents = current.subtotalCents - current.discountCents;
  const preset = withholdingForPreset(input.withholdingPreset ?? 'none', {
    taxCents: current.taxCents,
    baseCents,
  });
  // A preset never asks for more than what is left to withhold; typed amounts are checked below.
  const itbis =
    input.itbisWithheld === undefined
      ? Math.min(preset.itbisWithheldCents, Math.max(0, current.taxCents - prior.itbisWithheldCents))
      : toCents(input.itbisWithheld);
  const isr =
    input.isrWithheld === undefined
      ? Math.min(preset.isrWithheldCents, Math.max(0, baseCents - prior.isrWithheldCents))
      : toCents(input.isrWithheld);
  if (prior.itbisWithheldCents + itbis > current.taxCents) {
    const message =
      prior.itbisWithheldCents > 0
        ? `El ITBIS retenido no puede superar el ITBIS de la factura (ya se retuvieron ${formatMoney(fromCents(prior.itbisWithheldCents), current.currency)})`
        : 'El ITBIS retenido no puede superar el ITBIS de la factura';
    throw badRequest(message, [{ field: 'itbisWithheld', message }]);
  }
  if (prior.isrWithheldCents + isr > baseCents) {
    const message =
      prior.isrWithheldCents > 0
        ? `El ISR retenido no puede superar el monto antes de impuestos (ya se retuvieron ${formatMoney(fromCents(prior.isrWithheldCents), current.currency)})`
        : 'El ISR retenido no puede superar el monto antes de impuestos';
    throw badRequest(message, [{ field: 'isrWithheld', message }]);
  }
  return { itbisWithheldCents: itbis, isrWithheldCents: isr };
}

/**
 * Releases the time entries billed on invoice `id` ("Facturar horas", decision 115): they
 * become billable again. Runs inside the cancel and delete transactions. Answers how many.
 */
async function releaseBilledTime(tx: Tx, id: string): Promise<number> {
  const rows = await tx
    .update(projectTimeEntries)
    .set({ invoiceId: null })
    .where(eq(projectTimeEntries.invoiceId, id))
    .returning({ id: projectTimeEntries.id });
  return rows.length;
}

/** `POST /invoices/{id}/cancel` (admin): voids an unpaid invoice without payments; 409 otherwise. */
export async function cancelInvoice(
  db: Db,
  actor: Actor,
  ctx: AuditContext,
  id: string,
  reason?: string,
): Promise<Invoice> {
  await db.transaction(async (tx) => {
    const current = await lockInvoice(tx, id);
    if (current.status === 'cancelled') throw conflict('La factura ya está cancelada.');
    if (current.ncf)
      throw conflict(
        `La factura tiene el comprobante fiscal ${current.ncf} y no se puede cancelar: emite una nota de crédito.`,
      );
    if (current.status === 'paid' || current.paidCents > 0)
      throw conflict('No se puede cancelar una factura con pagos registrados.');
    await tx
      .update(invoices)
      .set({ status: 'cancelled', cancelledAt: new Date(), updatedAt: new Date() })
      .where(eq(invoices.id, id));
    await releaseBilledTime(tx, id);
    await tx
      .insert(invoiceEvents)
      .values({ invoiceId: id, event: 'cancelled', actorId: actor.id, note: reason ?? null });
    await audit(tx, ctx, 'invoice.cancelled', { type: 'invoice', id }, { reason: reason ?? null });
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'invoice.cancelled',
      entityType: 'invoice',
      entityId: id,
      clientId: current.clientId,
      title: `Factura ${current.invoiceNumber} cancelada`,
      isInternal: current.status === 'draft',
    });
  });
  return getInvoice(db, actor, id);
}

/** `POST /invoices/{id}/duplicate` (admin): a new draft with the same lines, issued today. */
export async function duplicateInvoice(
  db: Db,
  actor: Actor,
  ctx: AuditContext,
  id: string,
): Promise<Invoice> {
  const source = await getInvoice(db, actor, id);
  const issueDate = businessToday();
  const created = await createInvoice(db, actor, ctx, {
    clientId: source.client._id,
    projectId: source.project?._id ?? null,
    issueDate,
    dueDate: addDays(issueDate, source.paymentTerms),
    items: source.items.map((it) => ({
      description: it.description,
      details: it.details,
      quantity: it.quantity,
      unitPrice: it.unitPrice,
      taxExempt: it.taxExempt,
    })),
    documentType:
      source.documentType && source.documentType !== 'B04' && source.documentType !== 'E34'
        ? source.documentType
        : null,
    taxRate: source.taxRate,
    discountAmount: source.discountAmount,
    currency: source.currency,
    paymentMethod: source.paymentMethod,
    paymentTerms: source.paymentTerms,
    notes: source.notes,
    series: source.series,
    asDraft: true,
  });
  return created.value;
}

/**
 * `DELETE /invoices/{id}` (admin, drafts only; 409 otherwise). To keep numbering gap-free the
 * row is removed only when it holds the last number of its series (the counter steps back);
 * an older draft is voided (cancelled) instead, keeping its number (decision 054).
 */
export async function deleteInvoice(
  db: Db,
  actor: Actor,
  ctx: AuditContext,
  id: string,
): Promise<{ deleted: boolean; message: string }> {
  return db.transaction(async (tx) => {
    const current = await lockInvoice(tx, id);
    if (current.status !== 'draft' || current.ncf)
      throw conflict('Solo se pueden eliminar facturas en borrador.');
    const [counter] = await tx
      .select()
      .from(invoiceCounters)
      .where(and(eq(invoiceCounters.series, current.series), eq(invoiceCounters.year, current.year)))
      .for('update')
      .limit(1);
    await releaseBilledTime(tx, id);
    if (counter?.lastNumber === current.sequence) {
      await tx.delete(invoices).where(eq(invoices.id, id));
      await tx
        .update(invoiceCounters)
        .set({ lastNumber: counter.lastNumber - 1 })
        .where(and(eq(invoiceCounters.series, current.series), eq(invoiceCounters.year, current.year)));
      await audit(
        tx,
        ctx,
        'invoice.deleted',
        { type: 'invoice', id },
        { invoiceNumber: current.invoiceNumber },
      );
      return { deleted: true, message: 'Factura eliminada' };
    }
    await tx
      .update(invoices)
      .set({ status: 'cancelled', cancelledAt: new Date(), updatedAt: new Date() })
      .where(eq(invoices.id, id));
    await tx.insert(invoiceEvents).values({
      invoiceId: id,
      event: 'cancelled',
      actorId: actor.id,
      note: 'Borrador anulado: se conserva el número para mantener la secuencia',
    });
    await audit(tx, ctx, 'invoice.voided', { type: 'invoice', id }, { invoiceNumber: current.invoiceNumber });
    return {
      deleted: false,
      message: `Borrador anulado: se conserva el número ${current.invoiceNumber} para mantener la secuencia`,
    };
  });
}

/**
 * `GET /invoices/stats` within the actor's scope, in the company currency (invoices in other
 * currencies are not converted and not counted in the money figures).
 */
export async function invoiceStats(db: Db, actor: Actor): Promise<InvoiceStats> {
  const settings = await getCompanySettings(db);
  const today = businessToday();
  const scope = scopeOf(actor);
  const cur = eq(invoices.currency, settings.currency);
  const [row] = await db
    .select({
      totalRevenue:
        sql<number>`coalesce(sum(${invoices.paidCents}) filter (where ${cur} and ${invoices.status} <> 'cancelled'), 0)::bigint`.mapWith(
          Number,
        ),
      pendingRevenue:
        sql<number>`coalesce(sum(${invoices.totalCents} - ${invoices.paidCents} - ${invoices.withheldCents} - ${invoices.creditedCents}) filter (where ${cur} and ${invoices.status} in ('sent', 'pending')), 0)::bigint`.mapWith(
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

/** An ISO date (YYYY-MM-DD) as Dominicans write it in e-mails: DD/MM/YYYY. */
function displayDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}
