import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { PGLITE_EXTENSIONS } from '../src/db/client.js';
import { clients, companySettings, creditNotes, invoices } from '../src/db/schema/index.js';
import { MIGRATIONS_DIR } from '../src/lib/paths.js';
import { buildFiscalSnapshot } from '../src/modules/invoices/fiscal-snapshot.js';

/**
 * Migration 0013 (decision 132) on a database that already holds issued documents: every issued
 * invoice and credit note gets the snapshot the app would build from today's client and settings
 * (the SQL and `buildFiscalSnapshot` agree); drafts and voided drafts stay without one.
 */
describe('migration 0013_fiscal_snapshot on existing data', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mig-snapshot-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('freezes issued and sent invoices and their credit notes as buildFiscalSnapshot would', async () => {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
    const idx = journal.entries.findIndex((e: { tag: string }) => e.tag.endsWith('_fiscal_snapshot'));
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
    const C1 = '00000000-0000-4000-8000-000000000001';
    const C2 = '00000000-0000-4000-8000-000000000002';
    const C3 = '00000000-0000-4000-8000-000000000003';
    await lite.exec(`
      insert into company_settings (id, name, tax_id, address, city, state) values
        (1, 'Agencia Digital RD', '131855423', ' Av. Winston Churchill 1099 ', 'Santo Domingo', '');
      insert into clients (id, client_type, first_name, last_name, email, company_name, company_rnc, taxpayer_type,
                           street, city, state) values
        ('${C1}', 'company', 'María', 'Fernández', 'm@x.do', 'Café Cibao SRL', '130458715', 'contribuyente',
         'Calle del Sol 12', 'Santiago', null),
        ('${C2}', 'individual', 'Ana', 'Martínez', 'a@x.do', null, '00114272360', 'consumidor_final',
         null, null, null),
        ('${C3}', 'individual', 'Luis', '', 'l@x.do', '', null, 'consumidor_final', null, null, null);
      insert into invoices (id, invoice_number, series, year, sequence, client_id, issue_date, due_date, status,
                            subtotal_cents, tax_rate, tax_cents, total_cents, ncf, sent_at) values
        ('00000000-0000-4000-8000-0000000000a1', 'FAC-2026-0001', 'FAC', 2026, 1, '${C1}',
         '2026-10-01', '2026-10-31', 'sent', 100000, 18, 18000, 118000, 'B0100000001', now()),
        ('00000000-0000-4000-8000-0000000000a2', 'FAC-2026-0002', 'FAC', 2026, 2, '${C2}',
         '2026-10-01', '2026-10-31', 'paid', 100000, 18, 18000, 118000, 'B0200000001', now()),
        -- sent before fiscal invoicing: no NCF, still a document the client received
        ('00000000-0000-4000-8000-0000000000a3', 'FAC-2026-0003', 'FAC', 2026, 3, '${C3}',
         '2026-10-01', '2026-10-31', 'sent', 100000, 18, 18000, 118000, null, now()),
        ('00000000-0000-4000-8000-0000000000a4', 'FAC-2026-0004', 'FAC', 2026, 4, '${C1}',
         '2026-10-01', '2026-10-31', 'draft', 100000, 18, 18000, 118000, null, null),
        -- a voided draft keeps its number but was never issued
        ('00000000-0000-4000-8000-0000000000a5', 'FAC-2026-0005', 'FAC', 2026, 5, '${C1}',
         '2026-10-01', '2026-10-31', 'cancelled', 100000, 18, 18000, 118000, null, null);
      insert into credit_notes (invoice_id, document_type, ncf, issue_date, modified_ncf, modified_issue_date,
                                modification_code, reason, lines, subtotal_cents, tax_cents, total_cents) values
        ('00000000-0000-4000-8000-0000000000a1', 'B04', 'B0400000001', '2026-10-05', 'B0100000001', '2026-10-01',
         3, 'Ajuste', '[]', 10000, 1800, 11800);
    `);
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

    const [settings] = await db.select().from(companySettings);
    const byId = new Map((await db.select().from(clients)).map((c) => [c.id, c]));
    const rows = await db.select().from(invoices).orderBy(invoices.invoiceNumber);
    const expected = (clientId: string) => buildFiscalSnapshot(byId.get(clientId)!, settings!);
    expect(rows.map((r) => r.fiscalSnapshot)).toEqual([expected(C1), expected(C2), expected(C3), null, null]);
    expect(rows[0]!.fiscalSnapshot).toMatchObject({
      buyer: {
        name: 'Café Cibao SRL',
        person: 'María Fernández',
        taxIdType: 1,
        address: 'Calle del Sol 12, Santiago, República Dominicana',
      },
      issuer: { address: 'Av. Winston Churchill 1099, Santo Domingo, República Dominicana' },
    });
    expect(rows[1]!.fiscalSnapshot!.buyer).toMatchObject({
      name: 'Ana Martínez',
      person: null,
      taxIdType: 2,
    });
    expect(rows[2]!.fiscalSnapshot!.buyer).toMatchObject({ name: 'Luis', taxId: null, taxIdType: null });
    const [note] = await db.select().from(creditNotes);
    expect(note!.fiscalSnapshot).toEqual(expected(C1));
    await lite.close();
  }, 120_000);
});
