import { ACCESS_TOKEN_TTL_SECONDS, type Role } from '@agencia/shared';
import { jwtVerify, SignJWT } from 'jose';

/** Claims of the access token: subject = user id, `sid` = session (refresh family) id. */
export interface AccessClaims {
  sub: string;
  sid: string;
  role: Role;
}

const ALG = 'HS256';
const ISSUER = 'agencia-rd';

/** Signs a 15-minute HS256 access token. */
export async function signAccessToken(secret: Uint8Array, claims: AccessClaims): Promise<string> {
  return new SignJWT({ sid: claims.sid, role: claims.role })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(secret);
}

/**
 * Verifies an access token: algorithm pinned to HS256 (no `none`, no RS/HS confusion),
 * issuer and `exp` checked. Returns null on any failure.
 */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: [ALG], issuer: ISSUER });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string' ||
      typeof payload.role !== 'string'
    ) {
      return null;
    }
    return { sub: payload.sub, sid: payload.sid, role: payload.role as Role };
  } catch {
    return null;
  }
}
