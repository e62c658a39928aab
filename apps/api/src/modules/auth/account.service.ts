import { randomBytes } from 'node:crypto';
import {
  DEFAULT_USER_PREFERENCES,
  type NotificationPreferences,
  PROFILE_MESSAGES,
  type ProfileStats,
  type SessionInfo,
  type UpdatePreferencesRequest,
  type UpdateProfileRequest,
  type User,
  type UserPreferences,
} from '@agencia/shared';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { files, projects, recoveryCodes, sessions, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/security.js';
import type { ActorCall } from '../../lib/service-args.js';
import { deleteFile } from '../../lib/storage.js';
import { countProfileTickets } from '../tickets/tickets.stats.js';
import { accountPolicy, profileProjectScope } from './account.policy.js';
import { loadUserDto } from './auth.serializers.js';

type UserRow = typeof users.$inferSelect;

/** Id of a stored file from its URL (`/api/files/{id}`), or null. */
export function fileIdFromUrl(url: string | null | undefined): string | null {
  const m = url?.match(/^\/api\/files\/([0-9a-f-]{36})$/);
  return m ? m[1]! : null;
}

async function loadUser(db: Db | Tx, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound('Usuario no encontrado');
  return row;
}

/** Throws 409 when another user already has `email` (case-insensitive). */
export async function assertEmailFree({
  db,
  email,
  exceptId,
}: {
  db: Db | Tx;
  email: string;
  exceptId?: string;
}): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(sql`lower(${users.email})`, email.toLowerCase()), exceptId ? ne(users.id, exceptId) : undefined),
    )
    .limit(1);
  if (taken) throw conflict('Ya existe un usuario con ese email');
}

/**
 * `PUT /auth/profile`: the caller's own name, email, phone, company and bio, and the avatar
 * (a file the caller uploaded as `user_avatar`, or null to remove it; the old file is deleted).
 * Role, status, department and permissions are not in the schema, so they cannot change here.
 * Throws 409 on a taken email, 400 on an avatar that is not the caller's upload.
 */
export async function updateProfile(opts: {
  db: Db;
  actor: Actor;
  input: Omit<UpdateProfileRequest, 'phone' | 'companyName' | 'bio'> & {
    phone: string | null;
    companyName: string | null;
    bio: string | null;
  };
  ctx: AuditContext;
}): Promise<User> {
  const { db, actor, input, ctx } = opts;
  const current = await loadUser(db, actor.id);
  await assertEmailFree({ db, email: input.email, exceptId: actor.id });
  let avatar = current.avatar;
  if (input.avatar !== undefined) {
    if (input.avatar !== null) {
      const fileId = fileIdFromUrl(input.avatar);
      const [file] = fileId
        ? await db
            .select({ id: files.id })
            .from(files)
            .where(and(eq(files.id, fileId), eq(files.ownerType, 'user_avatar'), eq(files.ownerId, actor.id)))
            .limit(1)
        : [];
      if (!file) throw badRequest('Avatar inválido', [{ field: 'avatar', message: 'Avatar inválido' }]);
    }
    avatar = input.avatar;
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email.toLowerCase(),
        phone: input.phone,
        companyName: input.companyName,
        bio: input.bio,
        avatar,
        updatedAt: new Date(),
      })
      .where(eq(users.id, actor.id))
      .returning();
    const oldFile = fileIdFromUrl(current.avatar);
    if (oldFile && current.avatar !== avatar) await deleteFile(tx, oldFile);
    const changed = (
      ['firstName', 'lastName', 'email', 'phone', 'companyName', 'bio', 'avatar'] as const
    ).filter((k) => (k === 'avatar' ? avatar : input[k]) !== current[k]);
    await audit(tx, ctx, 'profile.updated', { type: 'user', id: actor.id }, { fields: changed });
    return loadUserDto(tx, row!);
  });
}

/**
 * `POST /auth/change-password`: checks the current password (400 with the spec's message when
 * wrong), stores the new hash, clears `mustChangePassword` and ends every other session of the
 * user (ASVS V3.3.3). The current session stays signed in.
 */
