import { randomUUID } from 'node:crypto';
import type { Session } from '@agencia/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, injectAs, login } from './helpers.js';

/**
 * Schema-driven fuzzing (issue 13): reads the OpenAPI document and, for every route, each query
 * parameter and each top-level body field, sends hostile values — NUL, unpaired surrogates,
 * impossible dates, year 0, unknown time zones, integers past int4, huge strings, wrong types,
 * deep nesting — into an otherwise valid request, as an admin and as a client. No answer may be
 * a 5xx. Runs on PGlite and, in CI, on PostgreSQL.
 */

type Json = Record<string, unknown>;
interface Operation {
  method: string;
  path: string;
  query: Array<{ name: string; schema: Json }>;
  body: Json | null;
}

const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00',
  '2026-02-30',
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  'Not/AZone',
  '2147483648',
  '-9223372036854775809',
  'x'.repeat(20_000),
  "' or 1=1 --",
];
/** Percent-encodes a query value; a lone surrogate goes as its (invalid UTF-8) WTF-8 bytes. */
function encodeQuery(value: string): string {
  return [...value]
    .map((ch) => {
      const c = ch.charCodeAt(0);
      if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff)
        return `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`.toUpperCase();
      return encodeURIComponent(ch);
    })
    .join('');
}

function nest(depth: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}
const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_STRINGS,
  -1,
  2_147_483_648,
  1e308,
  true,
  null,
  [],
  {},
  nest(64),
];

let app: FastifyInstance;
let tokens: Record<'admin' | 'client', Session>;
const ids: Record<string, string> = {};

async function list(token: string, url: string, key: string): Promise<Array<{ _id: string }>> {
  const res = await injectAs(app, token, { method: 'GET', url });
  return res.statusCode === 200 ? (res.json().data[key] ?? []) : [];
}

beforeAll(async () => {
  // ~15,000 requests from one address: the per-IP API limit would answer most of them 429.
  app = await createTestApp({ rateLimitMax: 10_000_000 });
  tokens = { admin: await login(app, DEMO.admin), client: await login(app, DEMO.client) };
  const t = tokens.admin.token;
  const clientId = tokens.client.user.clientId!;
  const employee = await login(app, DEMO.employee);
  const projects = await list(t, `/api/projects?clientId=${clientId}`, 'projects');
  Object.assign(ids, {
    clientId,
    projectId: projects[0]?._id ?? randomUUID(),
    ticketId: (await list(t, '/api/tickets', 'tickets'))[0]?._id ?? randomUUID(),
    invoiceId: (await list(t, '/api/invoices', 'invoices'))[0]?._id ?? randomUUID(),
    eventId: (await list(t, '/api/calendar', 'events'))[0]?._id ?? randomUUID(),
    sequenceId: (await list(t, '/api/fiscal/sequences', 'sequences'))[0]?._id ?? randomUUID(),
    employeeId: employee.user._id,
    quoteId: await sentQuote(t, clientId),
  });
}, 120_000);

/** A sent quote of the demo client (decision 114), so the quote routes reach real rows. */
async function sentQuote(token: string, clientId: string): Promise<string> {
  const created = await injectAs(app, token, {
    method: 'POST',
    url: '/api/quotes',
    payload: {
      clientId,
      validUntil: '2999-12-31',
      items: [{ description: 'Sitio web corporativo', quantity: 1, unitPrice: 1000 }],
    },
  });
  const id = created.json().data?.quote?._id ?? randomUUID();
  await injectAs(app, token, { method: 'POST', url: `/api/quotes/${id}/send` });
  return id;
}

const resolve = (ref: string, doc: Json): Json =>
  ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((o, k) => (o as Json)[k], doc) as Json;

/** A plausible valid value for a JSON schema (field names pick real ids and well-formed ids). */
function sample(schema: Json | undefined, name: string, doc: Json, depth = 0): unknown {
  if (!schema || depth > 6) return undefined;
  if (schema.$ref) return sample(resolve(String(schema.$ref), doc), name, doc, depth + 1);
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((e) => e !== '' && e !== 'all') ?? schema.enum[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key] as Json[] | undefined;
    if (options) {
      const nonNull = options.find((o) => o.type !== 'null') ?? options[0];
      return sample(nonNull, name, doc, depth + 1);
    }
  }
  if (Array.isArray(schema.allOf)) return sample(schema.allOf[0] as Json, name, doc, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      const lower = name.toLowerCase();
      if (schema.format === 'uuid' || /id$/.test(name)) {
        if (lower === 'clientid') return ids.clientId;
        if (lower === 'projectid') return ids.projectId;
        if (/(assignee|user|attendee)/.test(lower)) return ids.employeeId;
        return randomUUID();
      }
      if (schema.format === 'email' || lower.includes('email'))
        return `fuzz.${randomUUID().slice(0, 8)}@example.do`;
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'date' || /date$/i.test(name)) return '2026-11-24';
      if (/timezone/.test(lower)) return 'America/Santo_Domingo';
      if (/(rnc|ruc|taxid)/.test(lower)) return '130458715';
      if (/cedula/.test(lower)) return '001-1391820-5';
      if (/phone|whatsapp/.test(lower)) return '8095550101';
      if (/password/.test(lower)) return 'Fuzz1234!';
      if (/color/.test(lower)) return '#1c4fd8';
      if (/(url|website)/.test(lower)) return 'https://example.do';
      const min = Number(schema.minLength ?? 1);
      return 'Prueba de texto'.padEnd(Math.max(min, 3), 'x').slice(0, Number(schema.maxLength ?? 50));
    }
    case 'integer':
    case 'number': {
      const min = Number(schema.minimum ?? schema.exclusiveMinimum ?? 1);
      return Math.max(1, Math.ceil(min));
    }
    case 'boolean':
      return false;
    case 'array': {
      const item = sample(schema.items as Json, name, doc, depth + 1);
      return Array.from({ length: Math.max(1, Number(schema.minItems ?? 1)) }, () => item);
    }
    case 'object': {
      const out: Json = {};
      const props = (schema.properties ?? {}) as Record<string, Json>;
      for (const [k, v] of Object.entries(props)) out[k] = sample(v, k, doc, depth + 1);
      return out;
    }
    default:
      return undefined;
  }
}

