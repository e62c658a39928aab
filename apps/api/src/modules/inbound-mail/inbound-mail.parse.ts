import { createHash } from 'node:crypto';
import EmailReplyParser from 'email-reply-parser';
import type { AddressObject, HeaderValue } from 'mailparser';

/** One attachment of a received message (bytes in memory; checked when stored). */
export interface ParsedAttachment {
  filename: string;
  data: Buffer;
}

/** What the pipeline needs of a received message. Addresses lower-cased. */
export interface ParsedMail {
  /** The Message-ID with its angle brackets, or `<sha256-…@inbound>` of the raw bytes when absent. */
  messageId: string;
  fromAddress: string;
  fromName: string | null;
  /** To + Cc + Delivered-To/X-Original-To + the SMTP envelope recipients. */
  recipients: string[];
  subject: string;
  /** In-Reply-To then References, newest last, each `<…>`. */
  referencedIds: string[];
  /** The whole text of the message (HTML converted to text when there is no text part). */
  fullText: string;
  /** The HTML part (for the hidden marker), or ''. */
  html: string;
  /** The new part of a reply: quoted history and signature cut off (email-reply-parser). */
  visibleText: string;
  attachments: ParsedAttachment[];
  /** Why this is automatic mail (RFC 3834 and list headers), or null for a person's mail. */
  automatic: string | null;
  /** A delivery status notification: the recipients that failed and our Message-IDs it names. */
  bounce: { failedRecipients: Array<{ address: string; status: string }>; ourMessageIds: string[] } | null;
}

const lower = (s: string) => s.trim().toLowerCase();

function addresses(
  value: AddressObject | AddressObject[] | undefined,
): Array<{ address: string; name: string }> {
  if (!value) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((a) =>
    a.value.flatMap((v) =>
      v.group
        ? v.group.map((g) => ({ address: lower(g.address ?? ''), name: g.name }))
        : [{ address: lower(v.address ?? ''), name: v.name }],
    ),
  );
}

function headerText(value: HeaderValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => headerText(v as HeaderValue)).join(' ');
  if (typeof value === 'object' && 'value' in value) return String((value as { value: unknown }).value);
  if (typeof value === 'object' && 'text' in value) return String((value as { text: unknown }).text);
  return String(value);
}

const MESSAGE_IDS = /<[^<>\s]+>/g;

/**
 * Why a message is automatic and must never be answered nor open a ticket (RFC 3834 §2 and the
 * de-facto headers it names): `Auto-Submitted` other than `no`, `X-Autoreply`, `X-Autorespond`,
 * `Precedence: bulk | junk | list | auto_reply`, any `List-*` header (RFC 2369/2919), an empty
 * `Return-Path: <>` (bounces, RFC 5321 §4.5.5) or a mailer-daemon/postmaster sender. Null: a person.
 * `headers` is the raw header block, names lower-cased.
 */
export function automaticReason(headers: Map<string, string>, fromAddress: string): string | null {
  const autoSubmitted = lower(headers.get('auto-submitted') ?? '');
  if (autoSubmitted && autoSubmitted !== 'no') return `Auto-Submitted: ${autoSubmitted}`;
  if (headers.has('x-autoreply')) return 'X-Autoreply';
  if (headers.has('x-autorespond')) return 'X-Autorespond';
  if (
    headers.has('x-auto-response-suppress') &&
    /\b(all|oof|autoreply)\b/i.test(headers.get('x-auto-response-suppress')!)
  )
    return 'X-Auto-Response-Suppress';
  const precedence = lower(headers.get('precedence') ?? '');
  if (['bulk', 'junk', 'list', 'auto_reply'].includes(precedence)) return `Precedence: ${precedence}`;
  const list = [...headers.keys()].find((k) => k.startsWith('list-'));
  if (list) return `${list} (lista de correo)`;
  const returnPath = headers.get('return-path');
  if (returnPath !== undefined && /^\s*<\s*>\s*$/.test(returnPath)) return 'Return-Path: <> (rebote)';
  if (/^(mailer-daemon|postmaster)@/i.test(fromAddress)) return `${fromAddress} (rebote)`;
  return null;
}

