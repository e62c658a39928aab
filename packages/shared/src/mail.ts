import { z } from 'zod';
import { PaginationSchema, pageQueryFields } from './pagination.js';

/**
 * Outbox statuses an admin can list in Configuración → Correos (issue 13): `failed` (gave up after
 * every retry; can be resent) and `queued` (pending: waiting for its first try or for the
 * backoff after a failure). Sent mail is not listed here.
 */
export const MAIL_OUTBOX_STATUSES = ['failed', 'queued'] as const;
/** Every status an outbox row goes through (the database column): queued → sent, or failed. */
export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export type MailOutboxStatus = (typeof MAIL_OUTBOX_STATUSES)[number];

/** Spanish labels of the outbox statuses (the `sent` one for completeness). */
export const MAIL_STATUS_LABELS: Record<MailOutboxStatus | 'sent', string> = {
  failed: 'Fallido',
  queued: 'Pendiente',
  sent: 'Enviado',
};

/**
 * `GET /mail/outbox` query (admin): `status` (default `failed`) plus the shared `page`/`limit`
 * (20 per page by default, decision 088). Newest first, ties broken on id.
 */
export const ListMailOutboxQuerySchema = z.object({
  status: z
    .enum(MAIL_OUTBOX_STATUSES, { error: 'Estado inválido: use "failed" o "queued"' })
    .default('failed'),
  ...pageQueryFields(),
});
export type ListMailOutboxQuery = z.input<typeof ListMailOutboxQuerySchema>;

/**
 * One outbox mail as the admin list shows it: recipient, subject, status, attempts, the last
 * SMTP error (trimmed to 500 characters by the dispatcher) and dates (ISO). Never the body or
 * attachments. `lastAttemptAt`: when a `failed` mail was last tried (null for pending ones);
 * `nextAttemptAt`: when a pending mail is tried next (null for failed ones).
 */
export const MailOutboxMessageSchema = z.object({
  _id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type MailOutboxMessage = z.infer<typeof MailOutboxMessageSchema>;

/** `GET /mail/outbox` → `data`: the page of mails and the shared pagination block. */
export const ListMailOutboxResponseSchema = z.object({
  messages: z.array(MailOutboxMessageSchema),
  pagination: PaginationSchema,
});
export type ListMailOutboxResponse = z.infer<typeof ListMailOutboxResponseSchema>;

/** `POST /mail/outbox/{id}/resend` → `data`: the mail, back to `queued` with 0 attempts. */
export const ResendMailResponseSchema = z.object({ message: MailOutboxMessageSchema });
export type ResendMailResponse = z.infer<typeof ResendMailResponseSchema>;
