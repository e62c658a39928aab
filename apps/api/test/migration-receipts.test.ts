import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { asc } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { PGLITE_EXTENSIONS } from '../src/db/client.js';
import { invoicePayments, onlinePaymentSettings, receiptCounters } from '../src/db/schema/index.js';
import { MIGRATIONS_DIR } from '../src/lib/paths.js';

/**
 * Migration 0021 (decision 147) on a database that already holds payments: each gets a receipt
 * number in the order it was recorded, per year of recording in Santo Domingo time, the counters
 * continue after them, and Azul starts off.
 */
describe('migration 0021_online_payments_and_receipts on existing payments', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mig-receipts-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('numbers the existing payments per year in recording order and sets the counters', async () => {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
    const idx = journal.entries.findIndex((e: { tag: string }) =>
      e.tag.endsWith('_online_payments_and_receipts'),
    );
    expect(idx).toBeGreaterThan(0);
    const before = join(dir, 'before');
    mkdirSync(join(before, 'meta'), { recursive: true });
    for (const e of journal.entries.slice(0, idx))
      cpSync(join(MIGRATIONS_DIR, `${e.tag}.sql`), join(before, `${e.tag}.sql`));
    writeFileSync(
      join(before, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, idx) }),
    );
    const lite = new PGlite({ extensions: PGLITE_EXTENSIONS });
    const db = drizzle(lite);
    await migrate(db, { migrationsFolder: before });
    const C = '00000000-0000-4000-8000-000000000001';
    const I = '00000000-0000-4000-8000-0000000000a1';
    await lite.exec(`
      insert into clients (id, client_type, first_name, last_name, email) values ('${C}', 'company', 'María', 'Fernández', 'm@x.do');
      insert into invoices (id, invoice_number, series, year, sequence, client_id, issue_date, due_date, status,
                            subtotal_cents, tax_rate, tax_cents, total_cents) values
        ('${I}', 'FAC-2025-0001', 'FAC', 2025, 1, '${C}', '2025-12-01', '2025-12-31', 'pending', 100000, 18, 18000, 118000);
      insert into invoice_payments (id, invoice_id, amount_cents, paid_date, payment_method, created_at) values
        ('00000000-0000-4000-8000-0000000000b3', '${I}', 100, '2026-01-02', 'cash', '2026-01-02T15:00:00Z'),
        -- 31 Dec 2025 at 23:30 in Santo Domingo is already 2026 in UTC: it belongs to 2025
        ('00000000-0000-4000-8000-0000000000b2', '${I}', 100, '2025-12-31', 'cash', '2026-01-01T03:30:00Z'),
        ('00000000-0000-4000-8000-0000000000b1', '${I}', 100, '2025-12-10', 'cash', '2025-12-10T15:00:00Z'),
        ('00000000-0000-4000-8000-0000000000b4', '${I}', 100, '2026-01-05', 'cash', '2026-01-05T15:00:00Z');
    `);
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

    const rows = await db.select().from(invoicePayments).orderBy(asc(invoicePayments.id));
    expect(rows.map((r) => [r.id.slice(-2), r.receiptNumber, r.balanceAfterCents])).toEqual([
      ['b1', 'REC-2025-0001', null],
      ['b2', 'REC-2025-0002', null],
      ['b3', 'REC-2026-0001', null],
      ['b4', 'REC-2026-0002', null],
    ]);
    expect(await db.select().from(receiptCounters).orderBy(asc(receiptCounters.year))).toEqual([
      { year: 2025, lastNumber: 2 },
      { year: 2026, lastNumber: 2 },
    ]);
    const [azul] = await db.select().from(onlinePaymentSettings);
    expect(azul).toMatchObject({ azulEnabled: false, azulAuthKeySealed: null, azulCurrencies: ['DOP'] });
    await lite.close();
  });
});
