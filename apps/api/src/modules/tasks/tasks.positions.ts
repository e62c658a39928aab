import type { TaskStatus } from '@agencia/shared';
import { and, asc, desc, eq, gt, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { projects, tasks } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { columnOf } from './tasks.queries.js';

/*
 * Card positions (decision 164): a `double precision` per task, ordered ascending inside its
 * project and status (ties broken by id). A card goes between its neighbours at the midpoint;
 * when the gap is too small to split, the column is renumbered 1, 2, 3 … in the same transaction.
 * Every write that places a card first takes the project's row lock (`FOR NO KEY UPDATE`, which
 * does not block inserts referencing the project), so two moves in one project run one after the
 * other and never read the same gap: no card is lost or duplicated, and the order is total.
 */

/** Smallest gap split at a midpoint; below it the column is renumbered. */
const MIN_GAP = 1e-6;

/** Serialises card placement in project `projectId` until the transaction ends. */
export async function lockBoard(tx: Tx, projectId: string): Promise<void> {
  await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('no key update');
}

/** The position after the last card of a column (1 for an empty column). Call under {@link lockBoard}. */
export async function endOfColumn(tx: Tx, projectId: string, status: TaskStatus): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${tasks.position})` })
    .from(tasks)
    .where(columnOf(projectId, status));
  const max = row?.max === null || row?.max === undefined ? null : Number(row.max);
  return max === null ? 1 : Math.floor(max) + 1;
}

/** Renumbers a column 1, 2, 3 … in its current order (position, id), leaving out `except`. */
async function renumber(tx: Tx, projectId: string, status: TaskStatus, except: string): Promise<void> {
  await tx.execute(sql`
    update ${tasks} set position = ranked.n
    from (
      select id, row_number() over (order by position, id) as n
      from ${tasks}
      where project_id = ${projectId} and status = ${status} and id <> ${except}
    ) as ranked
    where ${tasks.id} = ranked.id`);
}

/** A neighbour card: in the column, of the project, not the moving card; 400 otherwise. */
async function neighbour(tx: Tx, projectId: string, status: TaskStatus, id: string, moving: string) {
  const [row] = await tx
    .select({ id: tasks.id, position: tasks.position })
    .from(tasks)
    .where(and(eq(tasks.id, id), columnOf(projectId, status), ne(tasks.id, moving)))
    .limit(1);
  if (!row) {
    throw badRequest('La tarea vecina no está en esa columna', [
      { field: 'beforeId', message: 'La tarea vecina no está en esa columna' },
    ]);
  }
  return row;
}

/** Order of cards after (`after`) or before a card at (position, id). */
function beyond(card: { id: string; position: number }, after: boolean): SQL {
  return after
    ? (or(gt(tasks.position, card.position), and(eq(tasks.position, card.position), gt(tasks.id, card.id))) as SQL)
    : (or(lt(tasks.position, card.position), and(eq(tasks.position, card.position), lt(tasks.id, card.id))) as SQL);
}

/**
 * The position for card `moving` in column `status` of project `projectId`: just before
 * `beforeId`, just after `afterId`, or at the end. Renumbers the column first when the gap is
 * too small. Call under {@link lockBoard}.
 */
export async function placeCard(
  tx: Tx,
  args: { projectId: string; status: TaskStatus; moving: string; beforeId?: string; afterId?: string },
): Promise<number> {
  const { projectId, status, moving } = args;
  const anchorId = args.beforeId ?? args.afterId;
  if (!anchorId) {
    const [row] = await tx
      .select({ max: sql<number | null>`max(${tasks.position})` })
      .from(tasks)
      .where(and(columnOf(projectId, status), ne(tasks.id, moving)));
    const max = row?.max === null || row?.max === undefined ? null : Number(row.max);
    return max === null ? 1 : Math.floor(max) + 1;
  }
  const after = !args.beforeId;
  for (let attempt = 0; attempt < 2; attempt++) {
    const anchor = await neighbour(tx, projectId, status, anchorId, moving);
    const [other] = await tx
      .select({ id: tasks.id, position: tasks.position })
      .from(tasks)
      .where(and(columnOf(projectId, status), ne(tasks.id, moving), beyond(anchor, after)))
      .orderBy(after ? asc(tasks.position) : desc(tasks.position), after ? asc(tasks.id) : desc(tasks.id))
      .limit(1);
    if (!other) return after ? anchor.position + 1 : anchor.position - 1;
    if (Math.abs(other.position - anchor.position) >= MIN_GAP * 2) return (other.position + anchor.position) / 2;
    await renumber(tx, projectId, status, moving);
  }
  throw new Error('placeCard: no gap after renumbering');
}
