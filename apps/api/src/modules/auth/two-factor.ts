import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { ErrorCodes, type TwoFactorSetupResponse, type TwoFactorStatus } from '@agencia/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Db, Tx } from '../../db/client.js';
import { recoveryCodes, users } from '../../db/schema/index.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/security.js';

/**
 * TOTP two-factor authentication (RFC 6238: SHA-1, 6 digits, 30 s, ±1 step), decision 063.
 * Secrets are kept encrypted (AES-256-GCM, key derived from the JWT secret with HKDF);
 * recovery codes as SHA-256 hashes; a code is accepted once (last used step stored).
 */

const ISSUER = 'Agencia Digital RD';
const PERIOD = 30;
/** Number of recovery codes per enrolment. */
export const RECOVERY_CODE_COUNT = 10;

function keyFrom(jwtSecret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'agencia-rd', 'totp-secret-v1', 32));
}

/** Encrypts a base32 secret for storage: "v1.<iv>.<tag>.<ciphertext>" (base64url). */
export function sealSecret(jwtSecret: Uint8Array, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(jwtSecret), iv);
  const data = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Decrypts a stored secret; throws when it was sealed with another key. */
export function openSecret(jwtSecret: Uint8Array, sealed: string): string {
  const [, iv, tag, data] = sealed.split('.');
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(jwtSecret), Buffer.from(iv!, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data!, 'base64url')), decipher.final()]).toString('utf8');
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
  jwtSecret: Uint8Array;
  userId: string;
  audit: AuditContext;
}

async function loadUser(db: Db | Tx, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound('Usuario no encontrado');
  return user;
}

/** `GET /auth/2fa`: whether it is on and how many recovery codes are left. */
export async function getTwoFactorStatus(db: Db, userId: string): Promise<TwoFactorStatus> {
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
    .set({ totpPendingSecret: sealSecret(ctx.jwtSecret, secret) })
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
  const secret = openSecret(ctx.jwtSecret, user.totpPendingSecret);
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
