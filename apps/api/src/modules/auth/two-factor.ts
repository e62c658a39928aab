import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { ErrorCodes, type TwoFactorSetupResponse, type TwoFactorStatus } from '@agencia/shared';
import { and, eq, isNull, like, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Db, Tx } from '../../db/client.js';
import { recoveryCodes, users } from '../../db/schema/index.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/security.js';

/**
 * TOTP two-factor authentication (RFC 6238: SHA-1, 6 digits, 30 s, ±1 step), decision 063.
 * Secrets are kept encrypted (AES-256-GCM with TOTP_ENCRYPTION_KEY, decision 096; the first
 * version derived the key from the JWT secret); recovery codes as SHA-256 hashes; a code is
 * accepted once (last used step stored).
 */

const ISSUER = 'Agencia Digital RD';
const PERIOD = 30;
/** Number of recovery codes per enrolment. */
export const RECOVERY_CODE_COUNT = 10;

function v1KeyFrom(jwtSecret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'agencia-rd', 'totp-secret-v1', 32));
}

function seal(version: 'v1' | 'v2', key: Buffer, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return [version, iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

function open(key: Buffer, iv: string, tag: string, data: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * Encryption of stored TOTP secrets (decision 096). New secrets are sealed as
 * "v2.<iv>.<tag>.<ciphertext>" (base64url parts, AES-256-GCM) with TOTP_ENCRYPTION_KEY, which
 * does not change when JWT_SECRET rotates. "v1." values (key = HKDF-SHA256 of the JWT secret,
 * before decision 096) are still opened with the current JWT secret until
 * {@link migrateTotpSecrets} has resealed them.
 */
export class TotpSecretBox {
  /**
   * @param key 32-byte TOTP_ENCRYPTION_KEY.
   * @param jwtSecret the current JWT secret, only to open "v1." values.
   */
  constructor(
    private readonly key: Buffer,
    private readonly jwtSecret: Uint8Array,
  ) {
    if (key.length !== 32) throw new Error('TOTP encryption key must be 32 bytes');
  }

  /** Encrypts a base32 secret for storage ("v2." value). */
  seal(base32: string): string {
    return seal('v2', this.key, base32);
  }

  /**
   * Decrypts a stored "v1." or "v2." value to the base32 secret. Throws when the value is
   * malformed or was sealed with another key (GCM authentication fails).
   */
  open(sealed: string): string {
    const [version, iv, tag, data, extra] = sealed.split('.');
    if (!iv || !tag || !data || extra !== undefined) throw new Error('malformed sealed TOTP secret');
    if (version === 'v2') return open(this.key, iv, tag, data);
    if (version === 'v1') return open(v1KeyFrom(this.jwtSecret), iv, tag, data);
    throw new Error(`unknown sealed TOTP secret version ${version}`);
  }
}

/**
 * "v1." sealing, as before decision 096. Kept for tests that need a database in the old
 * state; the app never writes v1.
 */
export function sealSecretV1(jwtSecret: Uint8Array, base32: string): string {
  return seal('v1', v1KeyFrom(jwtSecret), base32);
}

/** What {@link migrateTotpSecrets} did: values resealed, and values no key opens (left as they are). */
export interface TotpMigrationResult {
  migrated: number;
  unreadable: number;
}

/**
 * Reseals every "v1." TOTP secret (enabled and pending) as "v2." in one transaction; run at
 * start. Idempotent and safe with several processes starting at once: rows are locked
 * (`FOR UPDATE`) and only values still starting with "v1." are rewritten. A v1 value the
 * current JWT secret cannot open (the secret was rotated before this upgrade) is left
 * unchanged and counted as unreadable. Recovery codes are SHA-256 hashes, not sealed:
 * nothing to migrate there.
 */
export async function migrateTotpSecrets(db: Db, box: TotpSecretBox): Promise<TotpMigrationResult> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: users.id, secret: users.totpSecret, pending: users.totpPendingSecret })
      .from(users)
      .where(or(like(users.totpSecret, 'v1.%'), like(users.totpPendingSecret, 'v1.%')))
      .for('update');
    let migrated = 0;
    let unreadable = 0;
    const reseal = (value: string | null): string | null => {
      if (!value?.startsWith('v1.')) return value;
      try {
        const next = box.seal(box.open(value));
        migrated++;
        return next;
      } catch {
        unreadable++;
        return value;
      }
    };
    for (const row of rows) {
      const secret = reseal(row.secret);
      const pending = reseal(row.pending);
      if (secret !== row.secret || pending !== row.pending)
        await tx
          .update(users)
          .set({ totpSecret: secret, totpPendingSecret: pending })
          .where(eq(users.id, row.id));
    }
    return { migrated, unreadable };
  });
}

function totpFor(base32: string, label = 'usuario') {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(base32),
  });
}

/** Time step of a code checked now with the given delta. */
function stepOf(delta: number, now = Date.now()): number {
  return Math.floor(now / 1000 / PERIOD) + delta;
}

/**
 * Checks a 6-digit code against a base32 secret (±1 step). Returns the matched time step, or null.
 * `lastStep` rejects a code of a step already used (replay).
 */
