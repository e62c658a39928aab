import { effectivePermissions, type User } from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { clients, type users } from '../../db/schema/index.js';

type UserRow = typeof users.$inferSelect;

/**
 * Maps a users row to the API's `User` shape: never the password hash or TOTP secrets;
 * `permissions` are the effective ones (role default or stored list, within the role ceiling).
 */
export function toUserDto(row: UserRow, clientCompanyName?: string | null): User {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    department: row.department,
    status: row.status,
    phone: row.phone,
    avatar: row.avatar,
    clientId: row.clientId,
    // A client user belongs to a client: the profile shows that client's company (issue 32).
    companyName: (row.role === 'client' ? clientCompanyName : null) ?? row.companyName,
    bio: row.bio,
    permissions: effectivePermissions(row),
    mustChangePassword: row.mustChangePassword,
    twoFactorEnabled: row.totpSecret !== null,
    lastLogin: row.lastLogin?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * {@link toUserDto} for the signed-in user's own screens: a client user's `companyName` is the
 * company of the client it belongs to (the user row's own field stays empty for them).
 */
export async function loadUserDto(db: Db | Tx, row: UserRow): Promise<User> {
  if (row.role !== 'client' || !row.clientId) return toUserDto(row);
  const [client] = await db
    .select({ companyName: clients.companyName })
    .from(clients)
    .where(eq(clients.id, row.clientId))
    .limit(1);
  return toUserDto(row, client?.companyName ?? null);
}
