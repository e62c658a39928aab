import { z } from 'zod';
import { UserSchema } from './auth.js';
import { PaginationSchema, pageQueryFields } from './pagination.js';
import { PermissionSchema } from './permissions.js';
import { RoleSchema, UserStatusSchema } from './roles.js';
import { emailSchema, PASSWORD_REQUIRED, PASSWORD_TOO_SHORT, PHONE_RE } from './validators.js';

/** Departments offered by the users screens (free text is accepted; these are the suggestions). */
export const DEPARTMENTS = [
  'General',
  'Administración',
  'Desarrollo',
  'Diseño',
  'Marketing',
  'Soporte',
  'Ventas',
  'Finanzas',
] as const;
/** Default department of a new user (spec doc 2 §5). */
export const DEFAULT_DEPARTMENT = 'General';

/** Users list page size (the card grid: 2, 3 or 4 columns fill whole rows). */
export const USERS_PAGE_SIZE = 24;

const nameField = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(100, 'Máximo 100 caracteres');

const phoneField = z
  .string()
  .trim()
  .max(30, 'Teléfono inválido')
  .refine((v) => v === '' || PHONE_RE.test(v), 'Teléfono inválido')
  .nullish()
  .transform((v) => (v ? v : null));

const departmentField = z.string().trim().max(60, 'Máximo 60 caracteres');

/**
 * Billing rate of a person's time (decision 115): major units per hour, ≥ 0, at most two
 * decimals; `null` = the company's default project hourly rate (settings).
 */
export const HourlyRateSchema = z
  .number({ error: 'Tarifa inválida' })
  .min(0, 'La tarifa no puede ser negativa')
  .max(1_000_000, 'La tarifa es demasiado alta')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Máximo dos decimales');

/**
 * A user as the admin screens see it: the session's `UserSchema` plus `hourlyRate` (major
 * units per hour, null = company default; decision 115). Nothing secret.
 */
export const ManagedUserSchema = UserSchema.extend({ hourlyRate: z.number().nullable() });
export type ManagedUser = z.infer<typeof ManagedUserSchema>;

/** `GET /users` query: filters of the users screen; empty strings are ignored. */
export const ListUsersQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  role: z.union([RoleSchema, z.literal('')]).optional(),
  department: z.string().trim().max(60).optional(),
  status: z.union([UserStatusSchema, z.literal('')]).optional(),
  ...pageQueryFields(),
});
export type ListUsersQuery = z.input<typeof ListUsersQuerySchema>;

/** Page information of a list answer: the contract plus `pages` = ceil(total / limit) (decision 088). */
export const UserListPaginationSchema = PaginationSchema.extend({ pages: z.number().int() });

/** `GET /users` → `data`. */
export const ListUsersResponseSchema = z.object({
  users: z.array(ManagedUserSchema),
  pagination: UserListPaginationSchema,
  /** Distinct departments in use (for the department filter and tab). */
  departments: z.array(z.string()),
});
export type ListUsersResponse = z.infer<typeof ListUsersResponseSchema>;

/** `GET /users/{id}` and every user write → `data`. */
export const GetUserResponseSchema = z.object({ user: ManagedUserSchema });

/**
 * `POST /users` body (spec doc 2 §7 Users). Defaults (spec doc 2 §5): role employee,
 * department General. Password at least 6 characters (doc 2 §9). `clientId` links a client user.
 */
export const CreateUserRequestSchema = z.object({
  firstName: nameField('El nombre es requerido'),
  lastName: nameField('El apellido es requerido'),
  email: emailSchema,
  password: z
    .string({ error: PASSWORD_REQUIRED })
    .min(1, { error: PASSWORD_REQUIRED, abort: true })
    .min(6, PASSWORD_TOO_SHORT)
    .max(200, 'La contraseña es demasiado larga'),
  role: RoleSchema.default('employee'),
  department: departmentField.default('General'),
  phone: phoneField,
  clientId: z.uuid().nullish(),
});
export type CreateUserRequest = z.input<typeof CreateUserRequestSchema>;

/**
 * `PUT /users/{id}` body: every field optional. `permissions` must fit the role's ceiling
 * (400 otherwise); `null` goes back to the role default. Admins always hold every permission.
 */
export const UpdateUserRequestSchema = z.object({
  firstName: nameField('El nombre es requerido').optional(),
  lastName: nameField('El apellido es requerido').optional(),
  email: emailSchema.optional(),
  role: RoleSchema.optional(),
  department: departmentField.nullish(),
  status: UserStatusSchema.optional(),
  phone: phoneField.optional(),
  permissions: z.array(PermissionSchema).max(50).nullish(),
  clientId: z.uuid().nullish(),
  /** Hourly billing rate, major units; null = company default (decision 115). */
  hourlyRate: HourlyRateSchema.nullish(),
});
export type UpdateUserRequest = z.input<typeof UpdateUserRequestSchema>;

/** `PATCH /users/{id}/status` body. */
export const UpdateUserStatusRequestSchema = z.object({ status: UserStatusSchema });

/**
 * `POST /users/{id}/reset-password` answer: a generated temporary password, shown once; the user
 * must change it at the next sign-in and every session of the user is closed (decision 064).
 */
export const ResetPasswordResponseSchema = z.object({ temporaryPassword: z.string() });

/** `GET /users/stats` → `data` (spec doc 2 §3 "User stats"). */
export const UserStatsSchema = z.object({
  totalUsers: z.number().int(),
  activeUsers: z.number().int(),
  pendingUsers: z.number().int(),
  inactiveUsers: z.number().int(),
});
export type UserStats = z.infer<typeof UserStatsSchema>;

/** Spanish labels of the users list tabs. */
export const USER_TABS = [
  { value: 'all', label: 'Todos' },
  { value: 'role', label: 'Por rol' },
  { value: 'department', label: 'Por departamento' },
  { value: 'status', label: 'Por estado' },
] as const;

/**
 * Strong temporary password: 16 characters from an unambiguous alphabet with at least one
 * lower, upper, digit and symbol. `random(n)` returns n random bytes (crypto on both sides).
 */
export function generateTemporaryPassword(random: (n: number) => Uint8Array): string {
  const sets = ['abcdefghjkmnpqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '!@#$%*-_+?'];
  const all = sets.join('');
  const bytes = random(32);
  const chars = sets.map((set, i) => set[bytes[i]! % set.length]!);
  for (let i = 4; chars.length < 16; i++) chars.push(all[bytes[i]! % all.length]!);
  // Fisher–Yates with the remaining bytes so the classes are not always at the start.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = bytes[16 + (i % 16)]! % (i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/**
 * Socket event (no payload) sent to a user whose role, permissions or status an administrator
 * changed: the browser re-reads `GET /auth/me` so menus and guards follow at once.
 */
export const SESSION_USER_UPDATED_EVENT = 'session:user-updated';
