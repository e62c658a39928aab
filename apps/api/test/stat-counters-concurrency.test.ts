import { TICKET_PRIORITIES, TICKET_TYPES } from '@agencia/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clonePgDatabase } from './helpers.js';
import { generator, SEED } from './seeded-random.js';

/**
 * Two transactions at once on PostgreSQL (PGlite has one connection: its transactions never
 * overlap, so there is nothing concurrent to test there). They update disjoint tickets of one
 * client, so the only rows they share are the counter rows: the second waits for the first on
 * that row (`insert … on conflict do update set n = n + excluded.n` under a row lock) and adds
 * its own delta after the first committed — no update is lost.
 */
describe.runIf(Boolean(inject('pgTemplateUrl')))(
  'stat counters under concurrent transactions (PostgreSQL)',
  () => {
    let clone: Awaited<ReturnType<typeof clonePgDatabase>>;
    let a: pg.Client;
    let b: pg.Client;
    const client = '00000000-0000-4000-8000-00000000c0c0';

    beforeAll(async () => {
      clone = await clonePgDatabase();
      a = new pg.Client({ connectionString: clone!.url });
      b = new pg.Client({ connectionString: clone!.url });
      await a.connect();
      await b.connect();
      await a.query(
        `insert into clients (id, client_type, first_name, email) values ($1, 'company', 'Concurrente', 'concurrente@x.do')`,
        [client],
      );
      await a.query(
        `insert into tickets (title, description, type, priority, client_id)
       select 'Concurrente ' || g, 'Prueba', 'bug', 'medium', $1 from generate_series(1, 200) g`,
        [client],
      );
    });
    afterAll(async () => {
      await a?.end();
      await b?.end();
      await clone?.drop();
    });

    /** The client's counter rows and its `group by` over `tickets`, both as "status/priority/type n". */
    const both = async () => {
      const counted = await a.query(
        `select status || '/' || priority || '/' || type || ' ' || n as k from ticket_counts
        where client_id = $1 and n <> 0 order by 1`,
        [client],
      );
      const grouped = await a.query(
        `select status || '/' || priority || '/' || type || ' ' || count(*) as k from tickets
        where client_id = $1 group by status, priority, type order by 1`,
        [client],
      );
      return { counted: counted.rows.map((r) => r.k), grouped: grouped.rows.map((r) => r.k) };
    };
    const idsOf = async (parity: 0 | 1) =>
      (
        await a.query(
          `select id from (select id, row_number() over (order by id) as i from tickets where client_id = $1) t
          where i % 2 = $2`,
          [client, parity],
        )
      ).rows.map((r) => r.id as string);

    it('the second transaction waits on the shared counter row and both deltas land', async () => {
      const [even, odd] = [await idsOf(0), await idsOf(1)];
      await a.query('begin');
      await a.query(`update tickets set status = 'in_progress' where id = any($1)`, [even]);
      await b.query('begin');
      const started = performance.now();
      const second = b.query(`update tickets set status = 'in_progress' where id = any($1)`, [odd]);
      await new Promise((r) => setTimeout(r, 300));
      await a.query('commit');
      await second;
      const waited = performance.now() - started;
      await b.query('commit');
      // b blocked on the counter row a held until its commit (the tickets themselves are disjoint).
      expect(waited).toBeGreaterThanOrEqual(250);
      const { counted, grouped } = await both();
      expect(counted).toEqual(['in_progress/medium/bug 200']);
      expect(counted).toEqual(grouped);
    });

    it('two transactions inserting the first ticket of a new counter key both count', async () => {
      const insert = `insert into tickets (title, description, type, priority, status, client_id)
                    values ('Nueva clave', 'Prueba', 'question', 'urgent', 'cancelled', $1)`;
      await a.query('begin');
      await a.query(insert, [client]);
      await b.query('begin');
      const second = b.query(insert, [client]);
      await new Promise((r) => setTimeout(r, 200));
      await a.query('commit');
      await second;
      await b.query('commit');
      const { counted, grouped } = await both();
      expect(counted).toContain('cancelled/urgent/question 2');
      expect(counted).toEqual(grouped);
    });

    it('rounds of concurrent multi-row updates of one client keep the counters exact', async () => {
      const g = generator(SEED);
      const statuses = ['open', 'in_progress', 'pending_client', 'resolved', 'closed', 'cancelled'];
      let deadlocks = 0;
      /** One transaction: two multi-row updates of its half of the tickets; retried after a deadlock. */
      const round = async (c: pg.Client, ids: string[], seed: number) => {
        const r = generator(seed);
        for (;;) {
          try {
            await c.query('begin');
            await c.query(`update tickets set status = $2, priority = $3 where id = any($1)`, [
              ids.filter(() => r.next() < 0.5),
              r.pick(statuses),
              r.pick(TICKET_PRIORITIES),
            ]);
            await c.query('select pg_sleep(0.01)');
            await c.query(`update tickets set type = $2 where id = any($1)`, [
              ids.filter(() => r.next() < 0.5),
              r.pick(TICKET_TYPES),
            ]);
            await c.query('commit');
            return;
          } catch (err) {
            await c.query('rollback');
            // Two statements per transaction may lock shared counter rows in opposite orders.
            if ((err as { code?: string }).code !== '40P01') throw err;
            deadlocks++;
          }
        }
      };
      const [even, odd] = [await idsOf(0), await idsOf(1)];
      for (let i = 0; i < 15; i++) {
        const seed = g.int(1_000_000);
        await Promise.all([round(a, even, seed), round(b, odd, seed + 1)]);
      }
      const { counted, grouped } = await both();
      expect(counted, `${deadlocks} deadlock(s) retried`).toEqual(grouped);
      const [{ n }] = (
        await a.query(`select sum(n)::int as n from ticket_counts where client_id = $1`, [client])
      ).rows;
      expect(n).toBe(202);
    });
  },
);
