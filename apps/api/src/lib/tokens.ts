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
 * issuer and `exp` checked. Returns the claims plus `exp` (seconds since the epoch), or null on
 * any failure.
 */
export async function verifyAccessToken(
  secret: Uint8Array,
  token: string,
): Promise<(AccessClaims & { exp: number }) | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: [ALG], issuer: ISSUER });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string' ||
      typeof payload.role !== 'string' ||
      typeof payload.exp !== 'number'
    ) {
      return null;
    }
    return { sub: payload.sub, sid: payload.sid, role: payload.role as Role, exp: payload.exp };
  } catch {
    return null;
  }
}

const CHALLENGE_AUDIENCE = 'agencia-rd:totp-challenge';
/** Lifetime of a two-factor login challenge (seconds): 5 minutes. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

/**
 * Signs the two-factor challenge returned by a correct password when TOTP is on (decision 063).
 * It has its own audience and no `sid`, so it can never pass as an access token.
 */
export async function signChallengeToken(secret: Uint8Array, userId: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(CHALLENGE_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${CHALLENGE_TTL_SECONDS}s`)
    .sign(secret);
}

/** Verifies a two-factor challenge; returns the user id, or null when invalid or expired. */
export async function verifyChallengeToken(secret: Uint8Array, token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [ALG],
      issuer: ISSUER,
      audience: CHALLENGE_AUDIENCE,
    });
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}
