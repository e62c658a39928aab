import type { User } from '@agencia/shared';
import type { users } from '../../db/schema/index.js';

type UserRow = typeof users.$inferSelect;

/** Maps a users row to the API's `User` shape (never the password hash). */
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
    lastLogin: row.lastLogin?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
