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
 * 415; rate limit → 429; anything else → 500 with a generic Spanish message (details only
 * in the log, tagged with the request id).
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
    req.log.error({ err }, 'unhandled error');
    return send(500, { success: false, message: 'Error interno del servidor', code: ErrorCodes.INTERNAL });
  });
}

/**
 * Busboy (behind @fastify/multipart) rejects a body without a boundary or cut short with plain
 * `Error`s that carry no status: they are the client's fault, so they answer 400, not 500.
 */
function isMalformedMultipart(err: Error): boolean {
  return /^(Multipart: Boundary not found|Unexpected end of multipart data)/.test(err.message);
}
