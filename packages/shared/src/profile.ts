import { z } from 'zod';
import { DATE_FORMATS } from './dates.js';
import { DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_TOPICS } from './notifications.js';
import { emailSchema, PASSWORD_REQUIRED, PASSWORD_TOO_SHORT, PHONE_RE } from './validators.js';

/** Spec doc 2 §8 (Profile): messages of the profile screen. */
export const PROFILE_MESSAGES = {
  loadFailed: 'No se pudo cargar el perfil',
  updateFailed: 'No se pudo actualizar el perfil',
  avatarFailed: 'No se pudo actualizar el avatar',
  avatarRemoveFailed: 'No se pudo eliminar el avatar',
  passwordFailed: 'No se pudo cambiar la contraseña. Verifica tu contraseña actual.',
  passwordMismatch: 'Las contraseñas no coinciden',
} as const;

/** Path of an uploaded file as the API serves it (`/api/files/{uuid}`). */
export const FILE_URL_RE = /^\/api\/files\/[0-9a-f-]{36}$/;

/**
 * `PUT /auth/profile` body (spec doc 2 §7 Profile). First name, last name and email required
 * (doc 2 §5). `avatar`: a URL from `POST /upload`, or null to remove it; absent = unchanged.
 * Role, status, department and permissions are not part of it: sent anyway, they are dropped.
 */
export const UpdateProfileRequestSchema = z.object({
  firstName: z.string().trim().min(1, 'El nombre es requerido').max(100, 'Máximo 100 caracteres'),
  lastName: z.string().trim().min(1, 'El apellido es requerido').max(100, 'Máximo 100 caracteres'),
  email: emailSchema,
  phone: z
    .string()
    .trim()
    .max(30, 'Teléfono inválido')
    .refine((v) => v === '' || PHONE_RE.test(v), 'Teléfono inválido')
    .nullish()
    .transform((v) => (v ? v : null)),
  companyName: z
    .string()
    .trim()
    .max(150, 'Máximo 150 caracteres')
    .nullish()
    .transform((v) => (v ? v : null)),
  bio: z
    .string()
    .trim()
    .max(1000, 'Máximo 1000 caracteres')
    .nullish()
    .transform((v) => (v ? v : null)),
  avatar: z.string().regex(FILE_URL_RE, 'Avatar inválido').nullable().optional(),
});
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequestSchema>;

/** New password rule of spec doc 2 §5 / §9: at least 6 characters. */
const newPasswordField = z
  .string({ error: PASSWORD_REQUIRED })
  .min(1, { error: PASSWORD_REQUIRED, abort: true })
  .min(6, PASSWORD_TOO_SHORT)
  .max(200, 'La contraseña es demasiado larga');

/**
 * `POST /auth/change-password` body. A wrong current password answers 400 with
 * {@link PROFILE_MESSAGES.passwordFailed}; success ends the user's other sessions.
 */
export const ChangePasswordRequestSchema = z.object({
  currentPassword: z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED).max(200),
  newPassword: newPasswordField,
});
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequestSchema>;

/** The change-password form: the request plus the confirmation, which must match (doc 2 §5). */
export const ChangePasswordFormSchema = ChangePasswordRequestSchema.extend({
  confirmPassword: z.string().min(1, PASSWORD_REQUIRED),
}).refine((v) => v.newPassword === v.confirmPassword, {
  message: PROFILE_MESSAGES.passwordMismatch,
  path: ['confirmPassword'],
});
export type ChangePasswordForm = z.input<typeof ChangePasswordFormSchema>;

/** `GET /auth/profile/stats` → `data` (spec doc 2 §3 "Profile stats"). Dates ISO. */
export const ProfileStatsSchema = z.object({
  projectsCount: z.number().int(),
  ticketsCount: z.number().int(),
  lastLogin: z.string().nullable(),
  memberSince: z.string(),
});
export type ProfileStats = z.infer<typeof ProfileStatsSchema>;

