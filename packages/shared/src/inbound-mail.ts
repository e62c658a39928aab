import { z } from 'zod';
import { PaginationSchema, pageQueryFields } from './pagination.js';

/*
 * Tickets by e-mail (decision 168): the contracts of the inbound pipeline's admin screens
 * (Configuración → Correos): the receiving status, the "Correo sin asignar" list and the log of
 * received mail.
 */

/** Where a received message came from: the SMTP listener or IMAP polling. */
export const INBOUND_SOURCES = ['smtp', 'imap'] as const;
export type InboundSource = (typeof INBOUND_SOURCES)[number];

/**
 * What the pipeline did with a received message:
 * - `added`: a message of an existing ticket (threaded by one of the four keys);
 * - `created`: opened a new ticket (known client contact writing to the support address);
 * - `unassigned`: waits in "Correo sin asignar" for staff;
 * - `assigned` / `discarded`: staff took it out of that list (added to a ticket or created one /
 *   threw it away);
 * - `dropped`: automatic mail (RFC 3834) or mail for nobody: never answered, never a ticket;
 * - `bounce`: a delivery status notification about our mail (marks the address as failing);
 * - `failed`: the pipeline could not handle it (the error is kept).
 */
export const INBOUND_MAIL_STATUSES = [
  'added',
  'created',
  'unassigned',
  'assigned',
  'discarded',
  'dropped',
  'bounce',
  'failed',
] as const;
export type InboundMailStatus = (typeof INBOUND_MAIL_STATUSES)[number];

/** Spanish labels of {@link INBOUND_MAIL_STATUSES}. */
export const INBOUND_MAIL_STATUS_LABELS: Record<InboundMailStatus, string> = {
  added: 'Añadido a un ticket',
  created: 'Ticket creado',
  unassigned: 'Sin asignar',
  assigned: 'Asignado',
  discarded: 'Descartado',
  dropped: 'Ignorado (automático)',
  bounce: 'Rebote',
  failed: 'Error',
};

/** Mantine colours of {@link INBOUND_MAIL_STATUSES}. */
export const INBOUND_MAIL_STATUS_COLORS: Record<InboundMailStatus, string> = {
  added: 'blue',
  created: 'green',
  unassigned: 'yellow',
  assigned: 'teal',
  discarded: 'gray',
  dropped: 'gray',
  bounce: 'orange',
  failed: 'red',
};

/**
 * How a message was matched to a ticket, in the order the pipeline tries them: a Message-ID we
 * know (In-Reply-To / References), the signed plus token of the address it was sent to, the
 * `[#TK-0001]` tag of the subject, the hidden marker in the body.
 */
export const INBOUND_MATCH_KEYS = ['message_id', 'token', 'subject', 'marker'] as const;
export type InboundMatchKey = (typeof INBOUND_MATCH_KEYS)[number];

/** One received message as staff see it (never the raw source). Dates ISO. */
export const InboundMailSchema = z.object({
  _id: z.uuid(),
  messageId: z.string(),
  source: z.enum(INBOUND_SOURCES),
  status: z.enum(INBOUND_MAIL_STATUSES),
  /** Why it was dropped or failed (Spanish, for the admin), else null. */
  reason: z.string().nullable(),
  matchedBy: z.enum(INBOUND_MATCH_KEYS).nullable(),
  fromAddress: z.string(),
  fromName: z.string().nullable(),
  subject: z.string(),
  /** The message without quoted history and signature (plain text). */
  body: z.string(),
  attachmentCount: z.number().int(),
  ticket: z.object({ _id: z.uuid(), number: z.string(), title: z.string() }).nullable(),
  /** A ticket the message seems to belong to (matched, but from an unknown sender). */
  suggestedTicket: z.object({ _id: z.uuid(), number: z.string(), title: z.string() }).nullable(),
  receivedAt: z.string(),
});
export type InboundMail = z.infer<typeof InboundMailSchema>;

