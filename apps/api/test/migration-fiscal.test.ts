import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { PGLITE_EXTENSIONS } from '../src/db/client.js';
import { MIGRATIONS_DIR } from '../src/lib/paths.js';

/**
 * Migration 0003 (issue 12) on a database that already holds invoices: drafts are recomputed
 * with ITBIS after the discount; issued invoices keep their stored figures; companies become
 * contribuyentes and individuals consumidores finales.
 */
describe('migration 0003_fiscal on existing data', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mig-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('recomputes drafts only and sets the fiscal profiles', async () => {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
    const fiscalIdx = journal.entries.findIndex((e: { tag: string }) => e.tag.endsWith('_fiscal'));
    expect(fiscalIdx).toBeGreaterThan(0);
    // A copy of the migrations folder that stops before 0003.
    const before = join(dir, 'before');
    mkdirSync(join(before, 'meta'), { recursive: true });
    for (const e of journal.entries.slice(0, fiscalIdx))
      cpSync(join(MIGRATIONS_DIR, `${e.tag}.sql`), join(before, `${e.tag}.sql`));
    writeFileSync(
      join(before, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, fiscalIdx) }),
    );

    const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before });
    await client.exec(`
      insert into clients (id, client_type, first_name, email) values
        ('00000000-0000-4000-8000-000000000001', 'company', 'Empresa', 'e@x.do'),
        ('00000000-0000-4000-8000-000000000002', 'individual', 'Persona', 'p@x.do');
      insert into invoices (id, invoice_number, series, year, sequence, client_id, issue_date, due_date, status,
                            subtotal_cents, tax_rate, tax_cents, discount_cents, total_cents) values
        -- draft: 1,000.00 − 100.00 discount; old rule tax 180.00, total 1,080.00
        ('00000000-0000-4000-8000-0000000000a1', 'FAC-2026-0001', 'FAC', 2026, 1, '00000000-0000-4000-8000-000000000001',
         '2026-01-01', '2026-01-31', 'draft', 100000, 18, 18000, 10000, 108000),
        -- sent: same figures, must stay as issued
        ('00000000-0000-4000-8000-0000000000a2', 'FAC-2026-0002', 'FAC', 2026, 2, '00000000-0000-4000-8000-000000000002',
         '2026-01-01', '2026-01-31', 'sent', 100000, 18, 18000, 10000, 108000),
        -- draft with an odd base: (333.33 − 0.01) × 18 % = 59.9976 → 60.00
        ('00000000-0000-4000-8000-0000000000a3', 'FAC-2026-0003', 'FAC', 2026, 3, '00000000-0000-4000-8000-000000000002',
         '2026-01-01', '2026-01-31', 'draft', 33333, 18, 6000, 1, 39332);
    `);
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

    const { rows } = await client.query<{
      id: string;
      tax_cents: string;
      total_cents: string;
      taxable_base_cents: string;
    }>('select id, tax_cents, total_cents, taxable_base_cents from invoices order by invoice_number');
    expect(
      rows.map((r) => [Number(r.tax_cents), Number(r.total_cents), Number(r.taxable_base_cents)]),
    ).toEqual([
      [16200, 106200, 90000], // 900.00 × 18 % = 162.00; 1,000 − 100 + 162
      [18000, 108000, 100000], // issued: unchanged (its base was the whole subtotal)
      [6000, 39332, 33332],
    ]);
    const profiles = await client.query<{ client_type: string; taxpayer_type: string }>(
      'select client_type, taxpayer_type from clients order by client_type',
    );
    expect(profiles.rows).toEqual([
      { client_type: 'company', taxpayer_type: 'contribuyente' },
      { client_type: 'individual', taxpayer_type: 'consumidor_final' },
    ]);
    await client.close();
  });
});
