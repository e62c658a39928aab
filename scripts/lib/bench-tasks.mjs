// Project tasks at scale (issue 45, decision 164) for `npm run bench:scale`: bulk-loads tasks over
// the first projects of the bench (10 per project, one project with a 300-card board) assigned to
// 20 people (the demo admin and employee plus 18 bench employees, on the teams of those projects),
// and measures GET /api/tasks ("Mis tareas"), the 300-task board and a move (p50/p95).

const PASSWORD = 'Demo1234!';

/** Tasks already loaded. */
export async function countTasks(db) {
  const [row] = await db.query('select count(*)::int as n from tasks');
  return Number(row?.n ?? 0);
}

/**
 * Loads `tasks` tasks into the first `projects` projects (oldest first) with SQL generate_series:
 * one project gets `board` cards, the rest share the remainder. Every task has one assignee of the
 * 20 people, who are put on the teams of the projects they hold tasks in.
 */
export async function loadTasks(db, { tasks, projects, board = 300 }) {
  const started = performance.now();
  await db.query(`
    insert into users (email, first_name, last_name, role, password_hash, status)
    select 'bench' || g || '@demo.do', 'Persona', 'Bench ' || g, 'employee', u.password_hash, 'active'
    from generate_series(1, 18) g, users u where u.email = 'empleado@demo.do'
    on conflict do nothing`);
  await db.query(`create temporary table bench_people as
    select row_number() over (order by email) - 1 as k, id from users
    where email in ('admin@demo.do', 'empleado@demo.do') or email like 'bench%@demo.do'`);
  await db.query(`create temporary table bench_projects as
    select row_number() over (order by created_at, id) - 1 as k, id from projects
    where deleted_at is null order by created_at, id limit ${projects}`);
  const per = Math.max(1, Math.floor((tasks - board) / Math.max(1, projects - 1)));
  // Project 0 holds the board; task n of the rest goes to project 1 + n / per.
  await db.query(`
    insert into tasks (project_id, title, status, position, priority, due_date, visible_to_client, created_at, updated_at)
    select bp.id,
           'Tarea de prueba ' || g,
           (array['todo','in_progress','in_review','done'])[1 + g % 4],
           g,
           (array['low','medium','high','urgent'])[1 + g % 4],
           (current_date + ((g % 60) - 20))::date,
           g % 3 = 0,
           now() - (g || ' minutes')::interval,
           now()
    from generate_series(0, ${tasks - 1}) g
    join bench_projects bp on bp.k = case when g < ${board} then 0 else least(${projects - 1}, 1 + (g - ${board}) / ${per}) end`);
  await db.query(`
    insert into task_assignees (task_id, user_id)
    select t.id, p.id from (select id, row_number() over (order by id) as n from tasks) t
    join bench_people p on p.k = t.n % 20
    on conflict do nothing`);
  await db.query(`
    insert into project_members (project_id, user_id, role)
    select distinct t.project_id, a.user_id, 'Desarrollador' from tasks t join task_assignees a on a.task_id = t.id
    on conflict do nothing`);
  // As the projects and tickets load (VACUUM ANALYZE): statistics and the visibility map, which
  // index-only scans and the planner's choices depend on; autovacuum would do it after a while.
  for (const table of ['tasks', 'task_assignees', 'project_members'])
    await db.query(`vacuum analyze ${table}`);
  const [big] = await db.query('select id from bench_projects where k = 0');
  return { ms: performance.now() - started, boardProjectId: big.id };
}

/** The project with the most tasks (the 300-card board of the load). */
export async function boardProjectOf(db) {
  const [row] = await db.query(
    'select project_id from tasks group by project_id order by count(*) desc limit 1',
  );
  return row?.project_id ?? null;
}

async function login(baseURL, email) {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return (await res.json()).data.token;
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

async function timed(calls, fn) {
  const times = [];
  let status = 0;
  let items = null;
  for (let i = 0; i < calls; i++) {
    const t = performance.now();
    const res = await fn(i);
    const body = await res.json();
    times.push(performance.now() - t);
    status = res.status;
    items = body?.data?.tasks?.length ?? items;
  }
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), status, items };
}

/** p50/p95 of "Mis tareas", the tasks list, the 300-card board and a move, `calls` each. */
export async function measureTasks(baseURL, { boardProject, calls = 20 }) {
  const employee = await login(baseURL, 'empleado@demo.do');
  const admin = await login(baseURL, 'admin@demo.do');
  const get = (token, url) => fetch(`${baseURL}${url}`, { headers: { authorization: `Bearer ${token}` } });
  const rows = [];
  for (const [name, token, url] of [
    ['Mis tareas (employee, open)', employee, '/api/tasks?assigneeId=me&open=true'],
    ['Mis tareas overdue (employee)', employee, '/api/tasks?assigneeId=me&due=overdue'],
    ['GET /api/tasks (admin)', admin, '/api/tasks'],
    ['GET /api/tasks q="prueba 42" (admin)', admin, '/api/tasks?q=prueba%2042'],
    ['board 300 tasks (admin)', admin, `/api/projects/${boardProject}/tasks`],
    ['dashboard my-tasks (employee)', employee, '/api/dashboard/my-tasks'],
  ]) {
    await get(token, url);
    rows.push({ name, ...(await timed(calls, () => get(token, url))) });
  }
  const cards = (await (await get(admin, `/api/projects/${boardProject}/tasks?status=todo`)).json()).data
    .tasks;
  rows.push({
    name: 'move (admin, within/between columns)',
    ...(await timed(calls, (i) =>
      fetch(`${baseURL}/api/tasks/${cards[i % cards.length]._id}/move`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          status: i % 2 ? 'todo' : 'in_progress',
          ...(i % 2 ? { beforeId: cards[(i + 3) % cards.length]._id } : {}),
        }),
      }),
    )),
  });
  return { boardProject, rows };
}

/** Prints the task rows (✗ past the targets: lists 50 ms p95, a move 100 ms p95, the board's first card 1 s). */
export function reportTasks(result) {
  if (!result) return;
  console.info('\nproject tasks (issue 45):');
  for (const r of result.rows) {
    // Issue 45: lists p95 ≤ 50 ms, a move < 100 ms; the board's target is its first card on
    // screen (< 1 s, the Chromium line below), so its API figure carries no flag.
    const target = r.name.startsWith('move')
      ? 100
      : r.name.startsWith('board')
        ? Number.POSITIVE_INFINITY
        : 50;
    const flag = r.status === 200 && r.p95 > target ? '  ✗ over target' : '';
    console.info(
      `  ${r.name.padEnd(40)}${String(r.status).padStart(5)}${r.p50.toFixed(1).padStart(9)}${r.p95.toFixed(1).padStart(9)}${String(r.items ?? '—').padStart(6)}${flag}`,
    );
  }
  // Issue 45: the 300-card board shows its first cards in under 1 s after navigation.
  const card = result.firstCard;
  if (card !== undefined)
    console.info(
      typeof card === 'number'
        ? `  board's first card in Chromium (median of 3): ${card.toFixed(0)} ms${card > 1000 ? '  ✗ over target' : ''}`
        : `  board's first card in Chromium: ${card.error}`,
    );
}
