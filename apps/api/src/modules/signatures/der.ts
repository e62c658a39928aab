/*
 * A small DER reader and writer (ITU-T X.690 §8 and §10), enough for CMS (RFC 5652), ESS
 * (RFC 5035) and time-stamp (RFC 3161) structures. Written here rather than through node-forge's
 * ASN.1 so that certificates and signed attributes travel as their exact original bytes: a
 * re-encoded certificate or attribute set would no longer match its signature.
 */

/** One decoded element: its tag byte, its whole encoding (`raw`) and its value octets. */
export interface DerNode {
  tag: number;
  raw: Buffer;
  content: Buffer;
  /** The elements inside a constructed one (SEQUENCE, SET, [n] constructed); empty otherwise. */
  children: DerNode[];
}

/** Universal and context tags used here (X.690 §8.1.2; 0x20 = constructed, 0x80 = context). */
export const TAG = {
  boolean: 0x01,
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  null: 0x05,
  oid: 0x06,
  utf8String: 0x0c,
  printableString: 0x13,
  utcTime: 0x17,
  generalizedTime: 0x18,
  sequence: 0x30,
  set: 0x31,
} as const;

/** Context-specific tag `[n]`, constructed unless `primitive`. */
export const contextTag = (n: number, primitive = false) => (primitive ? 0x80 : 0xa0) | n;

/**
 * Decodes one DER element at `offset`. Throws on a truncated element, on indefinite lengths
 * (BER, never DER) and on high tag numbers (unused by the structures read here).
 */
export function decodeDer(buf: Buffer, offset = 0): DerNode {
  if (offset + 2 > buf.length) throw new Error('DER: truncated element');
  const tag = buf[offset]!;
  if ((tag & 0x1f) === 0x1f) throw new Error('DER: high tag numbers are not supported');
  let length = buf[offset + 1]!;
  let header = 2;
  if (length === 0x80) throw new Error('DER: indefinite length');
  if (length > 0x80) {
    const n = length & 0x7f;
    if (n > 4 || offset + 2 + n > buf.length) throw new Error('DER: bad length');
    length = 0;
    for (let i = 0; i < n; i++) length = length * 256 + buf[offset + 2 + i]!;
    header += n;
  }
  const end = offset + header + length;
  if (end > buf.length) throw new Error('DER: truncated element');
  const content = buf.subarray(offset + header, end);
  const node: DerNode = { tag, raw: buf.subarray(offset, end), content, children: [] };
  if (tag & 0x20) {
    let at = 0;
    while (at < content.length) {
      const child = decodeDer(content, at);
      node.children.push(child);
      at += child.raw.length;
    }
  }
  return node;
}

/** Child `i` of a constructed element; throws with `what` when it is missing. */
export function child(node: DerNode, i: number, what = 'element'): DerNode {
  const c = node.children[i];
  if (!c) throw new Error(`DER: missing ${what}`);
  return c;
}

/** The dotted form of an OBJECT IDENTIFIER's content octets (X.690 §8.19). */
export function oidOf(node: DerNode): string {
  if (node.tag !== TAG.oid) throw new Error('DER: not an OBJECT IDENTIFIER');
  const parts: number[] = [];
  let value = 0;
  for (const byte of node.content) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      parts.push(value);
      value = 0;
    }
  }
  const first = parts.shift() ?? 0;
  const head = first < 80 ? [Math.floor(first / 40), first % 40] : [2, first - 80];
  return [...head, ...parts].join('.');
}

/** A UTCTime or GeneralizedTime (Z form, optional fraction) as a Date (RFC 5280 §4.1.2.5). */
export function timeOf(node: DerNode): Date {
  const s = node.content.toString('latin1');
  const m = /^(\d{2}|\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\.\d+)?Z$/.exec(s);
  if (!m || (node.tag !== TAG.utcTime && node.tag !== TAG.generalizedTime))
    throw new Error('DER: not a time');
  let year = Number(m[1]);
  if (m[1]!.length === 2) year += year < 50 ? 2000 : 1900;
  const ms = m[7] ? Math.round(Number(`0${m[7]}`) * 1000) : 0;
  return new Date(
    Date.UTC(year, Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]), ms),
  );
}

// ── writing ────────────────────────────────────────────────────────────────────────────────

function lengthOctets(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** Tag, length and value. */
export function tlv(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), lengthOctets(content.length), content]);
}

/** SEQUENCE of already-encoded elements. */
export const sequence = (...items: Buffer[]) => tlv(TAG.sequence, Buffer.concat(items));

/** SET OF, its elements sorted by their encodings as DER requires (X.690 §11.6). */
export const setOf = (...items: Buffer[]) => tlv(TAG.set, Buffer.concat([...items].sort(Buffer.compare)));

/** `[n]` EXPLICIT or IMPLICIT-constructed wrapper around encoded elements. */
export const context = (n: number, ...items: Buffer[]) => tlv(contextTag(n), Buffer.concat(items));

export const octetString = (bytes: Buffer) => tlv(TAG.octetString, bytes);
export const nullValue = () => tlv(TAG.null, Buffer.alloc(0));
export const booleanValue = (v: boolean) => tlv(TAG.boolean, Buffer.from([v ? 0xff : 0]));

/** INTEGER from an unsigned big-endian magnitude or a small non-negative number (X.690 §8.3). */
export function integer(value: Buffer | number): Buffer {
  let bytes = value;
  if (typeof bytes === 'number') {
    const hex = bytes.toString(16);
    bytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  }
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0 && !(bytes[start + 1]! & 0x80)) start++;
  bytes = bytes.subarray(start);
  if (bytes[0]! & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return tlv(TAG.integer, bytes);
}

/** OBJECT IDENTIFIER from its dotted form (X.690 §8.19). */
export function oid(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number);
  const values = [parts[0]! * 40 + parts[1]!, ...parts.slice(2)];
  const bytes: number[] = [];
  for (const v of values) {
    const group: number[] = [v & 0x7f];
    for (let rest = Math.floor(v / 128); rest > 0; rest = Math.floor(rest / 128))
      group.unshift(0x80 | (rest & 0x7f));
    bytes.push(...group);
  }
  return tlv(TAG.oid, Buffer.from(bytes));
}

/** GeneralizedTime in UTC with milliseconds when not whole seconds (RFC 3161 §2.4.2 genTime). */
export function generalizedTime(date: Date): Buffer {
  const iso = date.toISOString(); // 2026-05-01T12:00:00.123Z
  const ms = iso.slice(20, 23).replace(/0+$/, '');
  const text = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}${ms ? `.${ms}` : ''}Z`;
  return tlv(TAG.generalizedTime, Buffer.from(text, 'latin1'));
}

/** UTCTime (years 1950–2049, RFC 5652 §11.3 signing-time). */
export function utcTime(date: Date): Buffer {
  const iso = date.toISOString();
  const text = `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  return tlv(TAG.utcTime, Buffer.from(text, 'latin1'));
}