/** Path parameters → real ids of the demo data where the resource is known. */
function fillPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_m, p: string) => {
    if (p === 'kind') return 'quote';
    if (p === 'token') return 'x'.repeat(43);
    if (p !== 'id') return randomUUID();
    if (path.startsWith('/api/projects')) return ids.projectId!;
    if (path.startsWith('/api/tickets')) return ids.ticketId!;
    if (path.startsWith('/api/clients')) return ids.clientId!;
    if (path.startsWith('/api/invoices')) return ids.invoiceId!;
    if (path.startsWith('/api/quotes')) return ids.quoteId!;
    if (path.startsWith('/api/calendar')) return ids.eventId!;
    if (path.startsWith('/api/fiscal')) return ids.sequenceId!;
    if (path.startsWith('/api/users')) return ids.employeeId!;
    return randomUUID();
  });
}

/** Routes that would end the fuzzer's own sessions or files (covered by their own tests). */
const SKIP = [/\/logout$/, /\/sessions/, /\/upload$/, /\/files$/, /\/attachments$/, /^\/api\/docs/];

function operations(doc: Json): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    if (SKIP.some((re) => re.test(path))) continue;
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = ((op.parameters ?? []) as Json[]).filter((p) => p.in === 'query');
      const content = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
      const bodySchema = content?.['application/json']?.schema as Json | undefined;
      out.push({
        method: method.toUpperCase(),
        path,
        query: params.map((p) => ({ name: String(p.name), schema: (p.schema ?? {}) as Json })),
        body: bodySchema ? (bodySchema.$ref ? resolve(String(bodySchema.$ref), doc) : bodySchema) : null,
      });
    }
  }
  return out;
}

describe('fuzzing every route with hostile input (issue 13)', () => {
  it('never answers 5xx, as admin or as client', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Json;
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(130);
    const failures: string[] = [];
    let requests = 0;
    for (const op of ops) {
      for (const role of ['admin', 'client'] as const) {
        // A route may have ended the session (deactivation, password change): sign in again.
        const me = await injectAs(app, tokens[role].token, { method: 'GET', url: '/api/auth/me' });
        if (me.statusCode === 401)
          tokens[role] = await login(app, role === 'admin' ? DEMO.admin : DEMO.client);
        const send = async (url: string, payload?: unknown) => {
          requests++;
          const res = await injectAs(app, tokens[role].token, {
            method: op.method as 'GET',
            url,
            ...(payload === undefined
              ? {}
              : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
          });
          return res;
        };
        const url = fillPath(op.path);
        const baseBody = op.body ? (sample(op.body, 'body', doc) as Json) : undefined;
        for (const q of op.query) {
          for (const value of HOSTILE_STRINGS) {
            const res = await send(`${url}?${encodeURIComponent(q.name)}=${encodeQuery(value)}`, baseBody);
            if (res.statusCode >= 500)
              failures.push(
                `${role} ${op.method} ${op.path} ?${q.name}=${JSON.stringify(value).slice(0, 40)} → ${res.statusCode}`,
              );
          }
        }
        const props = Object.keys((op.body?.properties ?? {}) as Json);
        for (const field of props) {
          for (const value of HOSTILE_VALUES) {
            const res = await send(url, { ...baseBody, [field]: value });
            if (res.statusCode >= 500)
              failures.push(
                `${role} ${op.method} ${op.path} ${field}=${JSON.stringify(value)?.slice(0, 40)} → ${res.statusCode} ${res.body.slice(0, 120)}`,
              );
          }
        }
        if (op.body) {
          for (const whole of [nest(200), [], 'x', 42]) {
            const res = await send(url, whole);
            if (res.statusCode >= 500)
              failures.push(
                `${role} ${op.method} ${op.path} body=${JSON.stringify(whole).slice(0, 40)} → ${res.statusCode}`,
              );
          }
        }
      }
    }
    console.info(`fuzz: ${requests} requests over ${ops.length} routes, ${failures.length} answers ≥ 500`);
    expect(failures).toEqual([]);
  }, 600_000);
});
