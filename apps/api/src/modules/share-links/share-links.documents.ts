import {
  documentBuyer,
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
import type { Actor } from '../../lib/actor.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import type { BillingDocumentKind } from '../billing-documents/billing-documents.js';
import { INVOICE_DOCUMENT } from '../invoices/invoice-delivery.service.js';
import { invoicePolicy } from '../invoices/invoices.policy.js';
import { quotePolicy } from '../quotes/quotes.policy.js';
import { QUOTE_DOCUMENT } from '../quotes/quotes.service.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { findTicketFor } from '../tickets/tickets.queries.js';

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

/**
 * A billing document (invoice, quote) as a shareable document (decision 116): staff only — the
 * kind's policy `share` plus `invoices.read`; a client answers its documents in the portal — and
 * never a draft; `refuse` adds the kind's own 409s. The public view and the PDF read as
 * {@link READER}; the PDF is the kind's own.
 */
function billingShareable<D extends { status: string; client: { _id: string } }>(
  kind: BillingDocumentKind<D>,
  rules: {
    mayShare: (actor: Actor) => boolean;
    /** 403 message: "Solo el equipo puede compartir facturas." */
    forbidden: string;
    /** 409 message for a draft. */
    draft: string;
    /** Another 409 message for this document, null when it may be shared. */
    refuse?: (doc: D) => string | null;
    /** "la factura FAC-2026-0001". */
    label: (doc: D) => string;
    view: (doc: D, company: string) => PublicSharedDocument;
  },
): ShareableDocument {
  return {
    async assertCanShare(db, actor, id) {
      if (!rules.mayShare(actor) || !hasPermission(actor, 'invoices.read')) throw forbidden(rules.forbidden);
      const doc = await kind.load({ db, actor, id });
      if (doc.status === 'draft') throw conflict(rules.draft);
      const refusal = rules.refuse?.(doc);
      if (refusal) throw conflict(refusal);
      return { label: rules.label(doc), phone: await clientPhone(db, doc.client._id) };
    },
    async publicView(db, id) {
      const doc = await kind.load({ db, actor: READER, id });
      const settings = await getCompanySettings(db);
      return rules.view(doc, settings.name);
    },
    async pdf(db, id) {
      const doc = await kind.load({ db, actor: READER, id });
      return { filename: kind.filename(doc), body: await kind.renderPdf(db, doc) };
    },
  };
}

/** The lines as the public page shows them. */
const publicItems = (
  items: Array<{ description: string; quantity: number; unitPrice: number; total: number }>,
) =>
  items.map((it) => ({
    description: it.description,
    quantity: it.quantity,
    unitPrice: it.unitPrice,
    total: it.total,
  }));

// Staff only (decision 116): a client reads its invoices in the portal and has nobody to send them to.
const invoice = billingShareable(INVOICE_DOCUMENT, {
  mayShare: (actor) => invoicePolicy.can(actor.role, 'share'),
  forbidden: 'Solo el equipo puede compartir facturas.',
  draft: 'Envía la factura antes de compartirla: los borradores no se comparten.',
  refuse: (inv) => (inv.status === 'cancelled' ? 'La factura está cancelada y no se puede compartir.' : null),
  label: (inv) => `la factura ${inv.invoiceNumber}`,
  // The agency and the buyer as issued (fiscal snapshot, decision 132), not as they are today.
  view: (inv, company) => ({
    type: 'invoice',
    company: inv.fiscalSnapshot?.issuer.name ?? company,
    invoiceNumber: inv.invoiceNumber,
    ncf: inv.ncf,
    status: inv.status,
    statusLabel: INVOICE_STATUS_LABELS[inv.status],
    clientName: documentBuyer(inv).name,
    issueDate: inv.issueDate,
    dueDate: inv.dueDate,
    currency: inv.currency,
    items: publicItems(inv.items),
    subtotal: inv.subtotal,
    taxRate: inv.taxRate,
    taxAmount: inv.taxAmount,
    discountAmount: inv.discountAmount,
    total: inv.total,
    balance: inv.balance,
  }),
});

// Staff only, sent quotes (decision 116): the client answers quotes in the portal.
const quote = billingShareable(QUOTE_DOCUMENT, {
  mayShare: (actor) => quotePolicy.can(actor.role, 'share'),
  forbidden: 'Solo el equipo puede compartir cotizaciones.',
  draft: 'Envía la cotización antes de compartirla: los borradores no se comparten.',
  label: (q) => `la cotización ${q.quoteNumber}`,
  view: (q, company) => ({
    type: 'quote',
    company,
    quoteNumber: q.quoteNumber,
    status: q.status,
    statusLabel: QUOTE_STATUS_LABELS[q.status],
    clientName: q.client.name,
    issueDate: q.issueDate,
    validUntil: q.validUntil,
    currency: q.currency,
    items: publicItems(q.items),
    subtotal: q.subtotal,
    taxRate: q.taxRate,
    taxAmount: q.taxAmount,
    discountAmount: q.discountAmount,
    total: q.total,
  }),
});

const ticket: ShareableDocument = {
  // Whoever sees the ticket: staff any, a client only its own (another's answers 404).
  async assertCanShare(db, actor, id) {
    if (!hasPermission(actor, 'tickets.read')) throw forbidden();
    const row = await findTicketFor({ db, actor, id });
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
