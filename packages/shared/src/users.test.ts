import { describe, expect, it } from 'vitest';
import { effectivePermissions, hasPermission, PERMISSIONS } from './permissions.js';
import { ChangePasswordFormSchema, UpdateProfileRequestSchema } from './profile.js';
import { UpdateCompanySettingsRequestSchema } from './settings.js';
import { CreateUserRequestSchema, generateTemporaryPassword } from './users.js';
import './zod-locale.js';

/** Web Crypto (Node and browsers); typed here because the package's lib has no DOM or Node types. */
const randomBytes = (n: number) =>
  (
    globalThis as unknown as { crypto: { getRandomValues(a: Uint8Array): Uint8Array } }
  ).crypto.getRandomValues(new Uint8Array(n));

describe('change-password form (spec doc 2 §5)', () => {
  const messages = (v: Record<string, string>) =>
    ChangePasswordFormSchema.safeParse(v).error?.issues.map((i) => [i.path.join('.'), i.message]);

  it('requires at least 6 characters and a matching confirmation', () => {
    expect(messages({ currentPassword: 'x', newPassword: '12345', confirmPassword: '12345' })).toEqual([
      ['newPassword', 'La contraseña debe tener al menos 6 caracteres'],
    ]);
    expect(messages({ currentPassword: 'x', newPassword: '123456', confirmPassword: '1234567' })).toEqual([
      ['confirmPassword', 'Las contraseñas no coinciden'],
    ]);
    expect(
      messages({ currentPassword: 'x', newPassword: '123456', confirmPassword: '123456' }),
    ).toBeUndefined();
  });
});

describe('permissions', () => {
  it('admins hold everything whatever is stored', () => {
    expect(effectivePermissions({ role: 'admin', permissions: [] })).toEqual([...PERMISSIONS]);
  });
  it('others get the role default, or their list cut to the role ceiling', () => {
    expect(hasPermission({ role: 'employee', permissions: null }, 'projects.write')).toBe(true);
    expect(hasPermission({ role: 'employee', permissions: null }, 'invoices.read')).toBe(true);
    expect(hasPermission({ role: 'employee', permissions: null }, 'users.read')).toBe(false);
    expect(hasPermission({ role: 'employee', permissions: ['users.read'] }, 'users.read')).toBe(true);
    // Employees never write invoices or clients, nor read reports (modules' role tables, 050/070).
    expect(hasPermission({ role: 'employee', permissions: ['invoices.write'] }, 'invoices.write')).toBe(
      false,
    );
    expect(hasPermission({ role: 'employee', permissions: ['clients.write'] }, 'clients.write')).toBe(false);
    expect(hasPermission({ role: 'employee', permissions: ['reports.read'] }, 'reports.read')).toBe(false);
    expect(
      hasPermission({ role: 'client', permissions: ['users.write', 'tickets.read'] }, 'users.write'),
    ).toBe(false);
    expect(effectivePermissions({ role: 'client', permissions: ['users.write', 'tickets.read'] })).toEqual([
      'tickets.read',
    ]);
  });
});

describe('temporary password', () => {
  it('is 16 characters with lower, upper, digit and symbol, and differs each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = generateTemporaryPassword(randomBytes);
      expect(p).toHaveLength(16);
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/\d/);
      expect(p).toMatch(/[!@#$%*\-_+?]/);
      seen.add(p);
    }
    expect(seen.size).toBe(200);
  });
});

describe('user and profile contracts', () => {
  it('create user defaults to employee in General', () => {
    const v = CreateUserRequestSchema.parse({
      firstName: 'A',
      lastName: 'B',
      email: 'A@B.do',
      password: '123456',
    });
    expect(v).toMatchObject({ role: 'employee', department: 'General', email: 'a@b.do', phone: null });
  });
  it('profile update drops role, status and permissions', () => {
    const v = UpdateProfileRequestSchema.parse({
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.do',
      role: 'admin',
      status: 'inactive',
      permissions: ['users.write'],
    });
    expect(Object.keys(v)).not.toContain('role');
    expect(Object.keys(v)).not.toContain('permissions');
  });
  it('settings: RNC check digit, tax 0-100, hourly rate ≥ 1', () => {
    const base = {
      name: 'X',
      country: 'RD',
      currency: 'DOP',
      timezone: 'America/Santo_Domingo',
      dateFormat: 'DD/MM/YYYY',
      timeFormat: '12h',
      defaultProjectHourlyRate: 25,
      taxRate: 18,
      primaryColor: '#000000',
      secondaryColor: '#ffffff',
    };
    expect(UpdateCompanySettingsRequestSchema.safeParse({ ...base, taxId: '131855423' }).success).toBe(true);
    expect(UpdateCompanySettingsRequestSchema.safeParse({ ...base, taxId: '131855424' }).success).toBe(false);
    expect(UpdateCompanySettingsRequestSchema.safeParse({ ...base, taxRate: -1 }).success).toBe(false);
    expect(
      UpdateCompanySettingsRequestSchema.safeParse({ ...base, defaultProjectHourlyRate: 0 }).success,
    ).toBe(false);
    expect(UpdateCompanySettingsRequestSchema.safeParse({ ...base, timezone: 'Mars/Base' }).success).toBe(
      false,
    );
  });
});
