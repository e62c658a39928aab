import { type ErrorCode, ErrorCodes, type FieldError } from '@agencia/shared';

/**
 * The one error type services throw. The central error handler turns it into the
 * envelope `{ success: false, message, code, errors? }` with `statusCode`.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 400 with field errors. */
export const badRequest = (message: string, errors?: FieldError[]) =>
  new AppError(400, ErrorCodes.VALIDATION, message, errors);
/** 401: no or invalid credentials. */
export const unauthorized = (
  message = 'No autenticado. Inicia sesión para continuar.',
  code: ErrorCode = ErrorCodes.UNAUTHENTICATED,
) => new AppError(401, code, message);
/** 403: signed in, but the role or ownership does not allow it. */
export const forbidden = (message = 'No tienes permisos para realizar esta acción.') =>
  new AppError(403, ErrorCodes.FORBIDDEN, message);
/** 404 (also used for rows the caller may not see, so their existence does not leak). */
export const notFound = (message = 'Recurso no encontrado') =>
  new AppError(404, ErrorCodes.NOT_FOUND, message);
/** 409: the request conflicts with the current state. */
export const conflict = (message: string) => new AppError(409, ErrorCodes.CONFLICT, message);
/** 422: well-formed, but the document it would produce breaks an outside rule (the DGII's e-CF format). */
export const unprocessable = (message: string, errors?: FieldError[]) =>
  new AppError(422, ErrorCodes.VALIDATION, message, errors);
