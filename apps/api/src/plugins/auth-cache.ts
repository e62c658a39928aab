import type { Role } from '@agencia/shared';
import type { AccessClaims } from '../lib/tokens.js';

/** The user and session columns `authenticate` reads for every request. */
export interface SessionRow {
  id: string;
  role: Role;
  status: string;
  clientId: string | null;
  permissions: string[] | null;
  firstName: string;
  lastName: string;
  mustChangePassword: boolean;
  /** The session's expiry (ms since the epoch): past it the row is no longer served. */
  sessionExpiresAt: number;
}

/** A verified access token's claims and its `exp` (seconds since the epoch). */
export type VerifiedClaims = AccessClaims & { exp: number };

interface Entry {
  claims: VerifiedClaims;
  /** The session row read under `epoch` (PGlite), or null when only the token is cached. */
  row: SessionRow | null;
  epoch: number;
}

/** Most tokens kept; past it the cache starts over (a busy agency has a few hundred sessions). */
const MAX_ENTRIES = 10_000;

/**
 * Per-process cache of `authenticate`'s work, keyed by the exact access token (decision 148):
 *  - the token's verification (HS256 signature, issuer): pure, so it is kept until the token's
 *    `exp`, on both engines;
 *  - the user + session row, only when the database reports a write epoch (PGlite, the one
 *    process that writes it): served while the epoch is unchanged — any write, any transaction
 *    moves it — and the session has not expired. A revoked session, a disabled user, a new role
 *    or permissions are therefore read again on the very next request.
 */
export class AuthCache {
  readonly #entries = new Map<string, Entry>();
  /** Requests served from a cached session row since start (tests check the cache is used). */
  rowHits = 0;

  /** The cached claims of `token`, or undefined (unknown or expired token; `now` in ms). */
  claims(token: string, now: number): VerifiedClaims | undefined {
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    if (now >= entry.claims.exp * 1000) {
      this.#entries.delete(token);
      return undefined;
    }
    return entry.claims;
  }

  /** The row cached for `token` when still valid under `epoch` at `now`, else undefined. */
  row(token: string, epoch: number | null, now: number): SessionRow | undefined {
    if (epoch === null) return undefined;
    const entry = this.#entries.get(token);
    if (!entry?.row || entry.epoch !== epoch || now >= entry.row.sessionExpiresAt) return undefined;
    this.rowHits++;
    return entry.row;
  }

  /**
   * Remembers a verified token and, when `epoch` is a number, the row read under it (the caller
   * passes the epoch seen before the read, and only when it had not moved after it).
   */
  set(token: string, claims: VerifiedClaims, row: SessionRow | null, epoch: number | null): void {
    if (this.#entries.size >= MAX_ENTRIES && !this.#entries.has(token)) this.#entries.clear();
    this.#entries.set(token, { claims, row: epoch === null ? null : row, epoch: epoch ?? -1 });
  }

  /** Forgets everything (tests; a key change). */
  clear(): void {
    this.#entries.clear();
  }
}
