import type { Db } from '../src/db/client.js';
import { clientCommunications, clients } from '../src/db/schema/index.js';

/**
 * Inserts `count` company clients straight into the table (pagination tests need many rows fast):
 * `${prefix} 001 SRL`…, emails `prefix-001@lote.test`…, one shared `createdAt` so the `id`
 * tie-breaker is exercised. Returns the ids in insertion order.
 */
export async function insertClientRows(
  db: Db,
  count: number,
  opts: { prefix?: string; createdAt?: Date } = {},
): Promise<string[]> {
  const prefix = opts.prefix ?? 'Lote';
  const createdAt = opts.createdAt ?? new Date('2024-01-01T12:00:00Z');
  const rows = Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(3, '0');
    return {
      clientType: 'company' as const,
      companyName: `${prefix} ${n} SRL`,
      firstName: 'Contacto',
      lastName: n,
      email: `${prefix.toLowerCase().replace(/\W+/g, '-')}-${n}@lote.test`,
      createdAt,
    };
  });
  return (await db.insert(clients).values(rows).returning({ id: clients.id })).map((r) => r.id);
}

/** Inserts `count` communication-log entries of `clientId`, all on the same `date` (ties on id). */
export async function insertCommunicationRows(db: Db, clientId: string, count: number): Promise<string[]> {
  const date = new Date('2024-02-01T15:00:00Z');
  const rows = Array.from({ length: count }, (_, i) => ({
    clientId,
    type: 'call' as const,
    subject: `Llamada ${i + 1}`,
    date,
    direction: 'outgoing' as const,
  }));
  return (await db.insert(clientCommunications).values(rows).returning({ id: clientCommunications.id })).map(
    (r) => r.id,
  );
}
