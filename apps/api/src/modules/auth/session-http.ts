import { REFRESH_COOKIE, REFRESH_TOKEN_TTL_SECONDS } from '@agencia/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Who is calling and from where, for audit rows and sessions: actor id (null before sign-in),
 * IP (after TRUST_PROXY), request id and user agent. Used by the auth and registration routes.
 */
export function clientInfo(req: FastifyRequest) {
  return {
    actorId: req.actor?.id ?? null,
    ip: req.ip,
    requestId: req.id,
    userAgent: req.headers['user-agent'] ?? null,
  };
}

/**
 * Sets the refresh token cookie (ASVS V3.4: HttpOnly, SameSite=Strict, Secure behind HTTPS,
 * scoped to /api/auth, REFRESH_TOKEN_TTL_SECONDS long).
 */
export function setRefreshCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/api/auth',
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}
