// The bulk load of `npm run bench:scale` (issue 14, decisions 122 and 127): 100,000 projects and
// 1,000,000 tickets over the demo clients with SQL generate_series, the counters' insert triggers
// off during the load and one recount from migration 0010's backfill, foreign keys checked once.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './proc.mjs';

// ── data ────────────────────────────────────────────────────────────────────────────────────

/**
 * The bulk load as SQL statements. Projects get deterministic ids (md5 of their ordinal) so each
 * ticket can point at a project of its own client without a join during the load.
 */
function loadStatements(projects, tickets) {
  const projectWords = [
    'Sitio web',
    'Tienda en línea',
    'Aplicación móvil',
    'Portal de clientes',
    'Mantenimiento',
    'Landing page',
    'Intranet',
  ];
  const projectNouns = [
    'la sucursal',
    'el equipo de ventas',
    'la campaña',
    'el catálogo',
    'la reserva',
    'el inventario',
    'la nómina',
    'el blog',
    'el lanzamiento',
    'la facturación',
    'el soporte',
  ];
  const ticketWords = [
    'Error al pagar',
    'No carga la página',
    'Cambiar logo',
    'Nuevo reporte',
    'Lentitud en el panel',
    'Correo no llega',
    'Actualizar precios',
    'Acceso bloqueado',
    'Consulta de factura',
    'Mejora de búsqueda',
    'Caída del sitio',
  ];
  const ticketCauses = [
    'el botón no responde',
    'aparece un mensaje de error',
    'la imagen sale cortada',
    'tarda más de un minuto',
    'no recibe la notificación',
    'el total no coincide',
    'pide la contraseña otra vez',
    'se ve mal en el teléfono',
    'falta un campo',
    'el enlace está roto',
    'la exportación sale vacía',
    'el filtro no funciona',
    'duplica el registro',
  ];
  // The value of column `seed` for row g: a hash of (g, seed), so a row's title word, status,
  // priority and type are independent of each other and of its client (g % number of clients).
  // With `g % k` for each column, every project of a client shared one title word and one status
  // (7 demo clients, 7 words, 7 statuses), and every ticket's type fixed its status (decision 127).
  const pick = (values, seed) =>
    `(array[${values.map((v) => `'${v}'`).join(',')}])[1 + abs(hashint4extended(g, ${seed}) % ${values.length})::int]`;
  // md5 → a valid version-4 UUID (the API checks ids with z.uuid()).
  const projectId = (expr) =>
    `overlay(overlay(md5('bench-project-' || (${expr})) placing '4' from 13) placing '8' from 17)::uuid`;
  return [
    `create temp table bench_clients as select row_number() over (order by created_at, id) - 1 as n, id from clients`,
    `create temp table bench_staff as select row_number() over (order by created_at, id) - 1 as n, id from users where role in ('admin', 'employee')`,
    `insert into projects (id, title, description, client_id, status, priority, category, progress_percentage,
        created_by, created_at, updated_at)
     select ${projectId('g')},
            ${pick(projectWords, 1)} || ' ' || g,
            'Proyecto para ' || ${pick(projectNouns, 2)} || ', fase ' || (1 + g % 5),
            c.id,
            ${pick(['requested', 'approved', 'in_progress', 'in_review', 'completed', 'on_hold', 'cancelled'], 3)},
            ${pick(['low', 'medium', 'high', 'urgent'], 4)},
            ${pick(['webapp', 'maintenance', 'support', 'ecommerce', 'landing', 'custom'], 5)},
            g % 101,
            (select id from users where role = 'admin' order by created_at limit 1),
            now() - interval '1 day' - g * interval '10 minutes',
            now() - interval '1 day' - g * interval '10 minutes'
       from generate_series(1, ${projects}) g
       join bench_clients c on c.n = g % (select count(*) from bench_clients)`,
    // Ticket g belongs to client g % n and to a project p of that same client (p % n = g % n).
    `insert into tickets (title, description, type, status, priority, severity, client_id, project_id,
        reported_by, assigned_to, created_at, updated_at)
     select ${pick(ticketWords, 6)} || ' ' || g,
            'El cliente indica que ' || ${pick(ticketCauses, 7)} || '. Referencia ' || g || '.',
            ${pick(['bug', 'feature_request', 'support', 'maintenance', 'improvement', 'question'], 8)},
            ${pick(['open', 'in_progress', 'pending_client', 'resolved', 'closed', 'cancelled'], 9)},
            ${pick(['urgent', 'high', 'medium', 'low'], 10)},
            ${pick(['critical', 'high', 'medium', 'low'], 11)},
            c.id,
            ${projectId(`case when p.v < 1 then p.v + n.n when p.v > ${projects} then p.v - n.n else p.v end`)},
            null,
            case when g % 5 = 0 then null else s.id end,
            now() - interval '1 day' - g * interval '1 minute',
            now() - interval '1 day' - g * interval '1 minute'
       from generate_series(1, ${tickets}) g
       cross join (select count(*)::int as n from bench_clients) n
       cross join lateral (select ((g::bigint * 7919) % ${projects}) - ((g::bigint * 7919) % ${projects}) % n.n + g % n.n as v) p
       join bench_clients c on c.n = g % n.n
       left join bench_staff s on s.n = g % (select count(*) from bench_staff)`,
  ];
}

