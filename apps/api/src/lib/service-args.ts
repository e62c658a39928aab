import type { Db, Tx } from '../db/client.js';
import type { Actor } from './actor.js';
import type { AuditContext } from './audit.js';

/*
 * Argument shapes of the module services, so each signature names what it takes instead of
 * spelling `{ db: Db; actor: Actor; … }` again.
 */

/** What every service call gets: the database and the caller. */
export interface ActorCall {
  db: Db;
  actor: Actor;
}
/** A call with a parsed body or query and no resource id (`POST /things`, `GET /things`). */
export interface ActorInput<I> extends ActorCall {
  input: I;
}
/** A call on one resource (`/things/{id}`). */
export interface ResourceCall extends ActorCall {
  id: string;
}
/** A call on one resource with a parsed body or query (`PUT /things/{id}`). */
export interface ResourceInput<I> extends ResourceCall {
  input: I;
}

/**
 * What a writing service takes when it records an audit entry (issue 15, kept by issue 25): the
 * database (or a transaction, run as a savepoint), who acts and the request's audit context;
 * each service adds its own `id` and `input`.
 */
export interface WriteCall extends ActorCall {
  ctx: AuditContext;
}

/**
 * A call that records an audit entry: any of the shapes above plus the request's audit context
 * (`Audited<ResourceCall>`, `Audited<ActorInput<I>>`); routes build it with the kit's `write`.
 */
export type Audited<C extends ActorCall> = C & { ctx: AuditContext };

/**
 * What a reading function takes when it may run inside a caller's transaction: the database or
 * the transaction and who reads (rows outside the actor's scope are not found).
 */
export interface ReadCall {
  db: Db | Tx;
  actor: Actor;
}
