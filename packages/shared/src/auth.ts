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
/**
 * Failures on one account from any addresses (24 hours) before each further attempt from an
 * address the account has not signed in from waits an increasing delay (OWASP ASVS 5.0 V6.3.1;
 * decision 162).
 */
export const LOGIN_ACCOUNT_FREE_FAILURES = 10;
/** Window of the per-account failure count (seconds): 24 hours. */
export const LOGIN_ACCOUNT_WINDOW_SECONDS = 24 * 60 * 60;
/** First per-account delay (seconds), doubled after each further failure. */
export const LOGIN_ACCOUNT_FIRST_DELAY_SECONDS = 30;
/** Longest per-account delay (seconds): 15 minutes, a slowdown and never a lockout. */
export const LOGIN_ACCOUNT_MAX_DELAY_SECONDS = 15 * 60;
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
  /** Company name shown on the profile (client users: their company). */
  companyName: z.string().nullable(),
  bio: z.string().nullable(),
  /** Effective permissions (role default or the stored list, within the role's ceiling). */
  permissions: z.array(z.string()),
  /** True after an admin reset: the user must choose a new password before anything else. */
  mustChangePassword: z.boolean(),
  /** True once TOTP two-factor authentication is enabled. */
  twoFactorEnabled: z.boolean(),
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

/**
 * `POST /auth/login` answer when the account has two-factor authentication on (decision 063):
 * no tokens yet, only a 5-minute challenge to send with the code to `POST /auth/login/2fa`.
 */
export const TwoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challengeToken: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>;

/** `POST /auth/login` → `data`: a session, or a two-factor challenge. */
export const LoginResponseSchema = z.union([SessionSchema, TwoFactorChallengeSchema]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** True when the login answer asks for the second factor. */
export function isTwoFactorChallenge(value: LoginResponse): value is TwoFactorChallenge {
  return 'twoFactorRequired' in value && value.twoFactorRequired === true;
}

/**
 * `POST /auth/login/2fa` body: the challenge from the login answer and either the 6-digit code
 * of the authenticator app or one unused recovery code (xxxxx-xxxxx).
 */
export const TwoFactorLoginRequestSchema = z.object({
  challengeToken: z.string().min(1).max(2000),
  code: z
    .string({ error: 'El código es requerido' })
    .trim()
    .min(1, { error: 'El código es requerido', abort: true })
    .max(20, 'Código inválido'),
});
export type TwoFactorLoginRequest = z.input<typeof TwoFactorLoginRequestSchema>;

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
