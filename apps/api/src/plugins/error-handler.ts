import { ErrorCodes, type ErrorResponse } from '@agencia/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.js';

const CONTEXT_LABEL: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

/**
 * One error handler for the whole API: AppError → its status; zod validation → 400 with
 * `errors[{field, message}]`; malformed JSON → 400; oversize → 413; wrong content type →
 * 415; rate limit → 429; database unreachable → 503 with Retry-After (code
 * DATABASE_UNAVAILABLE); anything else → 500 with a generic Spanish message (details only in
 * the log, tagged with the request id; database errors log their SQLSTATE, never parameters).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const send = (status: number, body: ErrorResponse) => reply.code(status).send(body);

    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return send(err.statusCode, {
        success: false,
        message: err.message,
        code: err.code,
        ...(err.errors ? { errors: err.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => {
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return {
          field: path || CONTEXT_LABEL[err.validationContext ?? 'body'] || 'body',
          message: v.message ?? 'Valor inválido',
        };
      });
      return send(400, {
        success: false,
        message: errors[0]?.message ?? 'Datos inválidos',
        code: ErrorCodes.VALIDATION,
        errors,
      });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response failed its schema');
      return send(500, { success: false, message: 'Error interno del servidor', code: ErrorCodes.INTERNAL });
    }
    if (err.statusCode === undefined && isMalformedMultipart(err)) {
      return send(400, {
        success: false,
        message: 'El formulario enviado está incompleto o mal formado',
        code: ErrorCodes.VALIDATION,
      });
    }
    const status = err.statusCode ?? 500;
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (status === 400 && err instanceof SyntaxError)) {
      return send(400, {
        success: false,
        message: 'El cuerpo de la solicitud no es JSON válido',
        code: ErrorCodes.MALFORMED_JSON,
      });
    }
    if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return send(400, {
        success: false,
        message: 'El cuerpo de la solicitud está vacío',
        code: ErrorCodes.MALFORMED_JSON,
      });
    }
    if (status === 413) {
      return send(413, {
        success: false,
        message: 'La solicitud es demasiado grande',
        code: ErrorCodes.PAYLOAD_TOO_LARGE,
      });
    }
    if (status === 415) {
      return send(415, {
        success: false,
        message: 'Tipo de contenido no soportado',
        code: ErrorCodes.UNSUPPORTED_MEDIA_TYPE,
      });
    }
    if (status === 429) {
      return send(429, {
        success: false,
        message: 'Demasiadas solicitudes. Intenta nuevamente en unos minutos.',
        code: ErrorCodes.THROTTLED,
      });
    }
    if (status >= 400 && status < 500) {
      req.log.info({ err }, 'client error');
      return send(status, { success: false, message: 'Solicitud inválida', code: ErrorCodes.VALIDATION });
    }
    const db = databaseError(err);
    if (db?.unavailable) {
      req.log.warn({ db: { code: db.code } }, 'database unavailable');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return send(503, {
        success: false,
        message: 'La base de datos no está disponible en este momento. Intenta nuevamente en unos segundos.',
        code: ErrorCodes.DATABASE_UNAVAILABLE,
      });
    }
    if (db) {
      // Never the SQL parameters or the driver's message (they can hold e-mails and password hashes).
      req.log.error(
        { db: { code: db.code, constraint: db.constraint, table: db.table, statement: db.statement } },
        'database error',
      );
      return send(500, { success: false, message: 'Error interno del servidor', code: ErrorCodes.INTERNAL });
    }
    req.log.error({ err }, 'unhandled error');
    return send(500, { success: false, message: 'Error interno del servidor', code: ErrorCodes.INTERNAL });
  });
}

/** Seconds a client should wait before retrying while the database is down. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Node socket errors and PostgreSQL SQLSTATEs that mean "can't reach the database right now". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown (terminated by an administrator)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '3D000', // invalid_catalog_name (the database is gone)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection is closed|not currently accepting connections|terminating connection/i;

/**
 * What is safe to log of a database error, found along the `cause` chain (Drizzle wraps the
 * driver's error in a `DrizzleQueryError` whose message holds the SQL and its parameters):
 * SQLSTATE or socket code, constraint, table and the query's first words. `unavailable` when
 * the database can't be reached. Null for errors that don't come from the database.
 */
export function databaseError(err: unknown): {
  code: string | null;
  constraint: string | null;
  table: string | null;
  statement: string | null;
  unavailable: boolean;
} | null {
  let statement: string | null = null;
  let fromDb = false;
  for (
    let e = err as Record<string, unknown> | undefined, depth = 0;
    e && depth < 6;
    e = e.cause as Record<string, unknown>, depth++
  ) {
    if (typeof e.query === 'string') {
      fromDb = true;
      statement = e.query.trim().split(/\s+/).slice(0, 3).join(' ');
    }
    const code = typeof e.code === 'string' ? e.code : null;
    const message = typeof e.message === 'string' ? e.message : '';
    const sqlstate = code !== null && /^[0-9A-Z]{5}$/.test(code);
    if ((code && UNAVAILABLE_CODES.has(code)) || UNAVAILABLE_MESSAGES.test(message))
      return { code, constraint: null, table: null, statement, unavailable: true };
    if (sqlstate)
      return {
        code,
        constraint: typeof e.constraint === 'string' ? e.constraint : null,
        table: typeof e.table === 'string' ? e.table : null,
        statement,
        unavailable: false,
      };
  }
  return fromDb ? { code: null, constraint: null, table: null, statement, unavailable: false } : null;
}

/**
 * Busboy (behind @fastify/multipart) rejects a body without a boundary or cut short with plain
 * `Error`s that carry no status: they are the client's fault, so they answer 400, not 500.
 */
function isMalformedMultipart(err: Error): boolean {
  return /^(Multipart: Boundary not found|Unexpected end of multipart data)/.test(err.message);
}
