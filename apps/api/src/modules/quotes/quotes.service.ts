import {
  type AcceptQuoteBodySchema,
  type AcceptQuoteResponse,
  businessToday,
  CreateProjectRequestSchema,
  type CreateQuoteBodySchema,
  computeInvoiceTotals,
  DISCOUNT_ABOVE_SUBTOTAL,
  effectiveQuoteStatus,
  formatInvoiceNumber,
  formatMoney,
  fromCents,
  type ListQuotesQuerySchema,
  type ListQuotesResponse,
  QUOTE_EXPIRED_MESSAGE,
  QUOTE_SERIES,
  type Quote,
  type QuoteLineCents,
  type QuoteStatus,
  type QuoteSummary,
  type RejectQuoteBodySchema,
  splitQuoteForAdvance,
  toCents,
  type UpdateQuoteBodySchema,
} from '@agencia/shared';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import {
  clients,
  invoices,
  projectMilestones,
  projects,
  quoteCounters,
  quoteItems,
  quoteRequests,
  quotes,
  users,
} from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { line, strong } from '../../lib/email-template.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { createNotifications } from '../../lib/notify.js';
import type { Actor } from '../../plugins/auth.js';
import {
  assertClientAndProject,
  createInvoice,
  getInvoice,
  mailPdfInTx,
  type WithNotifications,
} from '../invoices/invoices.service.js';
import { createProject } from '../projects/projects.service.js';
import { jobActor } from '../recurring-invoices/system-actor.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { renderQuotePdf } from './quotes.pdf.js';

type Created = Awaited<ReturnType<typeof createNotifications>>;
type Row = typeof quotes.$inferSelect;
type CreateInput = z.output<typeof CreateQuoteBodySchema>;
type UpdateInput = z.output<typeof UpdateQuoteBodySchema>;

/** Invoice and project steps run inside the quote's transaction as savepoints (like decision 111). */
const asDb = (tx: Tx) => tx as unknown as Db;

const NOT_FOUND = 'Cotización no encontrada';

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function displayDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

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

function baseQuery(db: Db | Tx) {
  return db
    .select(columns)
    .from(quotes)
    .innerJoin(clients, eq(clients.id, quotes.clientId))
    .leftJoin(projects, eq(projects.id, quotes.projectId));
}