/**
 * The backfill statements of migration 0010 (decision 122): `insert into ticket_counts / project_counts
 * … select … group by` over the whole tables, read from the migration so they never drift from it.
 */
function counterBackfill() {
  const migration = readFileSync(path.join(ROOT, 'apps/api/drizzle/0010_stat_counters.sql'), 'utf8');
  const statements = migration
    .split('--> statement-breakpoint')
    .map((part) => part.replace(/^\s*(--[^\n]*\n\s*)*/, '').trim())
    .filter((part) => /^INSERT INTO (ticket_counts|project_counts)\b/i.test(part));
  if (statements.length !== 2) throw new Error('migration 0010: expected the two counter backfills');
  return statements;
}

/** The foreign keys of the loaded columns, checked once after a load without triggers. */
const FOREIGN_KEY_CHECK = `select
  (select count(*) from projects x where not exists (select 1 from clients r where r.id = x.client_id)) as project_client,
  (select count(*) from projects x where x.created_by is not null and not exists (select 1 from users r where r.id = x.created_by)) as project_creator,
  (select count(*) from tickets x where x.client_id is not null and not exists (select 1 from clients r where r.id = x.client_id)) as ticket_client,
  (select count(*) from tickets x where x.project_id is not null and not exists (select 1 from projects r where r.id = x.project_id)) as ticket_project,
  (select count(*) from tickets x where x.assigned_to is not null and not exists (select 1 from users r where r.id = x.assigned_to)) as ticket_assignee,
  (select count(*) from tickets x where x.reported_by is not null and not exists (select 1 from users r where r.id = x.reported_by)) as ticket_reporter`;

/**
 * Loads the data through `db` ({ query(sql) → rows }): drops the secondary indexes of projects and
 * tickets, inserts without triggers, checks the foreign keys once and recounts the counters (the
 * manual fix of decision 122: truncate and re-run the migration's backfill, tables locked), rebuilds
 * the indexes and analyzes. Returns the timings in ms. Only for a database no one else writes to.
 */
export async function bulkLoad(db, { projects, tickets, memory, withoutTriggers = true }) {
  const started = performance.now();
  const step = () => performance.now() - started;
  // CPU of this process: the work itself on PGlite (in-process), whatever else runs on the machine.
  const cpuStart = process.cpuUsage();
  const cpu = {};
  const cpuMark = (name) => {
    const { user, system } = process.cpuUsage(cpuStart);
    cpu[name] = (user + system) / 1000;
  };
  await db.query(`set maintenance_work_mem = '${memory}'`);
  const indexes = await db.query(
    `select indexname, indexdef from pg_indexes
      where schemaname = 'public' and tablename in ('projects', 'tickets')
        and indexname not in (select conname from pg_constraint)`,
  );
  for (const { indexname } of indexes) await db.query(`drop index "${indexname}"`);
  const [insertProjects, insertTickets] = loadStatements(projects, tickets).slice(2);
  for (const statement of loadStatements(projects, tickets).slice(0, 2)) await db.query(statement);
  // Without triggers (`session_replication_role = replica`, superuser): no foreign-key check per
  // row (three index lookups through SPI for each ticket) and no transition table of 1M rows for
  // the counters. The foreign keys are then checked once with anti-joins and the counters recounted
  // from the tables, so the result is exactly what the triggers would have left (or the load fails).
  if (withoutTriggers) await db.query('set session_replication_role = replica');
  let projectsMs;
  let insertedMs;
  try {
    await db.query(insertProjects);
    projectsMs = step();
    cpuMark('projects');
    await db.query(insertTickets);
    insertedMs = step();
    cpuMark('inserted');
  } finally {
    if (withoutTriggers) await db.query('reset session_replication_role');
  }
  if (withoutTriggers) {
    const [broken] = await db.query(FOREIGN_KEY_CHECK);
    if (Object.values(broken).some((n) => Number(n) > 0))
      throw new Error(`bulk load: rows without their referenced row ${JSON.stringify(broken)}`);
    await db.query('begin');
    await db.query('lock table projects, tickets in share mode');
    await db.query('truncate ticket_counts, project_counts');
    for (const statement of counterBackfill()) await db.query(statement);
    await db.query('commit');
  }
  const countedMs = step();
  cpuMark('counted');
  const indexMs = {};
  for (const { indexname, indexdef } of indexes) {
    const t = performance.now();
    await db.query(indexdef);
    indexMs[indexname] = performance.now() - t;
  }
  const indexedMs = step();
  cpuMark('indexed');
  await db.query('vacuum analyze projects');
  await db.query('vacuum analyze tickets');
  cpuMark('total');
  return {
    cpu,
    projectsMs,
    insertedMs,
    countedMs,
    indexedMs,
    totalMs: step(),
    indexes: indexes.length,
    indexMs,
  };
}

export async function countProjects(db) {
  const [row] = await db.query('select count(*)::int as n from projects');
  return row.n;
}
