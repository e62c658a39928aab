import {
  ACCESS_TOKEN_TTL_SECONDS,
  ErrorCodes,
  type LoginResponse,
  REFRESH_TOKEN_TTL_SECONDS,
  type Session,
} from '@agencia/shared';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { refreshTokens, sessions, users } from '../../db/schema/index.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { renderEmail } from '../../lib/email-template.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import { queueEmail } from '../../lib/mailer.js';
import { dummyPasswordHash, hashPassword, randomToken, sha256, verifyPassword } from '../../lib/security.js';
import { signAccessToken, signChallengeToken, verifyChallengeToken } from '../../lib/tokens.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { loadUserDto, toUserDto } from './auth.serializers.js';
import type { FailureOutcome, LoginThrottle } from './login-throttle.js';
import { checkTotp, consumeRecoveryCode, type TotpSecretBox } from './two-factor.js';

/** Dependencies of the auth service. */
export interface AuthDeps {
  db: Db;
  jwtSecret: Uint8Array;
  throttle: LoginThrottle;
  /** Opens stored TOTP secrets (decision 096). */
  totpSecrets: TotpSecretBox;
}

/** Client information stored with a session (shown in the active-sessions list). */
export interface ClientInfo extends AuditContext {
  userAgent?: string | null;
}

/** Same message for unknown email and wrong password (ASVS V2.2.? / no account enumeration). */
export const INVALID_CREDENTIALS_MESSAGE = 'Credenciales incorrectas';

type UserRow = typeof users.$inferSelect;

async function issueTokens(
  db: Db,
  jwtSecret: Uint8Array,
  user: UserRow,
  sessionId: string,
): Promise<Session> {
  const refreshToken = randomToken();
  await db.insert(refreshTokens).values({
    sessionId,
    tokenHash: sha256(refreshToken),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  const token = await signAccessToken(jwtSecret, { sub: user.id, sid: sessionId, role: user.role });
  return { user: await loadUserDto(db, user), token, refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

/** Days an address that signed in successfully stays exempt from the per-account delays. */
const KNOWN_ADDRESS_DAYS = 30;

/**
 * Whether the account `email` started a session from `ip` in the last 30 days: such an address
 * is not held by the per-account delays (decision 162), so an attacker elsewhere cannot keep the
 * owner out (OWASP ASVS 5.0 V6.1.1).
 */
function knownAddress(db: Db, email: string, ip: string): () => Promise<boolean> {
  return async () => {
    const since = new Date(Date.now() - KNOWN_ADDRESS_DAYS * 24 * 60 * 60 * 1000);
    const found = await db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sql`lower(${users.email})`, email.toLowerCase()),
          eq(sessions.ip, ip),
          gt(sessions.createdAt, since),
        ),
      )
      .limit(1);
    return found.length > 0;
  };
}

/** Subject of the e-mail telling an account's owner that sign-ins are being slowed down. */
export const FAILED_LOGINS_SUBJECT = 'Intentos fallidos de inicio de sesión en tu cuenta';

/**
 * When a failure started the per-account delays, e-mails the account's owner (through the
 * outbox; once per 24-hour window): what happened, that their usual devices are not affected,
 * and what to do if it was not them. Nothing for an unknown or inactive account.
 */
async function tellOwner(
  db: Db,
  user: { email: string; firstName: string; status: string } | undefined,
  outcome: FailureOutcome,
): Promise<void> {
  if (!outcome.notifyOwner || !user || user.status !== 'active') return;
  const settings = await getCompanySettings(db);
  await queueEmail(db, {
    to: user.email,
    subject: FAILED_LOGINS_SUBJECT,
    ...renderEmail({
      greeting: `Hola ${user.firstName}:`,
      paragraphs: [
        `Hubo ${outcome.accountFailures} intentos fallidos de iniciar sesión en tu cuenta del portal en las últimas 24 horas, desde una o más direcciones.`,
        'Para protegerla, cada nuevo intento desde un equipo o red desde los que no has entrado antes debe esperar unos minutos. Desde los equipos en los que ya iniciaste sesión puedes seguir entrando con normalidad.',
        'Si no fuiste tú, no necesitas hacer nada más, pero te recomendamos cambiar tu contraseña y activar la verificación en dos pasos desde tu perfil.',
      ],
      signature: (settings.emailSignature ?? settings.name).split('\n'),
    }),
  });
}

/**
 * Signs a user in. With two-factor on, a correct password answers a challenge instead of a
 * session (finish with {@link loginWithTwoFactor}). Throws 429 (THROTTLED, with Retry-After) while email+IP is blocked,
 * 401 INVALID_CREDENTIALS for unknown email, wrong password or an inactive account.
 * Creates a session (refresh family) and returns the access + refresh tokens.
 */
export async function login({
  deps,
  input,
  client,
}: {
  deps: AuthDeps;
  input: { email: string; password: string };
  client: ClientInfo;
}): Promise<LoginResponse> {
  const { db, throttle } = deps;
  const ip = client.ip ?? 'unknown';
  const retryAfter = await throttle.check(input.email, ip, knownAddress(db, input.email, ip));
  if (retryAfter > 0) {
    await audit(db, client, 'auth.login.throttled', undefined, { email: input.email });
    throw new AppError(
      429,
      ErrorCodes.THROTTLED,
      `Demasiados intentos fallidos. Intenta nuevamente en ${Math.ceil(retryAfter / 60)} minutos.`,
      undefined,
      { 'Retry-After': String(retryAfter) },
    );
  }
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()))
    .limit(1);
  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyPassword(await dummyPasswordHash(), input.password).then(() => false);
  if (!user || !ok || user.status !== 'active') {
    await tellOwner(db, user, await throttle.fail(input.email, ip));
    await audit(
      db,
      { ...client, actorId: user?.id ?? null },
      'auth.login.failed',
      user ? { type: 'user', id: user.id } : undefined,
      {
        email: input.email,
        reason: !user ? 'unknown_email' : !ok ? 'wrong_password' : `status_${user.status}`,
      },
    );
    throw new AppError(401, ErrorCodes.INVALID_CREDENTIALS, INVALID_CREDENTIALS_MESSAGE);
  }
  if (user.totpSecret) {
    // Password right, second factor still to come: no session yet (decision 063).
    await audit(db, { ...client, actorId: user.id }, 'auth.login.password_ok', { type: 'user', id: user.id });
    return { twoFactorRequired: true, challengeToken: await signChallengeToken(deps.jwtSecret, user.id) };
  }
  await throttle.succeed(input.email, ip);
  return startSession(deps, user, client, 'password');
}

