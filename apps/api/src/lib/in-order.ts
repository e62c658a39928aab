/**
 * One step of {@link inOrder}: a lazy Drizzle query builder (it only runs when awaited), or a
 * function that starts the work when called (any `async` helper: calling it runs its queries).
 */
export type InOrderStep = PromiseLike<unknown> | (() => PromiseLike<unknown>);

/** What a step settles to: a builder's rows, or the value of the promise a function returns. */
type StepResult<S> = S extends () => PromiseLike<infer R> ? R : Awaited<S>;

/**
 * Runs the steps one after the other and returns their results in order, like `Promise.all`
 * but without running them at once. Use it where `db` may be a transaction: a transaction is a
 * single connection, and node-postgres deprecates concurrent queries on one client (pg 9 will
 * reject them). Pass a Drizzle builder as is, and wrap a call to an `async` function in
 * `() => …`: calling it starts its queries at once, before the previous step has finished.
 */
export async function inOrder<T extends readonly InOrderStep[]>(
  items: readonly [...T],
): Promise<{ -readonly [K in keyof T]: StepResult<T[K]> }> {
  const results: unknown[] = [];
  for (const item of items) results.push(await (typeof item === 'function' ? item() : item));
  return results as { -readonly [K in keyof T]: StepResult<T[K]> };
}
