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
 * Migration 0010 (stat counters, decision 122) applied to a database that already holds projects
 * and tickets: the counters start equal to a `group by` over the rows.
 */
describe('migration 0010_stat_counters on existing data', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mig-counters-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('backfills the counters from the rows already there (soft-deleted projects left out)', async () => {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
    const idx = journal.entries.findIndex((e: { tag: string }) => e.tag.endsWith('_stat_counters'));
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
    await lite.exec(`
      insert into clients (id, client_type, first_name, email) values
        ('00000000-0000-4000-8000-000000000001', 'company', 'Empresa', 'e@x.do');
      insert into projects (title, client_id, status, approved_budget_cents, spent_cents, progress_percentage, deleted_at)
      select 'P' || g, '00000000-0000-4000-8000-000000000001',
             (array['requested','in_progress','completed'])[1 + g % 3], case when g % 4 = 0 then null else g * 100 end,
             g, g % 101, case when g % 5 = 0 then now() end
        from generate_series(1, 40) g;
      insert into tickets (title, description, type, status, priority, client_id, resolved_at, created_at)
      select 'T' || g, 'D', (array['bug','support'])[1 + g % 2], (array['open','resolved'])[1 + g % 2],
             (array['low','high','urgent'])[1 + g % 3], case when g % 7 = 0 then null else '00000000-0000-4000-8000-000000000001'::uuid end,
             case when g % 2 = 1 then now() - make_interval(mins => g) end, now() - make_interval(mins => 3 * g)
        from generate_series(1, 60) g;
    `);
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    const q = async (text: string) => (await lite.query<{ k: string }>(text)).rows.map((r) => r.k);
    expect(
      await q(`select concat_ws('/', client_id, status, priority, type, n, resolved_n, resolved_seconds::numeric(20,3)) as k
                 from ticket_counts order by 1`),
    ).toEqual(
      await q(`select concat_ws('/', client_id, status, priority, type, count(*), count(resolved_at),
                      coalesce(sum(extract(epoch from (resolved_at - created_at))), 0)::numeric(20,3)) as k
                 from tickets group by client_id, status, priority, type order by 1`),
    );
    expect(
      await q(
        `select concat_ws('/', client_id, status, n, budget_cents, spent_cents, progress_sum) as k from project_counts order by 1`,
      ),
    ).toEqual(
      await q(`select concat_ws('/', client_id, status, count(*), coalesce(sum(approved_budget_cents), 0), sum(spent_cents),
                      sum(progress_percentage)) as k
                 from projects where deleted_at is null group by client_id, status order by 1`),
    );
    expect(await q(`select sum(n)::text as k from project_counts`)).toEqual(['32']);
    await lite.close();
    // Two migration runs of a fresh PGlite: ~15 s on a quiet machine, 40 s at load 15.
  }, 120_000);
});