export async function changePassword(opts: {
  db: Db;
  actor: Actor;
  input: { currentPassword: string; newPassword: string };
  ctx: AuditContext;
}): Promise<{ user: User; revokedSessions: number }> {
  const { db, actor, input, ctx } = opts;
  const user = await loadUser(db, actor.id);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await audit(db, ctx, 'auth.password.change_failed', { type: 'user', id: actor.id });
    throw badRequest(PROFILE_MESSAGES.passwordFailed, [
      { field: 'currentPassword', message: 'La contraseña actual es incorrecta' },
    ]);
  }
  if (input.currentPassword === input.newPassword) {
    throw badRequest('La nueva contraseña debe ser diferente de la actual', [
      { field: 'newPassword', message: 'La nueva contraseña debe ser diferente de la actual' },
    ]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: new Date() })
      .where(eq(users.id, actor.id))
      .returning();
    const revoked = await revokeSessions({
      db: tx,
      userId: actor.id,
      reason: 'password_changed',
      keepSessionId: actor.sessionId,
    });
    await audit(
      tx,
      ctx,
      'auth.password.changed',
      { type: 'user', id: actor.id },
      { revokedSessions: revoked },
    );
    return { user: await loadUserDto(tx, row!), revokedSessions: revoked };
  });
}

/**
 * Revokes every live session of a user except `keepSessionId`; returns how many. Used by
 * password change, deactivation, reset and deletion. Revoked sessions stop at once (the auth
 * hook re-reads the session on every request).
 */
export async function revokeSessions({
  db,
  userId,
  reason,
  keepSessionId,
}: {
  db: Db | Tx;
  userId: string;
  reason: string;
  keepSessionId?: string | null;
}): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

/**
 * `GET /auth/profile/stats`: projects the caller works on (admin: all; employee: where a member
 * or creator; client: of their client record), tickets (the tickets module's
 * `countProfileTickets`), last login and member-since dates.
 */
export async function getProfileStats({ db, actor }: ActorCall): Promise<ProfileStats> {
  const user = await loadUser(db, actor.id);
  const where = profileProjectScope(actor);
  const [p] = await db.select({ n: sql<number>`count(*)::int` }).from(projects).where(where);
  return {
    projectsCount: p?.n ?? 0,
    ticketsCount: await countProfileTickets(db, actor),
    lastLogin: user.lastLogin?.toISOString() ?? null,
    memberSince: user.createdAt.toISOString(),
  };
}

/** Merges stored preferences over the defaults (unknown or stale keys are dropped). */
export function toPreferences(row: Pick<UserRow, 'uiPrefs' | 'notificationPrefs'>): UserPreferences {
  const ui = (row.uiPrefs ?? {}) as Partial<UserPreferences>;
  const notif = (row.notificationPrefs ?? {}) as Partial<NotificationPreferences>;
  const d = DEFAULT_USER_PREFERENCES;
  return {
    language: 'es',
    dateFormat: ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'].includes(ui.dateFormat ?? '')
      ? (ui.dateFormat as UserPreferences['dateFormat'])
      : d.dateFormat,
    themeVariant: typeof ui.themeVariant === 'string' ? ui.themeVariant : d.themeVariant,
    colorScheme: ['light', 'dark', 'auto'].includes(ui.colorScheme ?? '')
      ? (ui.colorScheme as UserPreferences['colorScheme'])
      : d.colorScheme,
    emailNotifications: notif.emailNotifications ?? d.emailNotifications,
    pushNotifications: notif.pushNotifications ?? d.pushNotifications,
    marketingEmails: notif.marketingEmails ?? d.marketingEmails,
    topics: Object.fromEntries(
      Object.entries(d.topics).map(([k, v]) => [
        k,
        typeof notif.topics?.[k] === 'boolean' ? notif.topics[k] : v,
      ]),
    ),
  };
}

/** `GET /auth/preferences`: the caller's preferences. */
export async function getPreferences({ db, actor }: ActorCall): Promise<UserPreferences> {
  return toPreferences(await loadUser(db, actor.id));
}

/**
 * `PUT /auth/preferences`: merges the given keys. Notification parts go to `notification_prefs`
 * (read by lib/notify.ts when sending), display parts to `ui_prefs`.
 */
export async function updatePreferences(opts: {
  db: Db;
  actor: Actor;
  input: UpdatePreferencesRequest;
  ctx: AuditContext;
}): Promise<UserPreferences> {
  const { db, actor, input, ctx } = opts;
  const current = toPreferences(await loadUser(db, actor.id));
  const next: UserPreferences = {
    ...current,
    ...Object.fromEntries(Object.entries(input).filter(([k, v]) => k !== 'topics' && v !== undefined)),
    topics: { ...current.topics, ...(input.topics ?? {}) },
  };
  const notificationPrefs: NotificationPreferences = {
    emailNotifications: next.emailNotifications,
    pushNotifications: next.pushNotifications,
    marketingEmails: next.marketingEmails,
    topics: next.topics,
  };
  await db
    .update(users)
    .set({
      notificationPrefs,
      uiPrefs: {
        language: next.language,
        dateFormat: next.dateFormat,
        themeVariant: next.themeVariant,
        colorScheme: next.colorScheme,
      },
      updatedAt: new Date(),
    })
    .where(eq(users.id, actor.id));
  await audit(
    db,
    ctx,
    'profile.preferences_updated',
    { type: 'user', id: actor.id },
    { keys: Object.keys(input) },
  );
  return next;
}