/** Row scope: a client sees only its own client's quotes, never drafts; staff see all. */
function scopeOf(actor: Actor): SQL | undefined {
  if (actor.role !== 'client') return undefined;
  if (!actor.clientId) return sql`false`;
  return and(eq(quotes.clientId, actor.clientId), sql`${quotes.status} <> 'draft'`);
}

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
export async function listQuotes(
  db: Db,
  actor: Actor,
  query: z.output<typeof ListQuotesQuerySchema>,
): Promise<ListQuotesResponse> {
  const today = businessToday();
  const where: (SQL | undefined)[] = [scopeOf(actor)];
  if (query.clientId) where.push(eq(quotes.clientId, query.clientId));
  if (query.status && query.status !== 'all') where.push(statusCondition(query.status, today));
  if (query.search) {
    const term = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(quotes.quoteNumber, term),
        ilike(clients.companyName, term),
        sql`(${clients.firstName} || ' ' || ${clients.lastName}) ilike ${term}`,
        ilike(projects.title, term),
      ),
    );
  }
  const cond = and(...where);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(quotes)
    .innerJoin(clients, eq(clients.id, quotes.clientId))
    .leftJoin(projects, eq(projects.id, quotes.projectId))
    .where(cond);
  const rows = await baseQuery(db)
    .where(cond)
    .orderBy(desc(quotes.issueDate), desc(quotes.createdAt), desc(quotes.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    quotes: rows.map((r) => toSummary(r as JoinedRow, today)),
    pagination: { page: query.page, limit: query.limit, total: count?.n ?? 0 },
  };
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

async function loadItems(db: Db | Tx, quoteId: string) {
  return db
    .select()
    .from(quoteItems)
    .where(eq(quoteItems.quoteId, quoteId))
    .orderBy(asc(quoteItems.position));
}

/** Loads a full quote within the actor's scope; 404 'Cotización no encontrada' otherwise. */
export async function getQuote(db: Db | Tx, actor: Actor, id: string): Promise<Quote> {
  const [row] = await baseQuery(db)
    .where(and(eq(quotes.id, id), scopeOf(actor)))
    .limit(1);
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
    ...toSummary(row as JoinedRow, businessToday()),
    items: items.map((it) => ({
      _id: it.id,
      description: it.description,
      details: it.details,
      quantity: Number(it.quantity),
      unitPrice: fromCents(it.unitPriceCents),
      total: fromCents(it.totalCents),
      taxExempt: it.taxExempt,
    })),
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

/** Takes the next `COT-YYYY-NNNN` inside the caller's transaction (locked upsert, gap-free, decision 054). */
export async function nextQuoteNumber(tx: Tx, year: number) {
  const [row] = await tx
    .insert(quoteCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: quoteCounters.year,
      set: { lastNumber: sql`${quoteCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: quoteCounters.lastNumber });
  const sequence = row!.lastNumber;
  return { sequence, quoteNumber: formatInvoiceNumber(QUOTE_SERIES, year, sequence) };
}

function totalsOrThrow(
  items: { quantity: number; unitPrice: number; taxExempt?: boolean }[],
  rate: number,
  discount: number,
) {
  const t = computeInvoiceTotals(items, rate, discount);
  if (t.discountCents > t.subtotalCents)
    throw badRequest(DISCOUNT_ABOVE_SUBTOTAL, [
      { field: 'discountAmount', message: DISCOUNT_ABOVE_SUBTOTAL },
    ]);
  return t;
}

function assertValidFrom(validUntil: string, today: string) {
  if (validUntil < today) {
    const message = 'La fecha de validez no puede ser anterior a hoy';
    throw badRequest(message, [{ field: 'validUntil', message }]);
  }
}

async function insertItems(tx: Tx, quoteId: string, items: CreateInput['items'], lineTotals: number[]) {
  await tx.insert(quoteItems).values(
    items.map((it, position) => ({
      quoteId,
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
 * `POST /quotes` (admin): a draft with the next `COT-YYYY-NNNN` (year of today, agency time
 * zone); totals by the invoices' engine; tax rate and currency default to the company settings.
 * 400 for an unknown/archived client, a project of another client, a past `validUntil`, a
 * discount above the subtotal or an unknown quote request.
 */
export async function createQuote(
  db: Db,
  actor: Actor,
  ctx: AuditContext,
  input: CreateInput,
): Promise<Quote> {
  const today = businessToday();
  assertValidFrom(input.validUntil, today);
  const id = await db.transaction(async (tx) => {
    await assertClientAndProject(tx, input.clientId, input.projectId);
    if (input.quoteRequestId) {
      const [req] = await tx
        .select({ id: quoteRequests.id })
        .from(quoteRequests)
        .where(eq(quoteRequests.id, input.quoteRequestId))
        .limit(1);
      if (!req) {
        const message = 'La solicitud de cotización no existe';
        throw badRequest(message, [{ field: 'quoteRequestId', message }]);
      }
    }
    const settings = await getCompanySettings(tx);
    const taxRate = input.taxRate ?? settings.taxRate;
    const totals = totalsOrThrow(input.items, taxRate, input.discountAmount);
    const year = Number(today.slice(0, 4));
    const { sequence, quoteNumber } = await nextQuoteNumber(tx, year);
    const [row] = await tx
      .insert(quotes)
      .values({
        quoteNumber,
        year,
        sequence,
        clientId: input.clientId,
        projectId: input.projectId ?? null,
        quoteRequestId: input.quoteRequestId ?? null,
        issueDate: today,
        validUntil: input.validUntil,
        currency: input.currency ?? settings.currency,
        subtotalCents: totals.subtotalCents,
        exemptCents: totals.exemptCents,
        taxableBaseCents: totals.taxableBaseCents,
        taxRate,
        taxCents: totals.taxCents,
        discountCents: totals.discountCents,
        totalCents: totals.totalCents,
        notes: input.notes,
        advancePercent: input.advancePercent ?? null,
        createProject: input.createProject,
        createdBy: actor.id,
      })
      .returning({ id: quotes.id });
    await insertItems(tx, row!.id, input.items, totals.lineTotalsCents);
    if (input.quoteRequestId)
      await tx
        .update(quoteRequests)
        .set({ status: 'converted', handledBy: actor.id, updatedAt: new Date() })
        .where(
          and(
            eq(quoteRequests.id, input.quoteRequestId),
            inArray(quoteRequests.status, ['new', 'contacted']),
          ),
        );
    await audit(tx, ctx, 'quote.created', { type: 'quote', id: row!.id }, { quoteNumber });
    return row!.id;
  });
  return getQuote(db, actor, id);
}

async function lockQuote(tx: Tx, id: string): Promise<Row> {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update').limit(1);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** `PUT /quotes/{id}` (admin): drafts only (409 in Spanish otherwise); totals recomputed. */
export async function updateQuote(
  db: Db,
  actor: Actor,
  ctx: AuditContext,
  id: string,
  input: UpdateInput,
): Promise<Quote> {
  await db.transaction(async (tx) => {
    const current = await lockQuote(tx, id);
    if (current.status !== 'draft')
      throw conflict('Solo se pueden editar cotizaciones en borrador; esta ya fue enviada al cliente.');
    if (input.validUntil) assertValidFrom(input.validUntil, businessToday());
    const clientId = input.clientId ?? current.clientId;
    const projectId = input.projectId === undefined ? current.projectId : input.projectId;
    await assertClientAndProject(tx, clientId, projectId);
    const items =
      input.items ??
      (await loadItems(tx, id)).map((it) => ({
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
      .update(quotes)
      .set({
        clientId,
        projectId: projectId ?? null,
        validUntil: input.validUntil ?? current.validUntil,
        currency: input.currency ?? current.currency,
        taxRate,
        subtotalCents: totals.subtotalCents,
        exemptCents: totals.exemptCents,
        taxableBaseCents: totals.taxableBaseCents,
        taxCents: totals.taxCents,
        discountCents: totals.discountCents,
        totalCents: totals.totalCents,
        notes: input.notes === undefined ? current.notes : input.notes,
        advancePercent: input.advancePercent === undefined ? current.advancePercent : input.advancePercent,
        createProject: input.createProject ?? current.createProject,
        updatedAt: new Date(),
      })
      .where(eq(quotes.id, id));
    if (input.items) {
      await tx.delete(quoteItems).where(eq(quoteItems.quoteId, id));
      await insertItems(tx, id, input.items, totals.lineTotalsCents);
    }
    await audit(tx, ctx, 'quote.updated', { type: 'quote', id }, { fields: Object.keys(input) });
  });
  return getQuote(db, actor, id);
}

/** Builds the PDF of a quote (bytes) with the company settings. */
export async function buildQuotePdf(db: Db | Tx, quote: Quote): Promise<Buffer> {
  return renderQuotePdf(quote, await getCompanySettings(db), db);
}

/** File name of a quote PDF: `Cotizacion-COT-2026-0001.pdf`. */
export const quotePdfFilename = (quote: Pick<Quote, 'quoteNumber'>) => `Cotizacion-${quote.quoteNumber}.pdf`;

/**
 * `POST /quotes/{id}/send` (admin): e-mails the quote with its PDF (outbox, the invoices'
 * "render, store, queue" step) and notifies the client's users; a draft becomes sent, a sent
 * one is re-sent. 409 when accepted, rejected or expired, or when its validity has passed;
 * 400 when its total is zero (e.g. a quote request's lines not priced yet).
 */
export async function sendQuote(
  db: Db,
  actor: Actor,
  ctx: AuditContext,
  id: string,
): Promise<WithNotifications<Quote>> {
  const notifications = await db.transaction(async (tx) => {
    const current = await lockQuote(tx, id);
    const today = businessToday();
    if (current.status !== 'draft' && current.status !== 'sent')
      throw conflict('Esta cotización ya fue aceptada, rechazada o venció; no se puede enviar.');
    if (current.validUntil < today)
      throw conflict('La fecha de validez de la cotización ya pasó. Actualízala antes de enviarla.');
    if (current.totalCents <= 0) {
      const message = 'No se puede enviar una cotización con total cero. Indica el precio de los ítems.';
      throw badRequest(message, [{ field: 'items', message }]);
    }
    const wasDraft = current.status === 'draft';
    const now = new Date();
    await tx.update(quotes).set({ status: 'sent', sentAt: now, updatedAt: now }).where(eq(quotes.id, id));
    const quote = await getQuote(tx, actor, id);
    const total = formatMoney(quote.total, quote.currency);
    await mailPdfInTx(
      tx,
      actor,
      {
        ownerType: 'quote',
        ownerId: id,
        filename: quotePdfFilename(quote),
        pdf: await buildQuotePdf(tx, quote),
        to: quote.client.email,
        clientName: quote.client.name,
      },
      ({ name, company }) => ({
        subject: `Cotización ${quote.quoteNumber} de ${company}`,
        body: {
          greeting: `Hola ${name},`,
          paragraphs: [
            line`Adjuntamos la cotización ${strong(quote.quoteNumber)} por ${strong(total)}, válida hasta el ${displayDate(quote.validUntil)}.`,
            'Puede revisarla y aceptarla o rechazarla en su portal de cliente, en Facturación → Mis cotizaciones.',
          ],
          signature: ['Gracias por su confianza.', company],
        },
      }),
    );
    await audit(tx, ctx, wasDraft ? 'quote.sent' : 'quote.resent', { type: 'quote', id });
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'quote.sent',
      entityType: 'quote',
      entityId: id,
      clientId: quote.client._id,
      projectId: quote.project?._id ?? null,
      title: `Cotización ${quote.quoteNumber} enviada`,
    });
    const clientUsers = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.clientId, quote.client._id));
    return createNotifications(tx, {
      userIds: clientUsers.map((u) => u.id),
      topic: 'system',
      title: `Nueva cotización ${quote.quoteNumber}`,
      message: `Tienes una cotización por ${total} para revisar, válida hasta el ${displayDate(quote.validUntil)}.`,
      link: `/billing/quotes/${id}`,
      email: false,
    });
  });
  return { value: await getQuote(db, actor, id), notifications };
}

/**
 * Loads a quote for the client's answer (accept/reject) with its row locked: 404 unless it is
 * the actor's client's quote and not a draft (another client's quote looks missing).
 */
async function lockForClient(tx: Tx, actor: Actor, id: string): Promise<Row> {
  const row = await lockQuote(tx, id);
  if (actor.role !== 'client' || !actor.clientId || row.clientId !== actor.clientId || row.status === 'draft')
    throw notFound(NOT_FOUND);
  return row;
}

async function notifyAdmins(tx: Tx, title: string, message: string, link: string): Promise<Created> {
  return createNotifications(tx, { roles: ['admin'], topic: 'clientMessages', title, message, link });
}

function quoteLines(items: Awaited<ReturnType<typeof loadItems>>): QuoteLineCents[] {
  return items.map((it) => ({
    description: it.description,
    details: it.details,
    quantity: Number(it.quantity),
    unitPriceCents: it.unitPriceCents,
    totalCents: it.totalCents,
    taxExempt: it.taxExempt,
  }));
}

async function acceptedResult(tx: Tx, staff: Actor, actor: Actor, id: string): Promise<AcceptQuoteResponse> {
  const quote = await getQuote(tx, actor, id);
  const row = await lockQuote(tx, id);
  return {
    quote,
    invoice: await getInvoice(tx, staff, row.invoiceId!),
    balanceInvoice: row.balanceInvoiceId ? await getInvoice(tx, staff, row.balanceInvoiceId) : null,
    project: quote.createdProject,
  };
}

/**
 * `POST /quotes/{id}/accept` (the quote's client only; another client's → 404, staff → 403 at
 * the route). In one transaction with the quote row locked: stores the typed name, IP and time,
 * creates the draft invoice through the invoices module (or an advance of N % plus a balance
 * invoice), optionally a project with one milestone per line, audits and notifies the admins.
 * A second accept (double submit) answers the same invoices without creating any. 409 when
 * rejected or expired (validity before the agency's today).
 */
export async function acceptQuote(
  db: Db,
  actor: Actor,
  ctx: AuditContext,
  id: string,
  input: z.output<typeof AcceptQuoteBodySchema>,
): Promise<WithNotifications<AcceptQuoteResponse> & { created: boolean }> {
  return db.transaction(async (tx) => {
    const row = await lockForClient(tx, actor, id);
    const staff = await jobActor(tx, row.createdBy);
    if (!staff) throw conflict('La agencia no tiene un administrador activo; inténtalo más tarde.');
    if (row.status === 'accepted')
      return { value: await acceptedResult(tx, staff, actor, id), notifications: [], created: false };
    if (row.status === 'rejected') throw conflict('Esta cotización fue rechazada; ya no se puede aceptar.');
    const today = businessToday();
    if (row.status === 'expired' || row.validUntil < today) throw conflict(QUOTE_EXPIRED_MESSAGE);

    const items = await loadItems(tx, id);
    const base = {
      clientId: row.clientId,
      projectId: row.projectId,
      issueDate: today,
      dueDate: addDays(today, 30),
      paymentTerms: 30,
      taxRate: row.taxRate,
      currency: row.currency,
      series: 'FAC',
      asDraft: true,
      documentType: null,
      paymentMethod: null,
    } as const;
    const staffCtx = { ...ctx };
    let invoiceId: string;
    let balanceInvoiceId: string | null = null;
    if (row.advancePercent) {
      const { advance, balance } = splitQuoteForAdvance(
        quoteLines(items),
        row.discountCents,
        row.taxRate,
        row.advancePercent,
        row.totalCents,
      );
      const adv = await createInvoice(asDb(tx), staff, staffCtx, {
        ...base,
        ...advance,
        notes: `Anticipo del ${row.advancePercent} % de la cotización ${row.quoteNumber}, aceptada por ${input.signedName}.`,
      });
      const bal = await createInvoice(asDb(tx), staff, staffCtx, {
        ...base,
        ...balance,
        notes: `Saldo (${100 - row.advancePercent} %) de la cotización ${row.quoteNumber}, aceptada por ${input.signedName}.`,
      });
      invoiceId = adv.value._id;
      balanceInvoiceId = bal.value._id;
    } else {
      const inv = await createInvoice(asDb(tx), staff, staffCtx, {
        ...base,
        items: items.map((it) => ({
          description: it.description,
          details: it.details,
          quantity: Number(it.quantity),
          unitPrice: fromCents(it.unitPriceCents),
          taxExempt: it.taxExempt,
        })),
        discountAmount: fromCents(row.discountCents),
        notes: `Cotización ${row.quoteNumber}, aceptada por ${input.signedName}.${row.notes ? `\n${row.notes}` : ''}`,
      });
      invoiceId = inv.value._id;
    }

    let createdProjectId: string | null = null;
    let projectNotifications: Created = [];
    if (row.createProject) {
      const { value: project, effects } = await createProject({
        db: asDb(tx),
        actor: staff,
        ctx: staffCtx,
        input: CreateProjectRequestSchema.parse({
          title: `Cotización ${row.quoteNumber}`,
          description: `Proyecto creado al aceptar la cotización ${row.quoteNumber}.`,
          clientId: row.clientId,
          status: 'approved',
          approvedBudget: fromCents(row.totalCents),
        }),
      });
      createdProjectId = project._id;
      projectNotifications = effects.notifications;
      await tx.insert(projectMilestones).values(
        items.map((it, order) => ({
          projectId: project._id,
          title: it.description.slice(0, 200),
          description: it.details ?? '',
          order,
        })),
      );
      // Invoices generated from the quote belong to the new project.
      await tx
        .update(invoices)
        .set({ projectId: project._id })
        .where(inArray(invoices.id, [invoiceId, ...(balanceInvoiceId ? [balanceInvoiceId] : [])]));
    }

    const now = new Date();
    await tx
      .update(quotes)
      .set({
        status: 'accepted',
        acceptedAt: now,
        acceptedIp: ctx.ip ?? null,
        acceptedBy: actor.id,
        signedName: input.signedName,
        invoiceId,
        balanceInvoiceId,
        createdProjectId,
        updatedAt: now,
      })
      .where(eq(quotes.id, id));
    await audit(
      tx,
      ctx,
      'quote.accepted',
      { type: 'quote', id },
      {
        signedName: input.signedName,
        invoiceId,
        balanceInvoiceId,
        projectId: createdProjectId,
      },
    );
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'quote.accepted',
      entityType: 'quote',
      entityId: id,
      clientId: row.clientId,
      projectId: createdProjectId ?? row.projectId,
      title: `Cotización ${row.quoteNumber} aceptada`,
    });
    const total = formatMoney(fromCents(row.totalCents), row.currency);
    const toAdmins = await notifyAdmins(
      tx,
      `Cotización ${row.quoteNumber} aceptada`,
      `${input.signedName} aceptó la cotización ${row.quoteNumber} por ${total}. Se creó la factura en borrador.`,
      `/billing/quotes/${id}`,
    );
    return {
      value: await acceptedResult(tx, staff, actor, id),
      notifications: [...toAdmins, ...projectNotifications],
      created: true,
    };
  });
}

/**
 * `POST /quotes/{id}/reject` (the quote's client only): stores the reason and time, audits and
 * notifies the admins. 409 unless the quote is sent (accepted, rejected or expired ones).
 */
export async function rejectQuote(
  db: Db,
  actor: Actor,
  ctx: AuditContext,
  id: string,
  input: z.output<typeof RejectQuoteBodySchema>,
): Promise<WithNotifications<Quote>> {
  const notifications = await db.transaction(async (tx) => {
    const row = await lockForClient(tx, actor, id);
    if (row.status === 'accepted') throw conflict('Esta cotización ya fue aceptada.');
    if (row.status === 'rejected') throw conflict('Esta cotización ya fue rechazada.');
    if (row.status === 'expired' || row.validUntil < businessToday())
      throw conflict('La cotización venció; ya no necesita respuesta.');
    const now = new Date();
    await tx
      .update(quotes)
      .set({
        status: 'rejected',
        rejectedAt: now,
        rejectedBy: actor.id,
        rejectionReason: input.reason,
        updatedAt: now,
      })
      .where(eq(quotes.id, id));
    await audit(tx, ctx, 'quote.rejected', { type: 'quote', id }, { reason: input.reason });
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'quote.rejected',
      entityType: 'quote',
      entityId: id,
      clientId: row.clientId,
      projectId: row.projectId,
      title: `Cotización ${row.quoteNumber} rechazada`,
      isInternal: true,
    });
    return notifyAdmins(
      tx,
      `Cotización ${row.quoteNumber} rechazada`,
      `El cliente rechazó la cotización ${row.quoteNumber}: ${input.reason}`,
      `/billing/quotes/${id}`,
    );
  });
  return { value: await getQuote(db, actor, id), notifications };
}

/**
 * Daily job (decision 110): marks sent quotes whose `validUntil` is before `today` as expired.
 * Idempotent — an expired quote is no longer `sent`, so a second run changes nothing.
 */
export async function expireQuotes(db: Db, today: string): Promise<{ summary: string; expired: number }> {
  const rows = await db.transaction(async (tx) => {
    const now = new Date();
    const changed = await tx
      .update(quotes)
      .set({ status: 'expired', expiredAt: now, updatedAt: now })
      .where(and(eq(quotes.status, 'sent'), sql`${quotes.validUntil} < ${today}`))
      .returning({ id: quotes.id, quoteNumber: quotes.quoteNumber });
    for (const q of changed)
      await audit(
        tx,
        { actorId: null },
        'quote.expired',
        { type: 'quote', id: q.id },
        { quoteNumber: q.quoteNumber },
      );
    return changed;
  });
  return {
    expired: rows.length,
    summary: rows.length ? `${rows.length} cotización(es) vencida(s)` : 'Ninguna cotización vencida',
  };
}
