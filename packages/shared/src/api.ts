import { z } from 'zod';

/** One field-level validation problem: `field` is a dotted path ("address.city"). */
export const FieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;

/**
 * Error envelope of every failed `/api` call (ARCHITECTURE.md "API conventions").
 * `message` is Spanish and meant for the user; `code` is a stable machine code.
 */
export const ErrorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  errors: z.array(FieldErrorSchema).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** Wraps a payload schema in the success envelope `{ success: true, data }`. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/** `{ success: true, message }` for calls that return no data (logout, delete). */
export const MessageResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** Path param `{id}` as a UUID; anything else is a 400, never a 500. */
export const IdParamsSchema = z.object({ id: z.uuid({ message: 'Identificador inválido' }) });

/** Stable machine-readable error codes used in the error envelope. */
export const ErrorCodes = {
  VALIDATION: 'VALIDATION_ERROR',
  MALFORMED_JSON: 'MALFORMED_JSON',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  TOKEN_REUSED: 'TOKEN_REUSED',
  /** The second factor (TOTP or recovery code) was wrong or the challenge expired. */
  TOTP_INVALID: 'TOTP_INVALID',
  /** The account must change its password (after an admin reset) before anything else. */
  PASSWORD_CHANGE_REQUIRED: 'PASSWORD_CHANGE_REQUIRED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  GONE: 'GONE',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  THROTTLED: 'THROTTLED',
  INTERNAL: 'INTERNAL_ERROR',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** The database can't be reached: 503 with Retry-After; the request can be repeated. */
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  /** 409: a task timer ran more than 12 hours; confirm or correct its end before it is saved (issue 45). */
  TIMER_CONFIRMATION_REQUIRED: 'TIMER_CONFIRMATION_REQUIRED',
  /** 400: no bank preset reads the statement and the account has no generic mapping that does (decision 166). */
  UNKNOWN_STATEMENT_LAYOUT: 'UNKNOWN_STATEMENT_LAYOUT',
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];