/** Creates the session (refresh family) of a fully authenticated user and issues its tokens. */
async function startSession(
  deps: AuthDeps,
  user: UserRow,
  client: ClientInfo,
  method: 'password' | 'totp' | 'recovery_code',
): Promise<Session> {
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ lastLogin: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    await audit(
      tx,
      { ...client, actorId: user.id },
      'auth.login.succeeded',
      { type: 'user', id: user.id },
      method === 'password' ? undefined : { secondFactor: method },
    );
    return openSession({ db: tx, jwtSecret: deps.jwtSecret, user: updated!, client });
  });
}

/**
 * Inserts a session (refresh family) for `user` in the caller's transaction and issues its
 * access + refresh tokens. Used by {@link startSession} and by client registration
 * (modules/registration), which has already proven the user through a single-use link.
 */
export async function openSession({
  db,
  jwtSecret,
  user,
  client,
}: {
  db: Db | Tx;
  jwtSecret: Uint8Array;
  user: UserRow;
  client: ClientInfo;
}): Promise<Session> {
  const [session] = await db
    .insert(sessions)
    .values({
      userId: user.id,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      ip: client.ip ?? null,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    })
    .returning({ id: sessions.id });
  return issueTokens(db as unknown as Db, jwtSecret, user, session!.id);
}

const TOTP_INVALID_MESSAGE = 'Código de verificación incorrecto';

/**
 * A stored secret no key opens (a v1 value sealed under a JWT secret rotated before decision
 * 096) matches no code: the user signs in with a recovery code instead of getting a 500.
 */
function openOrNull(box: TotpSecretBox, sealed: string): string | null {
  try {
    return box.open(sealed);
  } catch {
    return null;
  }
}

/**
 * Second step of a login with two-factor on: checks the challenge (5 min) and the code — a
 * 6-digit TOTP code (each accepted once) or an unused recovery code (then spent). Wrong codes
 * count as login failures for the throttle. Throws 401 TOTP_INVALID, 429 while throttled.
 */
export async function loginWithTwoFactor({
  deps,
  input,
  client,
}: {
  deps: AuthDeps;
  input: { challengeToken: string; code: string };
  client: ClientInfo;
}): Promise<Session> {
  const { db, throttle } = deps;
  const ip = client.ip ?? 'unknown';
  const userId = await verifyChallengeToken(deps.jwtSecret, input.challengeToken);
  if (!userId) {
    throw unauthorized(
      'El tiempo para ingresar el código expiró. Inicia sesión nuevamente.',
      ErrorCodes.TOTP_INVALID,
    );
  }
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (user?.status !== 'active' || !user.totpSecret) {
    throw unauthorized(TOTP_INVALID_MESSAGE, ErrorCodes.TOTP_INVALID);
  }
  const retryAfter = await throttle.check(user.email, ip, knownAddress(db, user.email, ip));
  if (retryAfter > 0) {
    throw new AppError(
      429,
      ErrorCodes.THROTTLED,
      `Demasiados intentos fallidos. Intenta nuevamente en ${Math.ceil(retryAfter / 60)} minutos.`,
      undefined,
      { 'Retry-After': String(retryAfter) },
    );
  }
  const code = input.code.trim().replace(/\s/g, '');
  let method: 'totp' | 'recovery_code' | null = null;
  if (/^\d{6}$/.test(code)) {
    const secret = openOrNull(deps.totpSecrets, user.totpSecret);
    const step = secret === null ? null : checkTotp(secret, code, user.totpLastStep);
    if (step !== null) {
      // Conditional update: two requests racing with the same code cannot both win.
      const claimed = await db
        .update(users)
        .set({ totpLastStep: step })
        .where(
          and(eq(users.id, user.id), sql`(${users.totpLastStep} is null or ${users.totpLastStep} < ${step})`),
        )
        .returning({ id: users.id });
      if (claimed.length > 0) method = 'totp';
    }
  } else if (await consumeRecoveryCode(db, user.id, code)) {
    method = 'recovery_code';
    await audit(db, { ...client, actorId: user.id }, 'auth.2fa.recovery_code_used', {
      type: 'user',
      id: user.id,
    });
  }
  if (!method) {
    await tellOwner(db, user, await throttle.fail(user.email, ip));
    await audit(db, { ...client, actorId: user.id }, 'auth.login.2fa_failed', { type: 'user', id: user.id });
    throw unauthorized(TOTP_INVALID_MESSAGE, ErrorCodes.TOTP_INVALID);
  }
  await throttle.succeed(user.email, ip);
  return startSession(deps, user, client, method);
}