export function checkTotp(base32: string, code: string, lastStep: number | null): number | null {
  const delta = totpFor(base32).validate({ token: code, window: 1 });
  if (delta === null) return null;
  const step = stepOf(delta);
  if (lastStep !== null && step <= lastStep) return null;
  return step;
}

/** Current code of a secret (tests and the e2e compute codes the way an authenticator app does). */
export function currentTotp(base32: string, timestamp = Date.now()): string {
  return totpFor(base32).generate({ timestamp });
}

/** Recovery code format: two groups of 5 lowercase base32 characters ("k3v9p-x2m7q"). */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** Normalises what the user typed (case, spaces, missing dash) before hashing. */
export function normaliseRecoveryCode(input: string): string {
  const compact = input.toLowerCase().replace(/[^a-z0-9]/g, '');
  return compact.length === 10 ? `${compact.slice(0, 5)}-${compact.slice(5)}` : compact;
}

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

async function replaceRecoveryCodes(db: Db | Tx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashCode(c) })));
  return codes;
}

/** Marks an unused recovery code of the user as used; true when one matched. */
export async function consumeRecoveryCode(db: Db | Tx, userId: string, input: string): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashCode(normaliseRecoveryCode(input))),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

interface Ctx {
  db: Db;
  secrets: TotpSecretBox;
  userId: string;
  audit: AuditContext;
}

async function loadUser(db: Db | Tx, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound('Usuario no encontrado');
  return user;
}

/** `GET /auth/2fa`: whether it is on and how many recovery codes are left. */
export async function getTwoFactorStatus({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<TwoFactorStatus> {
  const user = await loadUser(db, userId);
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return {
    enabled: user.totpSecret !== null,
    enabledAt: user.totpEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft: user.totpSecret ? (left?.n ?? 0) : 0,
  };
}

/**
 * `POST /auth/2fa/setup`: creates a pending secret (160 bits) and its QR code. Throws 409 when
 * two-factor is already on (disable it first). Nothing changes at login until `enable`.
 */
export async function setupTwoFactor(ctx: Ctx): Promise<TwoFactorSetupResponse> {
  const user = await loadUser(ctx.db, ctx.userId);
  if (user.totpSecret) throw conflict('La verificación en dos pasos ya está activada');
  const secret = new Secret({ size: 20 }).base32;
  await ctx.db
    .update(users)
    .set({ totpPendingSecret: ctx.secrets.seal(secret) })
    .where(eq(users.id, user.id));
  const otpauthUrl = totpFor(secret, user.email).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return {
    secret,
    otpauthUrl,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/**
 * `POST /auth/2fa/enable`: checks the first code against the pending secret, turns two-factor
 * on and returns 10 fresh recovery codes (shown once). 400 without setup or with a wrong code.
 */
export async function enableTwoFactor(ctx: Ctx, code: string): Promise<string[]> {
  const user = await loadUser(ctx.db, ctx.userId);
  if (user.totpSecret) throw conflict('La verificación en dos pasos ya está activada');
  if (!user.totpPendingSecret) throw badRequest('Primero genera el código QR');
  const secret = ctx.secrets.open(user.totpPendingSecret);
  const step = checkTotp(secret, code, null);
  if (step === null) {
    throw new AppError(400, ErrorCodes.TOTP_INVALID, 'Código de verificación incorrecto', [
      { field: 'code', message: 'Código de verificación incorrecto' },
    ]);
  }
  return ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        totpSecret: user.totpPendingSecret,
        totpPendingSecret: null,
        totpEnabledAt: new Date(),
        totpLastStep: step,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    const codes = await replaceRecoveryCodes(tx, user.id);
    await audit(tx, ctx.audit, 'auth.2fa.enabled', { type: 'user', id: user.id });
    return codes;
  });
}

async function requirePassword(db: Db, userId: string, password: string) {
  const user = await loadUser(db, userId);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw badRequest('Contraseña incorrecta', [{ field: 'password', message: 'Contraseña incorrecta' }]);
  }
  return user;
}

/** `POST /auth/2fa/disable` (password required): turns two-factor off and drops the codes. */
export async function disableTwoFactor(ctx: Ctx, password: string): Promise<void> {
  const user = await requirePassword(ctx.db, ctx.userId, password);
  if (!user.totpSecret) throw badRequest('La verificación en dos pasos no está activada');
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        totpSecret: null,
        totpPendingSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await audit(tx, ctx.audit, 'auth.2fa.disabled', { type: 'user', id: user.id });
  });
}

/** `POST /auth/2fa/recovery-codes` (password required): a new set of 10, the old ones stop working. */
export async function regenerateRecoveryCodes(ctx: Ctx, password: string): Promise<string[]> {
  const user = await requirePassword(ctx.db, ctx.userId, password);
  if (!user.totpSecret) throw badRequest('La verificación en dos pasos no está activada');
  return ctx.db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, user.id);
    await audit(tx, ctx.audit, 'auth.2fa.recovery_codes_regenerated', { type: 'user', id: user.id });
    return codes;
  });
}
