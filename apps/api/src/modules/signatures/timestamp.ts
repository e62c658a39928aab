import { createHash, randomBytes } from 'node:crypto';
import { ErrorCodes } from '@agencia/shared';
import { AppError } from '../../lib/errors.js';
import {
  attribute,
  hashNameOf,
  OID,
  type ParsedSignedData,
  parseSignedData,
  sha256AlgorithmId,
  verifySignedData,
} from './cms.js';
import { booleanValue, child, decodeDer, integer, octetString, oidOf, sequence, TAG, timeOf } from './der.js';

/*
 * RFC 3161 time-stamp protocol over HTTP (§3.4): POST a DER TimeStampReq with content type
 * `application/timestamp-query`; the answer is a DER TimeStampResp with content type
 * `application/timestamp-reply`. The token is a CMS SignedData whose content is a TSTInfo.
 */

/** Content types of the HTTP transport (RFC 3161 §3.4). */
export const TIMESTAMP_QUERY = 'application/timestamp-query';
export const TIMESTAMP_REPLY = 'application/timestamp-reply';

/** How long a TSA may take before sealing gives up (ms). */
const TSA_TIMEOUT_MS = 15_000;

/** A TimeStampReq (RFC 3161 §2.4.1) for the SHA-256 of `data`, with a nonce, asking for the TSA's certificate. */
export function timestampRequest(data: Buffer, nonce: Buffer): Buffer {
  return sequence(
    integer(1),
    sequence(sha256AlgorithmId(), octetString(createHash('sha256').update(data).digest())),
    integer(nonce),
    booleanValue(true), // certReq: the token carries the TSA certificate
  );
}

/** A TSTInfo, read (RFC 3161 §2.4.2). */
export interface TstInfo {
  policy: string;
  hashAlgorithm: string;
  hashedMessage: Buffer;
  serialNumber: Buffer;
  genTime: Date;
  nonce: Buffer | null;
}

/** Reads a TSTInfo's DER. */
export function parseTstInfo(der: Buffer): TstInfo {
  const tst = decodeDer(der);
  const imprint = child(tst, 2, 'messageImprint');
  let nonce: Buffer | null = null;
  for (const c of tst.children.slice(5)) if (c.tag === TAG.integer) nonce = Buffer.from(c.content);
  return {
    policy: oidOf(child(tst, 1, 'policy')),
    hashAlgorithm: oidOf(child(child(imprint, 0), 0)),
    hashedMessage: Buffer.from(child(imprint, 1).content),
    serialNumber: Buffer.from(child(tst, 3, 'serialNumber').content),
    genTime: timeOf(child(tst, 4, 'genTime')),
    nonce,
  };
}

/** Integer magnitudes compare equal regardless of a leading zero octet. */
const sameInteger = (a: Buffer, b: Buffer) => {
  const strip = (x: Buffer) => {
    let i = 0;
    while (i < x.length - 1 && x[i] === 0) i++;
    return x.subarray(i);
  };
  return strip(a).equals(strip(b));
};

/** What {@link checkTimestampToken} found. */
export interface TimestampCheck {
  valid: boolean;
  reason: string | null;
  genTime: Date | null;
}

/**
 * Checks a time-stamp token against the data it stamps: a SignedData of a TSTInfo whose
 * message imprint is the hash of `data`, signed by the certificate it carries (RFC 3161 §2.4.2;
 * trust in the TSA is not judged here).
 */
export function checkTimestampToken(token: Buffer, data: Buffer): TimestampCheck {
  let parsed: ParsedSignedData;
  let info: TstInfo;
  try {
    parsed = parseSignedData(token);
    if (parsed.contentType !== OID.tstInfo || !parsed.content) throw new Error('not a TSTInfo');
    info = parseTstInfo(parsed.content);
  } catch {
    return { valid: false, reason: 'El sello de tiempo no se puede leer.', genTime: null };
  }
  const hashName = hashNameOf(info.hashAlgorithm);
  if (!hashName || !createHash(hashName).update(data).digest().equals(info.hashedMessage))
    return { valid: false, reason: 'El sello de tiempo no corresponde a esta firma.', genTime: info.genTime };
  const check = verifySignedData(parsed);
  if (!check.valid)
    return { valid: false, reason: `Sello de tiempo: ${check.reason}`, genTime: info.genTime };
  return { valid: true, reason: null, genTime: info.genTime };
}

const unavailable = (detail: string) =>
  new AppError(
    503,
    ErrorCodes.UNAVAILABLE,
    `El servicio de sello de tiempo (TSA_URL) no dio un sello válido: ${detail}. El documento no se selló; inténtalo de nuevo más tarde.`,
  );

/**
 * Asks the TSA at `url` for a time-stamp token over `data` (for PAdES B-T: the signature value,
 * ETSI EN 319 142-1 §5.3, RFC 3161 Appendix A). Checks the answer: HTTP 200 with
 * `application/timestamp-reply`, status granted (0) or grantedWithMods (1), the imprint and the
 * nonce sent, and the token's own signature. Answers the token (a ContentInfo, DER).
 * Throws AppError 503 (Spanish) when the TSA is unreachable or answers anything else.
 */
export async function requestTimestamp({ url, data }: { url: string; data: Buffer }): Promise<Buffer> {
  const nonce = randomBytes(8);
  nonce[0] = (nonce[0]! & 0x3f) | 0x40; // positive, 8 octets exactly: no padding or stripped octet
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': TIMESTAMP_QUERY, accept: TIMESTAMP_REPLY },
      body: timestampRequest(data, nonce),
      signal: AbortSignal.timeout(TSA_TIMEOUT_MS),
    });
  } catch (err) {
    throw unavailable(`no respondió (${(err as Error).message})`);
  }
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw unavailable(`respondió HTTP ${response.status}`);
  if (!(response.headers.get('content-type') ?? '').toLowerCase().startsWith(TIMESTAMP_REPLY))
    throw unavailable('la respuesta no es application/timestamp-reply');
  let token: Buffer;
  try {
    const resp = decodeDer(body);
    const status = child(child(resp, 0, 'status'), 0, 'PKIStatus');
    const code = status.content.readUIntBE(0, status.content.length);
    if (code !== 0 && code !== 1) throw unavailable(`rechazó la solicitud (estado ${code})`);
    token = Buffer.from(child(resp, 1, 'timeStampToken').raw);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unavailable('la respuesta no es un TimeStampResp');
  }
  const check = checkTimestampToken(token, data);
  if (!check.valid) throw unavailable(check.reason ?? 'sello inválido');
  const info = parseTstInfo(parseSignedData(token).content!);
  if (!info.nonce || !sameInteger(info.nonce, nonce)) throw unavailable('el nonce no coincide');
  return token;
}

/** The unsigned attribute carrying a signature time-stamp token (RFC 3161 Appendix A). */
export const timestampAttribute = (token: Buffer) => attribute(OID.timeStampToken, token);