/**
 * Per-user preferences stored on the server (`GET`/`PUT /auth/preferences`): language (Spanish
 * only for now), date format, theme, and the notification preferences (the three switches of the
 * settings screen and the topics of spec doc 2 §9, stored as `NotificationPreferences`).
 */
export const UserPreferencesSchema = z.object({
  language: z.enum(['es']),
  dateFormat: z.enum(DATE_FORMATS),
  themeVariant: z.string().max(20),
  colorScheme: z.enum(['light', 'dark', 'auto']),
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  marketingEmails: z.boolean(),
  /** Topic switches keyed by NOTIFICATION_TOPICS ids (spec doc 2 §9). */
  topics: z.record(z.string(), z.boolean()),
});
export type UserPreferences = z.infer<typeof UserPreferencesSchema>;

/** Defaults of every preference (topic defaults from spec doc 2 §9). */
export const DEFAULT_USER_PREFERENCES: UserPreferences = {
  language: 'es',
  dateFormat: 'DD/MM/YYYY',
  themeVariant: 'default',
  colorScheme: 'auto',
  emailNotifications: true,
  pushNotifications: true,
  marketingEmails: false,
  topics: { ...DEFAULT_NOTIFICATION_PREFERENCES.topics },
};

/** `PUT /auth/preferences` body: any subset; topics (known ids only) merge key by key. */
export const UpdatePreferencesRequestSchema = UserPreferencesSchema.omit({ topics: true })
  .partial()
  .extend({
    topics: z
      .record(z.string(), z.boolean())
      .refine(
        (t) => Object.keys(t).every((k) => NOTIFICATION_TOPICS.some((n) => n.id === k)),
        'Tema de notificación desconocido',
      )
      .optional(),
  });
export type UpdatePreferencesRequest = z.input<typeof UpdatePreferencesRequestSchema>;

/** `GET`/`PUT /auth/preferences` → `data`. */
export const GetPreferencesResponseSchema = z.object({ preferences: UserPreferencesSchema });

/** One sign-in session of the user (`GET /auth/sessions`). Dates ISO. */
export const SessionInfoSchema = z.object({
  _id: z.uuid(),
  /** Readable device, e.g. "Chrome en Linux". */
  device: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** True for the session making the request. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

/** `GET /auth/sessions` → `data`: the live sessions, most recently used first. */
export const ListSessionsResponseSchema = z.object({ sessions: z.array(SessionInfoSchema) });

/** `POST /auth/sessions/revoke-others` → `data`: how many sessions were closed. */
export const RevokeSessionsResponseSchema = z.object({ revoked: z.number().int() });

/**
 * `POST /auth/2fa/setup` → `data`: a new secret (not active until confirmed with a code), its
 * otpauth:// URI and the QR code of that URI as an SVG data URL.
 */
export const TwoFactorSetupResponseSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCode: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponseSchema>;

/** A 6-digit authenticator code. */
export const TotpCodeSchema = z
  .string({ error: 'El código es requerido' })
  .trim()
  .regex(/^\d{6}$/, 'El código debe tener 6 dígitos');

/** `POST /auth/2fa/enable` body: the first code from the app, proving it was scanned. */
export const EnableTwoFactorRequestSchema = z.object({ code: TotpCodeSchema });

/** `POST /auth/2fa/enable` and `/auth/2fa/recovery-codes` → `data`: 10 one-time codes, shown once. */
export const RecoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** `POST /auth/2fa/disable` and `/auth/2fa/recovery-codes` body: the account password. */
export const PasswordConfirmRequestSchema = z.object({
  password: z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED).max(200),
});
export type PasswordConfirmRequest = z.input<typeof PasswordConfirmRequestSchema>;

/** `GET /auth/2fa` → `data`. */
export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** Upload kinds of `POST /upload` (multipart field `type`). */
export const UPLOAD_TYPES = ['avatar', 'logo'] as const;
/** Largest accepted image: 2 MB. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** Side of the square thumbnail an avatar is resized to (px). */
export const AVATAR_SIZE = 256;

/** `POST /upload` → `data`: where the stored file is served. */
export const UploadResponseSchema = z.object({ url: z.string(), _id: z.uuid() });
