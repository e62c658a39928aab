/**
 * Pure helpers of the Kanban board (`kanban-board.tsx`): the arrangement of item ids per column,
 * built from the items and changed by a drag, and where a moved item ended up. Kept apart from
 * React so the rules are tested without a browser.
 */

/** Item ids in display order, per column id. */
export type Arrangement = Record<string, string[]>;

/** Where a dropped item landed: its column and its neighbours there (null at an end). */
export interface BoardMove {
  itemId: string;
  fromColumnId: string;
  toColumnId: string;
  /** Zero-based position in the destination column after the move. */
  index: number;
  /** The item now right below the moved one (it was placed before this one), or null at the end. */
  beforeId: string | null;
  /** The item now right above the moved one (it was placed after this one), or null at the top. */
  afterId: string | null;
}

/** Builds the arrangement from items already sorted by the caller; unknown columns are dropped. */
export function arrange<T>(
  columnIds: readonly string[],
  items: readonly T[],
  getId: (item: T) => string,
  getColumnId: (item: T) => string,
): Arrangement {
  const result: Arrangement = Object.fromEntries(columnIds.map((id) => [id, [] as string[]]));
  for (const item of items) result[getColumnId(item)]?.push(getId(item));
  return result;
}

/** The column holding `id` (an item id or a column id), or undefined. */
export function findColumn(arrangement: Arrangement, id: string): string | undefined {
  if (id in arrangement) return id;
  return Object.keys(arrangement).find((column) => arrangement[column]?.includes(id));
}

/**
 * Moves `itemId` to `toColumnId` at `index` (clamped), returning a new arrangement; the
 * original is left untouched (it is the snapshot a failed move rolls back to).
 */
export function moveItem(
  arrangement: Arrangement,
  itemId: string,
  toColumnId: string,
  index: number,
): Arrangement {
  const from = findColumn(arrangement, itemId);
  if (!from || !(toColumnId in arrangement)) return arrangement;
  const next: Arrangement = { ...arrangement };
  next[from] = (next[from] ?? []).filter((id) => id !== itemId);
  const target = [...(next[toColumnId] ?? [])];
  const at = Math.max(0, Math.min(index, target.length));
  target.splice(at, 0, itemId);
  next[toColumnId] = target;
  return next;
}

/** The move between two arrangements for `itemId`, or null when it sits where it started. */
export function describeMove(before: Arrangement, after: Arrangement, itemId: string): BoardMove | null {
  const fromColumnId = findColumn(before, itemId);
  const toColumnId = findColumn(after, itemId);
  if (!fromColumnId || !toColumnId) return null;
  const oldIndex = before[fromColumnId]?.indexOf(itemId) ?? -1;
  const column = after[toColumnId] ?? [];
  const index = column.indexOf(itemId);
  if (fromColumnId === toColumnId && oldIndex === index) return null;
  return {
    itemId,
    fromColumnId,
    toColumnId,
    index,
    beforeId: column[index + 1] ?? null,
    afterId: index > 0 ? (column[index - 1] ?? null) : null,
  };
}
