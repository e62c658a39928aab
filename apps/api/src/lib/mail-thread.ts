import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * What threads an e-mail reply back to its ticket (decision 168). Outgoing ticket mail carries four
 * keys, and the inbound pipeline tries them in this order:
 *  1. its own Message-ID `<outbox-{outboxId}@domain>` and the ticket's root id
 *     `<ticket-{ticketId}@domain>` in In-Reply-To / References;
 *  2. a Reply-To plus address holding a signed token: `soporte+t7-1a2b3c4d5e6f@domain`;
 *  3. the subject tag `[#TK-0007]`;
 *  4. a hidden marker in the body, `ref:t7-1a2b3c4d5e6f` (some providers rewrite Message-IDs and
 *     drop Reply-To; quoted bodies usually keep it).
 * The token is an HMAC-SHA256 of the ticket number under a key derived from JWT_SECRET (the key
 * material of the product's other tokens; rotating it only ends keys 2 and 4 for older mail).
 */

/** Hex characters of the token's signature (48 bits: guessing one takes ~10^14 tries). */
const SIG_LENGTH = 12;

/** Derives the reply-token key from the JWT secret (its own label, never the JWT key itself). */
export function replyTokenKey(jwtSecret: string | Uint8Array): Buffer {
  return createHmac('sha256', jwtSecret).update('inbound-mail:reply-token:v1').digest();
}

/** The signed token of ticket number `n`: `t7-1a2b3c4d5e6f` (lower case: mail systems fold case). */
export function replyToken(key: Buffer, ticketNumber: number): string {
  const sig = createHmac('sha256', key).update(`ticket:${ticketNumber}`).digest('hex').slice(0, SIG_LENGTH);
  return `t${ticketNumber}-${sig}`;
}

/** The ticket number of a token whose signature is right (case-insensitive), else null. */
export function verifyReplyToken(key: Buffer, token: string): number | null {
  const m = /^t(\d{1,9})-([0-9a-f]{12})$/i.exec(token.trim());
  if (!m) return null;
  const n = Number(m[1]);
  const expected = Buffer.from(replyToken(key, n));
  const given = Buffer.from(`t${n}-${m[2]!.toLowerCase()}`);
  return expected.length === given.length && timingSafeEqual(expected, given) ? n : null;
}

/** Splits `local@domain` (lower-cased). Throws for a string without one `@`. */
export function splitAddress(address: string): { local: string; domain: string } {
  const at = address.lastIndexOf('@');
  if (at <= 0) throw new Error(`not an e-mail address: ${address}`);
  return { local: address.slice(0, at).toLowerCase(), domain: address.slice(at + 1).toLowerCase() };
}

/** `soporte@dominio` + token → `soporte+t7-…@dominio` (RFC 5233 sub-addressing). */
export function plusAddress(supportAddress: string, token: string): string {
  const { local, domain } = splitAddress(supportAddress);
  return `${local.split('+')[0]}+${token}@${domain}`;
}

/**
 * The `+tag` of `address` when it is a plus address of `supportAddress` (same local part and
 * domain, case-insensitive), `''` for the support address itself, null for any other address.
 */
export function plusTagOf(address: string, supportAddress: string): string | null {
  let a: { local: string; domain: string };
  let s: { local: string; domain: string };
  try {
    a = splitAddress(address);
    s = splitAddress(supportAddress);
  } catch {
    return null;
  }
  if (a.domain !== s.domain) return null;
  const [base, ...tag] = a.local.split('+');
  if (base !== s.local.split('+')[0]) return null;
  return tag.join('+');
}

/** Message-ID of outbox row `id`: `<outbox-{id}@domain>`. */
export function outboxMessageId(outboxId: string, domain: string): string {
  return `<outbox-${outboxId}@${domain}>`;
}

/** The root Message-ID of a ticket's thread, `<ticket-{id}@domain>` (never sent as a Message-ID itself). */
export function ticketRootMessageId(ticketId: string, domain: string): string {
  return `<ticket-${ticketId}@${domain}>`;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** What one of our Message-IDs names: an outbox row or a ticket; null for anyone else's. */
export function parseOwnMessageId(messageId: string): { outboxId: string } | { ticketId: string } | null {
  const m = new RegExp(`^<?(outbox|ticket)-(${UUID})@[^>]+>?$`, 'i').exec(messageId.trim());
  if (!m) return null;
  const id = m[2]!.toLowerCase();
  return m[1]!.toLowerCase() === 'outbox' ? { outboxId: id } : { ticketId: id };
}

/** The marker text the body carries: `ref:t7-1a2b3c4d5e6f`. */
export function bodyMarker(token: string): string {
  return `ref:${token}`;
}

/** Every marker token found in `text` (the signature is checked by the caller). */
export function findBodyMarkers(text: string): string[] {
  return [...text.matchAll(/ref:(t\d{1,9}-[0-9a-f]{12})\b/gi)].map((m) => m[1]!);
}

/** The hidden HTML block holding the marker (invisible in mail clients, kept when quoted). */
export function hiddenMarkerHtml(token: string): string {
  return `<div style="display:none;max-height:0;overflow:hidden;font-size:1px;line-height:1px;color:transparent;mso-hide:all" aria-hidden="true">${bodyMarker(token)}</div>`;
}

/** Ticket numbers tagged in a subject: "Re: [#TK-0007] …" → [7]. */
export function subjectTicketNumbers(subject: string): number[] {
  return [...subject.matchAll(/\[#TK-(\d{1,9})\]/gi)].map((m) => Number(m[1]));
}
