import { PGlite, parse, protocol, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readResults } from './pglite-results.js';

/*
 * The raw-answer reader of decision 179 against PGlite's own parser: for the same backend bytes,
 * `readResults` must answer what `parseResults(messages, parsers, options)[0]` answers.
 */

const { serialize } = protocol;
let client: PGlite;

/** Prepares `text` unnamed, runs it with `values` and answers the backend's raw bytes. */
async function rawAnswer(text: string, values: Array<string | null> = []): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const message = [
    serialize.parse({ text }),
    serialize.bind({ values }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ];
  const joined = new Uint8Array(message.reduce((n, m) => n + m.byteLength, 0));
  let offset = 0;
  for (const part of message) {
    joined.set(part, offset);
    offset += part.byteLength;
  }
  await client.execProtocolRawStream(joined, { onRawData: (chunk) => chunks.push(chunk.slice()) });
  const raw = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  offset = 0;
  for (const chunk of chunks) {
    raw.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return raw;
}

/** PGlite's reading of the same bytes: its protocol parser, then `parseResults`. */
function pgliteReading(raw: Uint8Array, options?: Parameters<typeof readResults>[2]) {
  const messages: Parameters<typeof parse.parseResults>[0] = [];
  new protocol.Parser().parse(raw, (m) => messages.push(m as never));
  return parse.parseResults(messages, client.parsers, options)[0];
}

beforeAll(async () => {
  client = new PGlite();
  await client.waitReady;
  await client.exec(`create table r_items (
    id uuid primary key default gen_random_uuid(), n int, big bigint, amount numeric(14,2),
    name text, code varchar(12), flag boolean, day date, at timestamp, atz timestamptz,
    data jsonb, tags text[], ids uuid[], ratio double precision)`);
  await client.exec(`insert into r_items (n, big, amount, name, code, flag, day, at, atz, data, tags, ids, ratio) values
    (1, 9007199254740993, 1234.50, 'Café Cibao — niño 😀', 'E310000001', true, '2026-12-07',
     '2026-12-07 10:00:00', '2026-12-07T14:00:00Z', '{"a":[1,{"b":null}],"ñ":"sí"}', '{uno,"dos tres",""}',
     '{00000000-0000-4000-8000-000000000001}', 0.1),
    (null, null, null, '', null, false, null, null, null, 'null', '{}', '{}', null)`);
});

afterAll(async () => {
  await client.close();
});

describe('reading a prepared call from its raw bytes (decision 179)', () => {
  const cases: Array<[string, string, Array<string | null>?]> = [
    ['every column type the schema uses, objects', 'select * from r_items order by n nulls last'],
    [
      'a parameter and an expression',
      "select $1::text as echoed, n * 2 as twice, 'x' || name as named from r_items where n = 1",
      ['hola'],
    ],
    ['no rows', 'select id, name from r_items where false'],
    ['a duplicate column name (the last one wins, as in PGlite)', 'select 1 as a, 2 as a'],
    ['an insert without RETURNING', "insert into r_items (name) values ('tres')"],
    ['an insert with RETURNING', "insert into r_items (name, n) values ('cuatro', 4) returning n, name"],
    ['an update of several rows', "update r_items set flag = true where name <> 'nadie'"],
    ['a delete of none', "delete from r_items where name = 'nadie'"],
  ];

  for (const [title, text, values] of cases) {
    it(`answers what PGlite's parser answers: ${title}`, async () => {
      const raw = await rawAnswer(text, values);
      expect(readResults(raw, client.parsers, undefined)).toEqual(pgliteReading(raw));
      // Drizzle reads its prepared queries as arrays with its own parsers for dates and times.
      const drizzleLike = {
        rowMode: 'array' as const,
        parsers: { 1082: (v: string) => v, 1114: (v: string) => v, 1184: (v: string) => v },
      };
      expect(readResults(raw, client.parsers, drizzleLike)).toEqual(pgliteReading(raw, drizzleLike));
    });
  }

  it('decodes UTF-8, numbers and arrays as PGlite does', async () => {
    const raw = await rawAnswer('select name, big, amount, tags, data, flag from r_items where n = 1');
    const result = readResults<Record<string, unknown>>(raw, client.parsers, undefined);
    expect(result?.rows).toEqual([
      {
        name: 'Café Cibao — niño 😀',
        big: 9007199254740993n,
        amount: '1234.50',
        tags: ['uno', 'dos tres', ''],
        data: { a: [1, { b: null }], ñ: 'sí' },
        flag: true,
      },
    ]);
    expect(result?.fields.map((f) => f.dataTypeID)).toEqual([
      types.TEXT,
      types.INT8,
      types.NUMERIC,
      1009,
      types.JSONB,
      types.BOOL,
    ]);
  });

  it('leaves an error answer to PGlite (null), whose parser finds the DatabaseError', async () => {
    const raw = await rawAnswer('select 1 / $1::int as x', ['0']);
    expect(readResults(raw, client.parsers, undefined)).toBeNull();
    const errors: unknown[] = [];
    new protocol.Parser().parse(raw, (m) => {
      if (m instanceof protocol.messages.DatabaseError) errors.push(m);
    });
    expect(errors).toHaveLength(1);
    expect((errors[0] as { code: string }).code).toBe('22012');
  });

  it('leaves a notice to PGlite (null)', async () => {
    const noticed = await rawAnswer("do $$ begin raise notice 'aviso'; end $$");
    expect(readResults(noticed, client.parsers, undefined)).toBeNull();
    const notices: unknown[] = [];
    new protocol.Parser().parse(noticed, (m) => {
      if (m instanceof protocol.messages.NoticeMessage) notices.push(m);
    });
    expect(notices).toHaveLength(1);
  });
});
