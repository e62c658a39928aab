/**
 * Awaits lazy query builders one after the other and returns their results in order, like
 * `Promise.all` but without running them at once. Use it where `db` may be a transaction:
 * a transaction is a single connection, and node-postgres deprecates concurrent queries on one
 * client (pg 9 will reject them). Drizzle builders only run when awaited, so this is sequential.
 */
export async function inOrder<T extends readonly unknown[]>(
  items: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results: unknown[] = [];
  for (const item of items) results.push(await item);
  return results as { -readonly [K in keyof T]: Awaited<T[K]> };
}