/** "Chrome en Windows" from a User-Agent header (good enough for a sessions list). */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Dispositivo desconocido';
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : /curl|node|undici|axios|lightMyRequest/i.test(ua)
              ? 'Cliente de API'
              : 'Navegador';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux|X11/.test(ua)
            ? 'Linux'
            : null;
  return os ? `${browser} en ${os}` : browser;
}

/** `GET /auth/sessions`: the caller's live sessions, most recently used first. */
export async function listSessions({ db, actor }: ActorCall): Promise<SessionInfo[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, actor.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastUsedAt));
  return rows.map((s) => ({
    _id: s.id,
    device: describeDevice(s.userAgent),
    userAgent: s.userAgent,
    ip: s.ip,
    createdAt: s.createdAt.toISOString(),
    lastUsedAt: s.lastUsedAt.toISOString(),
    current: s.id === actor.sessionId,
  }));
}

/** `DELETE /auth/sessions/{id}`: closes one of the caller's sessions (404 for anyone else's). */
export async function revokeSession({
  db,
  actor,
  id: sessionId,
  ctx,
}: {
  db: Db;
  actor: Actor;
  id: string;
  ctx: AuditContext;
}): Promise<void> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: 'revoked_by_user' })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, actor.id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (rows.length === 0) throw notFound('Sesión no encontrada');
  await audit(db, ctx, 'auth.session.revoked', { type: 'session', id: sessionId });
}

/** `POST /auth/sessions/revoke-others`: closes every session of the caller but this one. */
export async function revokeOtherSessions({
  db,
  actor,
  ctx,
}: {
  db: Db;
  actor: Actor;
  ctx: AuditContext;
}): Promise<number> {
  const n = await revokeSessions({
    db,
    userId: actor.id,
    reason: 'revoked_by_user',
    keepSessionId: actor.sessionId,
  });
  await audit(db, ctx, 'auth.sessions.revoked_others', { type: 'user', id: actor.id }, { revoked: n });
  return n;
}

/**
 * `DELETE /auth/account` (client users only, password required): anonymises the account —
 * name, email, phone, bio, company, avatar and preferences are replaced or removed, the password
 * is made unusable, two-factor and sessions are dropped, status becomes inactive. The row stays
 * so tickets, projects and invoices keep their history (decision 066). 403 for staff.
 */
export async function deleteOwnAccount(opts: {
  db: Db;
  actor: Actor;
  password: string;
  ctx: AuditContext;
}): Promise<void> {
  const { db, actor, password, ctx } = opts;
  // The caller's own account: 'own' holds; the table refuses staff (decision 066).
  if (!accountPolicy.can(actor.role, 'deleteOwnAccount', true)) {
    throw forbidden('Solo las cuentas de cliente pueden eliminarse desde aquí. Contacta a un administrador.');
  }
  const user = await loadUser(db, actor.id);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw badRequest('Contraseña incorrecta', [{ field: 'password', message: 'Contraseña incorrecta' }]);
  }
  const unusable = await hashPassword(randomBytes(32).toString('hex'));
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        firstName: 'Usuario',
        lastName: 'eliminado',
        email: `eliminado-${user.id}@anonimo.invalid`,
        phone: null,
        bio: null,
        companyName: null,
        avatar: null,
        uiPrefs: null,
        notificationPrefs: null,
        passwordHash: unusable,
        status: 'inactive',
        totpSecret: null,
        totpPendingSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
        mustChangePassword: false,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    const avatarId = fileIdFromUrl(user.avatar);
    if (avatarId) await deleteFile(tx, avatarId);
    await tx.delete(files).where(and(eq(files.ownerType, 'user_avatar'), eq(files.ownerId, user.id)));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await revokeSessions({ db: tx, userId: user.id, reason: 'account_deleted' });
    // No personal data in the audit entry: only the user id.
    await audit(tx, ctx, 'account.deleted', { type: 'user', id: user.id });
  });
}