/** Reads the raw header block (unfolded) into name → value; the first of repeated names wins. */
function rawHeaders(raw: Buffer): Map<string, string> {
  const text = raw.toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  const block = (end === -1 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const map = new Map<string, string>();
  for (const line of block.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    if (!map.has(name)) map.set(name, line.slice(i + 1).trim());
  }
  return map;
}

/**
 * A delivery status notification (RFC 3464: `multipart/report; report-type=delivery-status`):
 * its failed recipients (`Action: failed`, with their `Status`), and the Message-IDs of the
 * returned message's headers. Null for any other message.
 */
function parseBounce(raw: Buffer, headers: Map<string, string>): ParsedMail['bounce'] {
  const contentType = lower(headers.get('content-type') ?? '');
  if (!contentType.startsWith('multipart/report') || !/report-type="?delivery-status/.test(contentType))
    return null;
  const text = raw.toString('utf8').replace(/\r\n/g, '\n');
  const failedRecipients: Array<{ address: string; status: string }> = [];
  // Per-recipient groups of the message/delivery-status part are separated by blank lines.
  for (const group of text.split(/\n\s*\n/)) {
    const recipient = /^Final-Recipient:\s*[^;]+;\s*(.+)$/im.exec(group)?.[1];
    const action = /^Action:\s*(\S+)/im.exec(group)?.[1];
    if (!recipient || lower(action ?? '') !== 'failed') continue;
    const status = /^Status:\s*(\S+)/im.exec(group)?.[1] ?? '5.0.0';
    const diagnostic = /^Diagnostic-Code:\s*(.+)$/im.exec(group)?.[1]?.trim();
    failedRecipients.push({
      address: lower(recipient.replace(/^<|>$/g, '')),
      status: diagnostic ? `${status} ${diagnostic}`.slice(0, 300) : status,
    });
  }
  const ourMessageIds = [...text.matchAll(/^(?:Message-ID|In-Reply-To|References):\s*(.+)$/gim)].flatMap(
    (m) => m[1]!.match(MESSAGE_IDS) ?? [],
  );
  return { failedRecipients, ourMessageIds };
}

/** The new part of a reply (email-reply-parser: quoted history, "El … escribió:" and signature cut). */
export function visibleReplyText(text: string): string {
  const cut = new EmailReplyParser().read(text.replace(/\r\n/g, '\n')).getVisibleText().trim();
  return cut || text.trim();
}

/**
 * Parses a raw RFC 5322 message with mailparser (HTML-only mail gets its text from the HTML) and
 * reads what the pipeline matches on. `envelopeTo`: the SMTP `RCPT TO` addresses, when known.
 */
export async function parseMail(raw: Buffer, envelopeTo: string[] = []): Promise<ParsedMail> {
  // Loaded with the first message (decision 175).
  const { simpleParser } = await import('mailparser');
  const parsed = await simpleParser(raw, { skipImageLinks: true });
  const headers = rawHeaders(raw);
  const from = addresses(parsed.from)[0] ?? { address: '', name: '' };
  const recipients = new Set<string>();
  for (const a of [...addresses(parsed.to), ...addresses(parsed.cc)])
    if (a.address) recipients.add(a.address);
  for (const name of ['delivered-to', 'x-original-to', 'envelope-to']) {
    const v = headers.get(name);
    if (v) for (const a of v.split(',')) recipients.add(lower(a.replace(/^.*<|>.*$/g, '')));
  }
  for (const a of envelopeTo) recipients.add(lower(a));
  const referencedIds = [
    ...(headerText(parsed.headers.get('references')).match(MESSAGE_IDS) ?? []),
    ...(headerText(parsed.headers.get('in-reply-to')).match(MESSAGE_IDS) ?? []),
  ];
  const fullText = (parsed.text ?? '').trim();
  const messageId =
    parsed.messageId?.match(MESSAGE_IDS)?.[0] ??
    `<sha256-${createHash('sha256').update(raw).digest('hex')}@inbound>`;
  return {
    messageId,
    fromAddress: from.address,
    fromName: from.name || null,
    recipients: [...recipients].filter(Boolean),
    subject: (parsed.subject ?? '').trim(),
    referencedIds: [...new Set(referencedIds)],
    fullText,
    html: typeof parsed.html === 'string' ? parsed.html : '',
    visibleText: fullText ? visibleReplyText(fullText) : '',
    attachments: parsed.attachments
      .filter((a) => a.contentDisposition !== 'inline' || !a.related)
      .filter((a) => !/^message\/|^text\/rfc822-headers/.test(a.contentType))
      .map((a) => ({ filename: a.filename ?? 'adjunto', data: a.content })),
    automatic: automaticReason(headers, from.address),
    bounce: parseBounce(raw, headers),
  };
}
