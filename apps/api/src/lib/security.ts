import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id parameters: m = 19456 KiB, t = 2, p = 1 (OWASP Password Storage Cheat Sheet,
 * ASVS V2.4.1). Algorithm 2 = argon2id in @node-rs/argon2.
 */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id; returns the PHC string. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Verifies a password against a PHC hash; false on mismatch or a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash computed once, verified against for unknown emails so timing does not reveal them. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/** 256-bit random opaque token, base64url (43 characters). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex of a high-entropy token (refresh, registration): safe to store, not reversible. */
export function sha256(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