/**
 * Rotates a refresh token: the presented one is marked used and a new pair is returned in
 * the same session. A token presented a second time (reuse) revokes the whole session and
 * throws 401 TOKEN_REUSED; unknown, expired or revoked tokens throw 401.
 */
export async function refresh({
  deps,
  refreshToken,
  client,
}: {
  deps: AuthDeps;
  refreshToken: string;
  client: ClientInfo;
}): Promise<Session> {
  const { db } = deps;
  const hash = sha256(refreshToken);
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ token: refreshTokens, session: sessions, user: users })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(refreshTokens.tokenHash, hash))
      .for('update', { of: refreshTokens })
      .limit(1);
    if (!row) return { kind: 'invalid' as const };
    if (row.token.usedAt) {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: 'refresh_token_reuse' })
        .where(eq(sessions.id, row.session.id));
      await audit(tx, { ...client, actorId: row.user.id }, 'auth.refresh.reuse_detected', {
        type: 'session',
        id: row.session.id,
      });
      return { kind: 'reused' as const };
    }
    const now = new Date();
    if (row.session.revokedAt || row.token.expiresAt <= now || row.user.status !== 'active') {
      return { kind: 'invalid' as const };
    }
    await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.token.id));
    await tx
      .update(sessions)
      .set({ lastUsedAt: now, ip: client.ip ?? row.session.ip })
      .where(eq(sessions.id, row.session.id));
    return {
      kind: 'ok' as const,
      session: await issueTokens(tx as unknown as Db, deps.jwtSecret, row.user, row.session.id),
    };
  });
  if (outcome.kind === 'reused') {
    throw unauthorized(
      'La sesión fue revocada por seguridad. Inicia sesión nuevamente.',
      ErrorCodes.TOKEN_REUSED,
    );
  }
  if (outcome.kind === 'invalid')
    throw unauthorized('Sesión expirada o inválida. Inicia sesión nuevamente.', ErrorCodes.TOKEN_EXPIRED);
  return outcome.session;
}

/**
 * Ends the session of the given refresh token (and, when known, the caller's current
 * session). Unknown tokens are ignored: logout always succeeds.
 */
export async function logout({
  db,
  input,
  client,
}: {
  db: Db;
  input: { refreshToken?: string | null; sessionId?: string | null };
  client: ClientInfo;
}): Promise<void> {
  const ids = new Set<string>();
  if (input.sessionId) ids.add(input.sessionId);
  if (input.refreshToken) {
    const [row] = await db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(input.refreshToken)))
      .limit(1);
    if (row) ids.add(row.sessionId);
  }
  for (const id of ids) {
    const revoked = await db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'logout' })
      .where(and(eq(sessions.id, id), sql`${sessions.revokedAt} is null`))
      .returning({ userId: sessions.userId });
    if (revoked[0])
      await audit(db, { ...client, actorId: revoked[0].userId }, 'auth.logout', { type: 'session', id });
  }
}

/** Loads a user by id for `GET /auth/me`; throws 401 when it no longer exists. */
export async function getMe({ db, userId }: { db: Db; userId: string }) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw unauthorized();
  return loadUserDto(db, user);
}

/** True when at least one active admin exists. */
export async function adminExists(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
  return (row?.n ?? 0) > 0;
}

/**
 * Creates an admin account. Throws 409 when the email is taken (case-insensitive).
 * Callers decide who may do this (`POST /auth/register-admin`, the create-admin CLI).
 */
export async function createAdmin({
  db,
  input,
  ctx,
}: {
  db: Db;
  input: { firstName: string; lastName: string; email: string; password: string };
  ctx: AuditContext;
}) {
  const passwordHash = await hashPassword(input.password);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()))
    .limit(1);
  if (existing) throw new AppError(409, ErrorCodes.CONFLICT, 'Ya existe un usuario con ese email');
  const [user] = await db
    .insert(users)
    .values({
      ...input,
      email: input.email.toLowerCase(),
      passwordHash,
      role: 'admin',
      department: 'Administración',
    })
    .returning();
  await audit(
    db,
    { ...ctx, actorId: ctx.actorId ?? user!.id },
    'user.created',
    { type: 'user', id: user!.id },
    { role: 'admin' },
  );
  return toUserDto(user!);
}
