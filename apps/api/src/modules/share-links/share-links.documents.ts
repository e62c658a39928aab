import {
  hasPermission,
  INVOICE_STATUS_LABELS,
  type PublicSharedDocument,
  QUOTE_STATUS_LABELS,
  type ShareDocumentType,
  TICKET_STATUS_LABELS,
} from '@agencia/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clients, ticketMessages, tickets, users } from '../../db/schema/index.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import type { Actor } from '../../plugins/auth.js';
import { buildInvoicePdf, pdfFilename } from '../invoices/invoice-delivery.service.js';
import { invoicePolicy } from '../invoices/invoices.policy.js';
import { getInvoice } from '../invoices/invoices.queries.js';
import { quotePolicy } from '../quotes/quotes.policy.js';
import { getQuote } from '../quotes/quotes.queries.js';
import { buildQuotePdf, quotePdfFilename } from '../quotes/quotes.service.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { findTicketFor } from '../tickets/tickets.service.js';

/** What sharing needs to know about a document the actor may share. */
export interface ShareableInfo {
  /** Spanish noun phrase for the message: "la factura FAC-2026-0001". */
  label: string;
  /** The client's phone (for `wa.me/<digits>`), null when none. */
  phone: string | null;
}

/**
 * One shareable document type: who may share it, what the public page shows, its PDF.
 * To add quotes: one entry in {@link SHARE_DOCUMENTS} (and the type in @agencia/shared).
 */
export interface ShareableDocument {
  /** Throws 403/404/409 (Spanish) unless `actor` may see and share the document. */
  assertCanShare(db: Db, actor: Actor, id: string): Promise<ShareableInfo>;
  /** The read-only public view; 404 when the document is gone. */
  publicView(db: Db, id: string): Promise<PublicSharedDocument>;
  /** The PDF, when the document has one; null otherwise. */
  pdf(db: Db, id: string): Promise<{ filename: string; body: Buffer } | null>;
}

/** Reads as an admin would: the public page was authorised by whoever created the link. */
const READER: Actor = {
  id: '00000000-0000-0000-0000-000000000000',
  role: 'admin',
  clientId: null,
  sessionId: 'share-link',
  permissions: null,
  firstName: 'Enlace',
  lastName: 'compartido',
  mustChangePassword: false,
};

async function clientPhone(db: Db, clientId: string | null): Promise<string | null> {
  if (!clientId) return null;
  const [row] = await db
    .select({ phone: clients.phone })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return row?.phone ?? null;
}

const invoice: ShareableDocument = {
  // Staff only (decision 116): a client reads its invoices in the portal and has nobody to send them to.
  async assertCanShare(db, actor, id) {
    if (!invoicePolicy.can(actor.role, 'share') || !hasPermission(actor, 'invoices.read'))
      throw forbidden('Solo el equipo puede compartir facturas.');
    const inv = await getInvoice(db, actor, id);
    if (inv.status === 'draft')
      throw conflict('Envía la factura antes de compartirla: los borradores no se comparten.');
    if (inv.status === 'cancelled') throw conflict('La factura está cancelada y no se puede compartir.');
    return { label: `la factura ${inv.invoiceNumber}`, phone: await clientPhone(db, inv.client._id) };
  },
  async publicView(db, id) {
    const inv = await getInvoice(db, READER, id);
    const settings = await getCompanySettings(db);
    return {
      type: 'invoice',
      company: settings.name,
      invoiceNumber: inv.invoiceNumber,
      ncf: inv.ncf,
      status: inv.status,
      statusLabel: INVOICE_STATUS_LABELS[inv.status],
      clientName: inv.client.company ?? `${inv.client.firstName} ${inv.client.lastName}`,
      issueDate: inv.issueDate,
      dueDate: inv.dueDate,
      currency: inv.currency,
      items: inv.items.map((it) => ({
        description: it.description,
        quantity: it.quantity,
        unitPrice: it.unitPrice,
        total: it.total,
      })),
      subtotal: inv.subtotal,
      taxRate: inv.taxRate,
      taxAmount: inv.taxAmount,
      discountAmount: inv.discountAmount,
      total: inv.total,
      balance: inv.balance,
    };
  },
  async pdf(db, id) {
    const inv = await getInvoice(db, READER, id);
    return { filename: pdfFilename(inv), body: await buildInvoicePdf(db, inv) };
  },
};

