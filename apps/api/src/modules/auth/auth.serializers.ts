import { effectivePermissions, type User } from '@agencia/shared';
import type { users } from '../../db/schema/index.js';

type UserRow = typeof users.$inferSelect;

/**
 * Maps a users row to the API's `User` shape: never the password hash or TOTP secrets;
 * `permissions` are the effective ones (role default or stored list, within the role ceiling).
 */
export function toUserDto(row: UserRow): User {
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
    companyName: row.companyName,
    bio: row.bio,
    permissions: effectivePermissions(row),
    mustChangePassword: row.mustChangePassword,
    twoFactorEnabled: row.totpSecret !== null,
    lastLogin: row.lastLogin?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
