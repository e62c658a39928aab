import { createHmac, randomBytes, timingSafeEqual, X509Certificate } from 'node:crypto';
import type { EcfReceiverToken } from '@agencia/shared';
import { type Document, ParseError } from '@xmldom/xmldom';
import type { Redis } from 'ioredis';
import { jwtVerify, SignJWT } from 'jose';
import { parseXmlStrict, XmlParseError } from '../ecf/ecf-signature.js';
import { inspectInline, type XmlInspect } from './ecf-receiver-inspect.js';
import { certificateProblem, type ReceiverTrust } from './ecf-receiver-trust.js';
import { buildSeedXml } from './ecf-receiver-xml.js';

/*
 * The receiver's optional authentication ("Descripción Técnica de Facturación Electrónica",
 * "Estándar de comunicación Emisor-Receptor": `GET /fe/autenticacion/api/semilla` and
 * `POST /fe/autenticacion/api/validacioncertificado`, the same handshake as the DGII's own
 * authentication service): the sender asks for a seed, signs it with its certificate and posts it
 * back; a valid signature on a seed we issued earns a bearer token for one hour.
 *
 * Seeds are stateless: `valor` is 16 random bytes and the issue time, authenticated with an HMAC
 * under a key derived from the app's JWT secret, so any process can check that a seed is ours
 * and recent. Single use is kept in Redis when the app has it (shared by every process), else in
 * the process's memory (fine for one process; a second process would accept a seed once more
 * within its 5 minutes).
 */

/** How long a seed may be signed and posted back (5 minutes). */
export const SEED_TTL_MS = 5 * 60_000;
/** Token lifetime: 1 hour, as the DGII's own token ("Descripción Técnica", Autenticación). */
export const RECEIVER_TOKEN_TTL_SECONDS = 3600;
/** The token's audience: it can never pass as a portal session (other audience, other key). */
export const RECEIVER_TOKEN_AUDIENCE = 'agencia-rd:ecf-receiver';
const ISSUER = 'agencia-rd';

/** A receiver failure with its HTTP status, machine code and Spanish message. */
export class ReceiverError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
    this.name = 'ReceiverError';
  }
}

/**
 * Parses a document a sender posted. Refuses what must never reach the parser — a document type
 * declaration (no entities, no external references) — and an empty body; anything that does not
 * parse strictly (`parseXmlStrict`; xmldom's own `ParseError` included) → {@link ReceiverError}
 * 400 in Spanish.
 */
export function parseIncomingXml(xml: string): Document {
  if (!xml.trim()) throw new ReceiverError(400, 'xml_requerido', 'El archivo XML está vacío.');
  if (/<!DOCTYPE/i.test(xml))
    throw new ReceiverError(400, 'xml_invalido', 'El XML no puede incluir una declaración DOCTYPE.');
  try {
    return parseXmlStrict(xml);
  } catch (err) {
    if (err instanceof XmlParseError || err instanceof ParseError)
      throw new ReceiverError(400, 'xml_invalido', 'El archivo enviado no es un XML válido.');
    throw err;
  }
}

/** The receiver's keys, derived from the app's JWT secret (HMAC-SHA256 with a label each). */
export interface ReceiverKeys {
  /** HS256 key of the receiver's tokens. */
  tokenKey: Uint8Array;
  /** HMAC key authenticating seed values. */
  seedKey: Buffer;
}

/** Derives {@link ReceiverKeys} from `jwtSecret` (the bytes of `JWT_SECRET`). */
export function receiverKeys(jwtSecret: Uint8Array): ReceiverKeys {
  const derive = (label: string) => createHmac('sha256', jwtSecret).update(label).digest();
  return {
    tokenKey: new Uint8Array(derive('agencia-rd:ecf-receiver:token')),
    seedKey: derive('agencia-rd:ecf-receiver:seed'),
  };
}

/** Remembers which seeds were already exchanged for a token. */
export interface SeedLedger {
  /** True the first time `valor` is claimed within `ttlMs`; false when it was claimed before. */
  claim(valor: string, ttlMs: number): Promise<boolean>;
}

/** A {@link SeedLedger} in Redis (`SET NX PX`): one answer for every app process. */
export function redisSeedLedger(redis: Redis): SeedLedger {
  return {
    async claim(valor, ttlMs) {
      const key = `ecf-receiver:seed:${createHmac('sha256', 'seed').update(valor).digest('hex')}`;
      return (await redis.set(key, '1', 'PX', ttlMs, 'NX')) === 'OK';
    },
  };
}

/** A {@link SeedLedger} in this process's memory; expired entries are dropped as it goes. */
export function memorySeedLedger(now: () => number = Date.now): SeedLedger {
  const used = new Map<string, number>();
  return {
    async claim(valor, ttlMs) {
      const t = now();
      for (const [k, until] of used) if (until <= t) used.delete(k);
      if (used.has(valor)) return false;
      used.set(valor, t + ttlMs);
      return true;
    },
  };
}

function seedMac(seedKey: Buffer, body: string): string {
  return createHmac('sha256', seedKey).update(body).digest('base64url').slice(0, 22);
}

/**
 * A new seed: `valor` = base64url(16 random bytes ‖ issue time in ms, 8 bytes big-endian) + "." +
 * its HMAC; answers the seed XML ({@link buildSeedXml}) and the value.
 */
export function issueSeed(seedKey: Buffer, now: Date = new Date()): { xml: string; valor: string } {
  const raw = Buffer.alloc(24);
  randomBytes(16).copy(raw, 0);
  raw.writeBigUInt64BE(BigInt(now.getTime()), 16);
  const body = raw.toString('base64url');
  const valor = `${body}.${seedMac(seedKey, body)}`;
  return { xml: buildSeedXml(valor, now), valor };
}