const quote: ShareableDocument = {
  // Staff only, sent quotes (decision 116): the client answers quotes in the portal.
  async assertCanShare(db, actor, id) {
    if (!quotePolicy.can(actor.role, 'share') || !hasPermission(actor, 'invoices.read'))
      throw forbidden('Solo el equipo puede compartir cotizaciones.');
    const q = await getQuote(db, actor, id);
    if (q.status === 'draft')
      throw conflict('Envía la cotización antes de compartirla: los borradores no se comparten.');
    return { label: `la cotización ${q.quoteNumber}`, phone: await clientPhone(db, q.client._id) };
  },
  async publicView(db, id) {
    const q = await getQuote(db, READER, id);
    const settings = await getCompanySettings(db);
    return {
      type: 'quote',
      company: settings.name,
      quoteNumber: q.quoteNumber,
      status: q.status,
      statusLabel: QUOTE_STATUS_LABELS[q.status],
      clientName: q.client.name,
      issueDate: q.issueDate,
      validUntil: q.validUntil,
      currency: q.currency,
      items: q.items.map((it) => ({
        description: it.description,
        quantity: it.quantity,
        unitPrice: it.unitPrice,
        total: it.total,
      })),
      subtotal: q.subtotal,
      taxRate: q.taxRate,
      taxAmount: q.taxAmount,
      discountAmount: q.discountAmount,
      total: q.total,
    };
  },
  async pdf(db, id) {
    const q = await getQuote(db, READER, id);
    return { filename: quotePdfFilename(q), body: await buildQuotePdf(db, q) };
  },
};

const ticket: ShareableDocument = {
  // Whoever sees the ticket: staff any, a client only its own (another's answers 404).
  async assertCanShare(db, actor, id) {
    if (!hasPermission(actor, 'tickets.read')) throw forbidden();
    const row = await findTicketFor(db, actor, id);
    return { label: `el ticket #${row.number} «${row.title}»`, phone: await clientPhone(db, row.clientId) };
  },
  async publicView(db, id) {
    const [row] = await db.select().from(tickets).where(eq(tickets.id, id)).limit(1);
    if (!row) throw notFound('Documento no encontrado');
    // Public messages only: internal notes never leave the staff's screens.
    const messages = await db
      .select({
        content: ticketMessages.content,
        createdAt: ticketMessages.createdAt,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(ticketMessages)
      .leftJoin(users, eq(users.id, ticketMessages.authorId))
      .where(and(eq(ticketMessages.ticketId, id), eq(ticketMessages.isInternal, false)))
      .orderBy(asc(ticketMessages.createdAt));
    const settings = await getCompanySettings(db);
    return {
      type: 'ticket',
      company: settings.name,
      number: row.number,
      title: row.title,
      description: row.description,
      status: row.status,
      statusLabel: TICKET_STATUS_LABELS[row.status],
      createdAt: row.createdAt.toISOString(),
      messages: messages.map((m) => ({
        author: m.firstName ? `${m.firstName} ${(m.lastName ?? '').slice(0, 1)}.`.trim() : 'Usuario',
        content: m.content,
        createdAt: m.createdAt.toISOString(),
      })),
    };
  },
  async pdf() {
    return null;
  },
};

/** Every shareable document type and its handler (decision 116). */
export const SHARE_DOCUMENTS: Record<ShareDocumentType, ShareableDocument> = { invoice, quote, ticket };
