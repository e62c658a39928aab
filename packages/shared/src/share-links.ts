import { z } from 'zod';

/**
 * Signed, expiring, revocable links to view a document without signing in ("Compartir por
 * WhatsApp", issue 16, decision 116).
 *
 * Adding a document type: add it to SHARE_DOCUMENT_TYPES and its label below, add its
 * `PublicShared…Schema` to {@link PublicSharedDocumentSchema}, and register its handler in
 * apps/api/src/modules/share-links/share-links.documents.ts (quotes joined that way).
 */
export const SHARE_DOCUMENT_TYPES = ['invoice', 'quote', 'ticket'] as const;
export type ShareDocumentType = (typeof SHARE_DOCUMENT_TYPES)[number];
/** Spanish names of the shareable documents, for messages ("la factura FAC-2026-0001"). */
export const SHARE_DOCUMENT_LABELS: Record<ShareDocumentType, string> = {
  invoice: 'factura',
  quote: 'cotización',
  ticket: 'ticket',
};

/** Lifetime of a link in days: 7 by default, at most 30. */
export const SHARE_LINK_DEFAULT_DAYS = 7;
export const SHARE_LINK_MAX_DAYS = 30;
/** Answer (410) and page text for an expired or revoked link. */
export const SHARE_LINK_GONE = 'Este enlace venció o fue revocado';
/** Path of the public page; the token follows (`/compartido/{token}`). */
export const SHARE_PATH = '/compartido';

const documentType = z.enum(SHARE_DOCUMENT_TYPES, { error: 'Tipo de documento inválido' });

/** `POST /share-links` body: the document and the lifetime in whole days (1–30, default 7). */
export const CreateShareLinkRequestSchema = z.object({
  type: documentType,
  id: z.uuid({ message: 'Documento inválido' }),
  expiresInDays: z
    .number({ error: 'Días inválidos' })
    .int('Días inválidos')
    .min(1, 'Mínimo 1 día')
    .max(SHARE_LINK_MAX_DAYS, `Máximo ${SHARE_LINK_MAX_DAYS} días`)
    .default(SHARE_LINK_DEFAULT_DAYS),
});
export type CreateShareLinkRequest = z.input<typeof CreateShareLinkRequestSchema>;

/**
 * `POST /share-links` → 201 `data`: the absolute `url` (holds the token; shown once, never
 * stored in clear), `expiresAt` ISO date-time, the prefilled Spanish `message` and `phone`
 * (the client's digits for `wa.me/<digits>`, null when the client has none).
 */
export const CreateShareLinkResponseSchema = z.object({
  shareLink: z.object({ _id: z.uuid(), url: z.string(), expiresAt: z.string() }),
  message: z.string(),
  phone: z.string().nullable(),
});
export type CreateShareLinkResponse = z.infer<typeof CreateShareLinkResponseSchema>;

/** `GET /share-links?type&id` query. */
export const ListShareLinksQuerySchema = z.object({
  type: documentType,
  id: z.uuid({ message: 'Documento inválido' }),
});
export type ListShareLinksQuery = z.input<typeof ListShareLinksQuerySchema>;

/** Status of a link: active, expired (past `expiresAt`) or revoked. */
export const SHARE_LINK_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ShareLinkStatus = (typeof SHARE_LINK_STATUSES)[number];
export const SHARE_LINK_STATUS_LABELS: Record<ShareLinkStatus, string> = {
  active: 'Activo',
  expired: 'Vencido',
  revoked: 'Revocado',
};

/** A link as "Enlaces compartidos" lists it (never the token). Dates ISO date-time. */
export const ShareLinkSchema = z.object({
  _id: z.uuid(),
  status: z.enum(SHARE_LINK_STATUSES),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastViewedAt: z.string().nullable(),
});
export type ShareLink = z.infer<typeof ShareLinkSchema>;
/** `GET /share-links` → `data`, newest first. */
export const ListShareLinksResponseSchema = z.object({ shareLinks: z.array(ShareLinkSchema) });
export const ShareLinkResponseSchema = z.object({ shareLink: ShareLinkSchema });

/** Path of the public routes: `/public/share/{token}` (base64url, 43 characters). */
export const ShareTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Enlace inválido'),
});

/** A shared invoice as the public page shows it: summary and lines, money in major units. */
export const PublicSharedInvoiceSchema = z.object({
  type: z.literal('invoice'),
  company: z.string(),
  invoiceNumber: z.string(),
  ncf: z.string().nullable(),
  status: z.string(),
  statusLabel: z.string(),
  clientName: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  currency: z.string(),
  items: z.array(
    z.object({ description: z.string(), quantity: z.number(), unitPrice: z.number(), total: z.number() }),
  ),
  subtotal: z.number(),
  taxRate: z.number(),
  taxAmount: z.number(),
  discountAmount: z.number(),
  total: z.number(),
  balance: z.number(),
});
/** A shared quote as the public page shows it: summary and lines, money in major units. */
export const PublicSharedQuoteSchema = z.object({
  type: z.literal('quote'),
  company: z.string(),
  quoteNumber: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  clientName: z.string(),
  issueDate: z.string(),
  validUntil: z.string(),
  currency: z.string(),
  items: z.array(
    z.object({ description: z.string(), quantity: z.number(), unitPrice: z.number(), total: z.number() }),
  ),
  subtotal: z.number(),
  taxRate: z.number(),
  taxAmount: z.number(),
  discountAmount: z.number(),
  total: z.number(),
});
/** A shared ticket: title, status and the public conversation only (never internal notes). */
export const PublicSharedTicketSchema = z.object({
  type: z.literal('ticket'),
  company: z.string(),
  number: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  createdAt: z.string(),
  messages: z.array(z.object({ author: z.string(), content: z.string(), createdAt: z.string() })),
});
/** `GET /public/share/{token}` → `data.document` (410 {@link SHARE_LINK_GONE} when expired or revoked). */
export const PublicSharedDocumentSchema = z.discriminatedUnion('type', [
  PublicSharedInvoiceSchema,
  PublicSharedQuoteSchema,
  PublicSharedTicketSchema,
]);
export type PublicSharedDocument = z.infer<typeof PublicSharedDocumentSchema>;
export const PublicShareResponseSchema = z.object({
  document: PublicSharedDocumentSchema,
  expiresAt: z.string(),
});
export type PublicShareResponse = z.infer<typeof PublicShareResponseSchema>;

/**
 * The prefilled WhatsApp message (Spanish) and its `wa.me` address: `https://wa.me/<digits>`
 * when the client's phone has digits (Dominican 10-digit numbers get the country code 1),
 * else `https://wa.me/`; the text goes URL-encoded in `?text=`.
 */
export function whatsappUrl(message: string, phone: string | null): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  const number = digits.length === 10 ? `1${digits}` : digits;
  return `https://wa.me/${number}?text=${encodeURIComponent(message)}`;
}
