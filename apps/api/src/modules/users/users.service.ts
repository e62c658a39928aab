import { randomBytes } from 'node:crypto';
import {
  type CreateUserRequest,
  fromCents,
  generateTemporaryPassword,
  hasPermission,
  type ListUsersResponse,
  type ManagedUser,
  type Option,
  type Permission,
  ROLE_PERMISSION_CEILING,
  type Role,
  toCents,
  type UserOptionsQuerySchema,
  type UserStats,
  type UserStatus,
} from '@agencia/shared';
import { and, asc, eq, ilike, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { clients, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/security.js';
import type { ActorCall, ResourceCall } from '../../lib/service-args.js';
import { assertEmailFree, revokeSessions } from '../auth/account.service.js';
import { toUserDto } from '../auth/auth.serializers.js';
import { belongsToClient, type UserAction, userPolicy } from './users.policy.js';

/** Throws 403 unless `actor` may perform `action` ({@link userPolicy}). */
function assertAllowed(actor: Actor, action: UserAction): void {
  if (!userPolicy.can(actor.role, action)) throw forbidden();
}

/** The admin screens' user: the session shape plus the hourly rate (major units; decision 115). */
function toManagedUserDto(row: UserRow): ManagedUser {
  return {
    ...toUserDto(row),
    hourlyRate: row.hourlyRateCents == null ? null : fromCents(row.hourlyRateCents),
  };
}

type UserRow = typeof users.$inferSelect;

/** Options every users service takes. */
interface Opts {
  db: Db;
  actor: Actor;
  ctx: AuditContext;
}

async function loadUser(db: Db | Tx, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound('Usuario no encontrado');
  return row;
}

/** Number of active admins other than `exceptId`. */
async function otherActiveAdmins(db: Db | Tx, exceptId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), ne(users.id, exceptId)));
  return row?.n ?? 0;
}

const LAST_ADMIN = 'No se puede quitar el último administrador activo';

/**
 * `GET /users/options`: up to `limit` active users for a picker, A–Z, matching `search` on name
 * or email. `role` `staff` = admins and employees. Only an admin holding `users.read` may list
 * client users (403 otherwise: employees pick staff only). `id` answers that user alone.
 */
export async function listUserOptions({
  db,
  actor,
  query: q,
}: {
  db: Db;
  actor: Actor;
  query: z.output<typeof UserOptionsQuerySchema>;
}): Promise<Option[]> {
  assertAllowed(actor, q.role === 'client' ? 'pickClients' : 'pickStaff');
  if (q.role === 'client' && !hasPermission(actor, 'users.read')) throw forbidden();
  const conds: (SQL | undefined)[] = [
    q.role === 'staff' ? inArray(users.role, ['admin', 'employee']) : eq(users.role, q.role),
  ];
  if (q.id) conds.push(eq(users.id, q.id));
  else conds.push(eq(users.status, 'active'));
  if (q.search) {
    const term = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(
      or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, term), ilike(users.email, term)),
    );
  }
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(...conds))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(q.limit);
  return rows.map((u) => ({
    value: u.id,
    label: `${u.firstName} ${u.lastName}`.trim(),
    description: u.email,
  }));
}

/**
 * `GET /users`: filtered (search in name and email, role, department, status) and paged list,
 * ordered by first and last name (ties on `id`, so pages never overlap), plus the departments in use.
 */
export async function listUsers({
  db,
  actor,
  query: q,
}: {
  db: Db;
  actor: Actor;
  query: {
    search?: string;
    role?: Role | '';
    department?: string;
    status?: UserStatus | '';
    page: number;
    limit: number;
  };
}): Promise<ListUsersResponse> {
  assertAllowed(actor, 'read');
  const conds: (SQL | undefined)[] = [];
  if (q.search) {
    const term = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(
      or(
        ilike(users.firstName, term),
        ilike(users.lastName, term),
        ilike(users.email, term),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, term),
      ),
    );
  }
  if (q.role) conds.push(eq(users.role, q.role));
  if (q.department) conds.push(eq(users.department, q.department));
  if (q.status) conds.push(eq(users.status, q.status));
  const where = and(...conds);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const deps = await db
    .selectDistinct({ d: users.department })
    .from(users)
    .where(isNotNull(users.department))
    .orderBy(asc(users.department));
  const total = count?.n ?? 0;
  return {
    users: rows.map(toManagedUserDto),
    pagination: { page: q.page, limit: q.limit, total, pages: Math.ceil(total / q.limit) },
    departments: deps.map((d) => d.d!).filter(Boolean),
  };
}