/** Why a seed value is refused, or null when it is ours and younger than {@link SEED_TTL_MS}. */
export function seedProblem(seedKey: Buffer, valor: string, now: Date = new Date()): string | null {
  const [body, mac, extra] = valor.split('.');
  if (!body || !mac || extra !== undefined) return 'La semilla no fue emitida por este receptor.';
  const expected = Buffer.from(seedMac(seedKey, body));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return 'La semilla no fue emitida por este receptor.';
  const raw = Buffer.from(body, 'base64url');
  if (raw.length !== 24) return 'La semilla no fue emitida por este receptor.';
  const age = now.getTime() - Number(raw.readBigUInt64BE(16));
  if (age < -60_000 || age > SEED_TTL_MS) return 'La semilla venció: solicite una nueva.';
  return null;
}

/**
 * `POST /fe/autenticacion/api/validacioncertificado`: checks the signed seed — well-formed XML
 * whose root is `SemillaModel`, a `valor` we issued less than 5 minutes ago and never used, a
 * valid enveloped signature by a certificate within its validity and, in production, chaining to a
 * certification authority the DGII accepts ({@link certificateProblem}, decision 161) — and answers
 * a token for one hour (`{token, expira, expedido}`, universal date-times as the DGII answers).
 * The parse and signature check run through `inspect` (the receiver's worker thread in the app).
 * Throws {@link ReceiverError} 400 for a bad document or signature, 401 for a seed that is not
 * ours, expired or already used, or an untrusted certificate; 503 when trust is enforced without
 * any authority configured.
 */
export async function exchangeSignedSeed(opts: {
  keys: ReceiverKeys;
  ledger: SeedLedger;
  xml: string;
  now?: Date;
  inspect?: XmlInspect;
  trust?: ReceiverTrust;
}): Promise<EcfReceiverToken> {
  const now = opts.now ?? new Date();
  const inspection = await (opts.inspect ?? inspectInline)('seed', opts.xml);
  if (inspection.kind === 'refused')
    throw new ReceiverError(inspection.status, inspection.error, inspection.message);
  if (inspection.kind !== 'seed') throw new Error('unexpected inspection');
  if (inspection.root !== 'SemillaModel')
    throw new ReceiverError(400, 'semilla_invalida', 'El documento no es una semilla (SemillaModel).');
  const valor = inspection.valor;
  if (!valor) throw new ReceiverError(400, 'semilla_invalida', 'La semilla no tiene valor.');
  const problem = seedProblem(opts.keys.seedKey, valor, now);
  if (problem) throw new ReceiverError(401, 'semilla_rechazada', problem);
  const check = inspection.signature;
  if (!check.valid || !check.certificatePem)
    throw new ReceiverError(400, 'firma_invalida', `La firma de la semilla no es válida: ${check.reason}`);
  const untrusted = certificateProblem(opts.trust ?? OPEN_TRUST, check, now);
  if (untrusted) {
    if (untrusted.error === 'sin_autoridades')
      throw new ReceiverError(503, 'receptor_no_configurado', untrusted.message);
    if (untrusted.error === 'certificado_no_confiable')
      throw new ReceiverError(401, untrusted.error, untrusted.message);
    throw new ReceiverError(
      400,
      untrusted.error,
      untrusted.error === 'certificado_vencido'
        ? 'El certificado que firmó la semilla no está vigente.'
        : 'No se pudo leer el certificado que firmó la semilla.',
    );
  }
  const certificate = new X509Certificate(check.certificatePem);
  if (!(await opts.ledger.claim(valor, SEED_TTL_MS + 60_000)))
    throw new ReceiverError(401, 'semilla_rechazada', 'La semilla ya fue utilizada: solicite una nueva.');
  const expires = new Date(now.getTime() + RECEIVER_TOKEN_TTL_SECONDS * 1000);
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(certificate.serialNumber)
    .setIssuer(ISSUER)
    .setAudience(RECEIVER_TOKEN_AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expires.getTime() / 1000))
    .sign(opts.keys.tokenKey);
  return { token, expira: universal(expires), expedido: universal(now) };
}

/** No trust enforced (TesteCF, CerteCF; direct calls without a configuration). */
const OPEN_TRUST: ReceiverTrust = { enforced: false, anchors: [] };

/** `yyyy-MM-ddTHH:mm:ssZ` (the DGII's universal format for `expira`/`expedido`). */
function universal(d: Date): string {
  return `${d.toISOString().slice(0, 19)}Z`;
}

/**
 * Checks the `Authorization: Bearer …` header of a reception request against the receiver's
 * tokens (HS256 pinned, issuer, audience, expiry). Throws {@link ReceiverError} 401 in Spanish
 * when it is missing, malformed or expired; answers the certificate serial the token was issued to.
 */
export async function requireReceiverToken(keys: ReceiverKeys, header: string | undefined): Promise<string> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match)
    throw new ReceiverError(
      401,
      'token_requerido',
      'Falta el token de autenticación (Authorization: Bearer). Obténgalo en /fe/autenticacion/api/semilla.',
    );
  try {
    const { payload } = await jwtVerify(match[1]!, keys.tokenKey, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: RECEIVER_TOKEN_AUDIENCE,
    });
    return payload.sub ?? '';
  } catch {
    throw new ReceiverError(401, 'token_invalido', 'El token no es válido o expiró: autentíquese de nuevo.');
  }
}
