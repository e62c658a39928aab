import { z } from 'zod';
import { RoleSchema, UserStatusSchema } from './roles.js';
import { emailSchema, PASSWORD_REQUIRED, passwordSchema } from './validators.js';

/** Access token lifetime (seconds): 15 minutes. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Refresh token lifetime (seconds): 30 days. */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** Login throttle: failures allowed per email+IP in the window (ASVS V2.2.1). */
export const LOGIN_MAX_FAILURES = 10;
/** Login throttle window (seconds): 15 minutes. */
export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Wider per-IP cap on login attempts in the same window, whatever the email. */
export const LOGIN_MAX_ATTEMPTS_PER_IP = 100;
/** Name of the HttpOnly cookie carrying the refresh token (path /api/auth). */
export const REFRESH_COOKIE = 'agencia_rt';

/** `POST /auth/login` body, with the exact messages of spec doc 1 §5. */
export const LoginRequestSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

/**
 * The signed-in user as the API exposes it (never the password hash).
 * Dates are ISO 8601 strings; `clientId` links client users to their client record.
 */
export const UserSchema = z.object({
  _id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: RoleSchema,
  department: z.string().nullable(),
  status: UserStatusSchema,
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  clientId: z.uuid().nullable(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/** `POST /auth/login` and `POST /auth/refresh-token` answer (`data`). */
export const SessionSchema = z.object({
  user: UserSchema,
  token: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int().describe('Access token lifetime in seconds'),
});
export type Session = z.infer<typeof SessionSchema>;

/** `POST /auth/refresh-token` body. The refresh token may instead come in the HttpOnly cookie. */
export const RefreshTokenRequestSchema = z.object({
  refreshToken: z.string().min(1).max(200).optional(),
});

/** `POST /auth/logout` body (optional; the cookie is used when absent). */
export const LogoutRequestSchema = z
  .object({ refreshToken: z.string().min(1).max(200).optional() })
  .nullish();

/** `POST /auth/register-admin` body. */
export const RegisterAdminRequestSchema = z.object({
  firstName: z.string().trim().min(1, 'Nombre es requerido').max(100),
  lastName: z.string().trim().min(1, 'Apellido es requerido').max(100),
  email: emailSchema,
  password: z
    .string({ error: PASSWORD_REQUIRED })
    .min(8, 'La contraseña debe tener al menos 8 caracteres')
    .max(200),
});