/** `GET /users/{id}`; 404 when missing. */
export async function getUser({ db, actor, id }: ResourceCall): Promise<ManagedUser> {
  assertAllowed(actor, 'read');
  return toManagedUserDto(await loadUser(db, id));
}

/** `GET /users/stats`: totals by status (spec doc 2 §3 "User stats"). */
export async function getUserStats({ db, actor }: ActorCall): Promise<UserStats> {
  assertAllowed(actor, 'read');
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`count(*) filter (where ${users.status} = 'active')::int`,
      pending: sql<number>`count(*) filter (where ${users.status} = 'pending')::int`,
      inactive: sql<number>`count(*) filter (where ${users.status} = 'inactive')::int`,
    })
    .from(users);
  return {
    totalUsers: row?.total ?? 0,
    activeUsers: row?.active ?? 0,
    pendingUsers: row?.pending ?? 0,
    inactiveUsers: row?.inactive ?? 0,
  };
}

async function assertClientExists(db: Db | Tx, clientId: string): Promise<void> {
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).limit(1);
  if (!row)
    throw badRequest('Cliente no encontrado', [{ field: 'clientId', message: 'Cliente no encontrado' }]);
}

/**
 * `POST /users`: creates an active user with the role's default permissions. Throws 409 on a
 * taken email, 400 on an unknown client. Audited as `user.created`.
 */
export async function createUser(
  opts: Opts & {
    input: Required<Pick<CreateUserRequest, 'firstName' | 'lastName' | 'email' | 'password'>> & {
      role: Role;
      department: string;
      phone: string | null;
      clientId?: string | null;
    };
  },
): Promise<ManagedUser> {
  const { db, actor, input, ctx } = opts;
  assertAllowed(actor, 'manage');
  await assertEmailFree({ db, email: input.email });
  if (input.clientId) await assertClientExists(db, input.clientId);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email.toLowerCase(),
        passwordHash,
        role: input.role,
        department: input.department || 'General',
        phone: input.phone,
        clientId: belongsToClient(input.role) ? (input.clientId ?? null) : null,
        status: 'active',
      })
      .returning();
    await audit(
      tx,
      ctx,
      'user.created',
      { type: 'user', id: row!.id },
      { role: input.role, email: row!.email },
    );
    return toManagedUserDto(row!);
  });
}

/** Input of {@link updateUser} after validation (undefined = unchanged). */
export interface UpdateUserInput {
  firstName?: string;
  lastName?: string;
  email?: string;
  role?: Role;
  department?: string | null;
  status?: UserStatus;
  phone?: string | null;
  permissions?: Permission[] | null;
  clientId?: string | null;
  hourlyRate?: number | null;
}

/**
 * `PUT /users/{id}` (and `PATCH /users/{id}/status`). Rules: an admin cannot change their own
 * role or status; the last active admin cannot lose the role or be deactivated (409);
 * permissions must fit the role's ceiling (400; admins always hold all, stored as null); a role
 * change without permissions resets them to the new role's default; deactivating (inactive or
 * pending) revokes every session at once. Audits `user.updated` plus `user.role_changed`,
 * `user.status_changed`, `user.permissions_changed` when those change.
 */