/** `GET /mail/inbound` query: `status` (default every status; `unassigned` for the list), paged. */
export const ListInboundMailQuerySchema = z.object({
  status: z.enum(INBOUND_MAIL_STATUSES, { error: 'Estado inválido' }).optional(),
  ...pageQueryFields(),
});
export type ListInboundMailQuery = z.input<typeof ListInboundMailQuerySchema>;

/** `GET /mail/inbound` → `data`. Newest first. */
export const ListInboundMailResponseSchema = z.object({
  messages: z.array(InboundMailSchema),
  pagination: PaginationSchema,
});
export type ListInboundMailResponse = z.infer<typeof ListInboundMailResponseSchema>;

/** A ticket number as people type it: "TK-0007", "tk-7", "#7" or "7". */
export const TicketNumberInputSchema = z
  .string({ error: 'El número de ticket es requerido' })
  .trim()
  .regex(/^(#?\s*(TK-?)?)?\d{1,9}$/i, 'Escriba un número de ticket como TK-0007');

/**
 * `POST /mail/inbound/{id}/assign`: adds an unassigned message to a ticket (its conversation, as
 * the sender when the sender is a known user, else as a note of the staff member assigning it).
 */
export const AssignInboundMailRequestSchema = z.object({ ticketNumber: TicketNumberInputSchema });
export type AssignInboundMailRequest = z.input<typeof AssignInboundMailRequestSchema>;

/**
 * `POST /mail/inbound/{id}/create-ticket`: opens a ticket from an unassigned message for a client
 * record (subject → title, body → description, category "Otro", priority medium).
 */
export const CreateTicketFromInboundMailRequestSchema = z.object({
  clientId: z.uuid({ error: 'Cliente inválido' }),
});
export type CreateTicketFromInboundMailRequest = z.input<typeof CreateTicketFromInboundMailRequestSchema>;

/** Answer of assign / create-ticket / discard: the message after the change. */
export const InboundMailActionResponseSchema = z.object({ message: InboundMailSchema });
export type InboundMailActionResponse = z.infer<typeof InboundMailActionResponseSchema>;

/** The receiving modes: none, the SMTP listener, IMAP polling, or both. */
export const INBOUND_MODES = ['off', 'smtp', 'imap', 'smtp_imap'] as const;
export type InboundMode = (typeof INBOUND_MODES)[number];
export const INBOUND_MODE_LABELS: Record<InboundMode, string> = {
  off: 'Desactivada',
  smtp: 'Servidor SMTP propio',
  imap: 'Buzón IMAP',
  smtp_imap: 'Servidor SMTP propio y buzón IMAP',
};

/** One receiving source's health (ISO dates; `lastError` Spanish or the server's one-line message). */
export const InboundSourceStatusSchema = z.object({
  source: z.enum(INBOUND_SOURCES),
  /** Where it listens or what it polls, without credentials (`puerto 2525`, `imap.gmail.com/INBOX`). */
  detail: z.string(),
  lastMessageAt: z.string().nullable(),
  lastCheckAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
});
export type InboundSourceStatus = z.infer<typeof InboundSourceStatusSchema>;

/** `GET /mail/inbound/status` → `data` (admin). */
export const InboundReceivingStatusSchema = z.object({
  mode: z.enum(INBOUND_MODES),
  /** The support address (`INBOUND_EMAIL_ADDRESS`, default the company's e-mail). */
  address: z.string(),
  /** Example of the plus address replies go to (`soporte+t7-…@dominio`). */
  plusExample: z.string(),
  sources: z.array(InboundSourceStatusSchema),
  lastMessageAt: z.string().nullable(),
  unassigned: z.number().int(),
  failed: z.number().int(),
});
export type InboundReceivingStatus = z.infer<typeof InboundReceivingStatusSchema>;

/** Formats the subject tag that threads a reply: 7 → "[#TK-0007]". */
export function ticketSubjectTag(ticketNumber: string): string {
  return `[#${ticketNumber}]`;
}

/** Parses {@link TicketNumberInputSchema}'s text into the ticket's sequence number (7). */
export function parseTicketNumberInput(value: string): number {
  return Number(value.replace(/\D/g, ''));
}
