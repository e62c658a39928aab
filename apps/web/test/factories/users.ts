import type { Role, User } from '@agencia/shared';

// Test data builders: users as the API returns them.

/** A signed-in user as the API returns it, with overrides. */
export function buildUser(overrides: Partial<User> = {}): User {
  const role: Role = overrides.role ?? 'admin';
  return {
    _id: '0b6e6f8e-2d0a-4c55-9a43-6c8b2f4f1a01',
    firstName: 'María',
    lastName: 'Pérez',
    email: 'maria@demo.do',
    role,
    department: null,
    status: 'active',
    phone: null,
    avatar: null,
    clientId: null,
    companyName: null,
    bio: null,
    permissions: [],
    mustChangePassword: false,
    twoFactorEnabled: false,
    lastLogin: null,
    createdAt: '2025-01-10T14:00:00.000Z',
    updatedAt: '2025-01-10T14:00:00.000Z',
    ...overrides,
  };
}