export async function updateUser(opts: Opts & { id: string; input: UpdateUserInput }): Promise<ManagedUser> {
  const { db, actor, id, input, ctx } = opts;
  assertAllowed(actor, 'manage');
  const current = await loadUser(db, id);
  const role = input.role ?? current.role;
  const status = input.status ?? current.status;
  if (id === actor.id && role !== current.role) throw badRequest('No puedes cambiar tu propio rol');
  if (id === actor.id && status !== 'active') throw badRequest('No puedes desactivar tu propia cuenta');
  if (current.role === 'admin' && current.status === 'active' && (role !== 'admin' || status !== 'active')) {
    if ((await otherActiveAdmins(db, id)) === 0) throw conflict(LAST_ADMIN);
  }
  if (input.email && input.email.toLowerCase() !== current.email)
    await assertEmailFree({ db, email: input.email, exceptId: id });
  if (input.clientId) await assertClientExists(db, input.clientId);

  let permissions: string[] | null = current.permissions;
  if (role === 'admin') permissions = null;
  else if (input.permissions !== undefined) {
    if (input.permissions !== null) {
      const ceiling = ROLE_PERMISSION_CEILING[role];
      const outside = input.permissions.filter((p) => !ceiling.includes(p));
      if (outside.length > 0) {
        throw badRequest(`Permisos no disponibles para este rol: ${outside.join(', ')}`, [
          { field: 'permissions', message: 'Permiso no disponible para este rol' },
        ]);
      }
    }
    permissions = input.permissions === null ? null : [...new Set(input.permissions)];
  } else if (role !== current.role) permissions = null;

  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        firstName: input.firstName ?? current.firstName,
        lastName: input.lastName ?? current.lastName,
        email: input.email?.toLowerCase() ?? current.email,
        role,
        status,
        department: input.department !== undefined ? input.department || null : current.department,
        phone: input.phone !== undefined ? input.phone : current.phone,
        permissions,
        clientId: !belongsToClient(role)
          ? null
          : input.clientId !== undefined
            ? input.clientId
            : current.clientId,
        hourlyRateCents:
          input.hourlyRate !== undefined
            ? input.hourlyRate === null
              ? null
              : toCents(input.hourlyRate)
            : current.hourlyRateCents,
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning();
    const target = { type: 'user', id };
    const changed = (
      [
        'firstName',
        'lastName',
        'email',
        'role',
        'status',
        'department',
        'phone',
        'clientId',
        'hourlyRateCents',
      ] as const
    ).filter((k) => row![k] !== current[k]);
    const permsChanged = JSON.stringify(row!.permissions) !== JSON.stringify(current.permissions);
    if (permsChanged) changed.push('permissions' as never);
    await audit(tx, ctx, 'user.updated', target, { fields: changed });
    if (role !== current.role)
      await audit(tx, ctx, 'user.role_changed', target, { from: current.role, to: role });
    if (status !== current.status) {
      await audit(tx, ctx, 'user.status_changed', target, { from: current.status, to: status });
    }
    if (permsChanged) {
      await audit(tx, ctx, 'user.permissions_changed', target, {
        from: current.permissions,
        to: row!.permissions,
      });
    }
    if (status !== 'active' && current.status === 'active')
      await revokeSessions({ db: tx, userId: id, reason: `status_${status}` });
    return toManagedUserDto(row!);
  });
}

/**
 * `DELETE /users/{id}`: not yourself (400), not the last active admin (409). Removes the user;
 * rows that point at the user with a restricting foreign key make it a 409 (deactivate instead).
 */
export async function deleteUser(opts: Opts & { id: string }): Promise<void> {
  const { db, actor, id, ctx } = opts;
  assertAllowed(actor, 'manage');
  if (id === actor.id) throw badRequest('No puedes eliminar tu propia cuenta');
  const current = await loadUser(db, id);
  if (current.role === 'admin' && (await otherActiveAdmins(db, id)) === 0) throw conflict(LAST_ADMIN);
  try {
    await db.transaction(async (tx) => {
      await tx.delete(users).where(eq(users.id, id));
      await audit(
        tx,
        ctx,
        'user.deleted',
        { type: 'user', id },
        { email: current.email, role: current.role },
      );
    });
  } catch (err) {
    const code =
      (err as { code?: string; cause?: { code?: string } }).code ??
      (err as { cause?: { code?: string } }).cause?.code;
    if (code === '23503') {
      throw conflict('El usuario tiene registros asociados y no se puede eliminar. Desactívalo en su lugar.');
    }
    throw err;
  }
}

/**
 * `POST /users/{id}/reset-password`: sets a generated 16-character temporary password (returned
 * once), forces a change at next sign-in and closes every session of the user (decision 064).
 */
export async function resetPassword(opts: Opts & { id: string }): Promise<string> {
  const { db, actor, id, ctx } = opts;
  assertAllowed(actor, 'manage');
  await loadUser(db, id);
  const temporaryPassword = generateTemporaryPassword((n) => randomBytes(n));
  const passwordHash = await hashPassword(temporaryPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: true, updatedAt: new Date() })
      .where(eq(users.id, id));
    const revoked = await revokeSessions({ db: tx, userId: id, reason: 'password_reset' });
    await audit(tx, ctx, 'user.password_reset', { type: 'user', id }, { revokedSessions: revoked });
  });
  return temporaryPassword;
}
