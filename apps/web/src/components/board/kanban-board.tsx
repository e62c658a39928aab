import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  type ScreenReaderInstructions,
  TouchSensor,
  type UniqueIdentifier,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { announce } from '../../lib/live-region';
import { type Arrangement, arrange, type BoardMove, describeMove, findColumn, moveItem } from './board-state';
import classes from './kanban-board.module.css';

export type { BoardMove } from './board-state';

/** One column of the board. */
export interface BoardColumn {
  id: string;
  title: string;
}

/** What `renderCard` receives besides the item. */
export interface CardRenderProps {
  /** The drag handle (a button: mouse, touch and keyboard), or null on a read-only board. */
  handle: ReactNode;
  /** True for the copy that follows the pointer while dragging. */
  overlay: boolean;
}

/** Spanish words of the announcements: the thing on the card ("tarea", "oportunidad"…). */
export interface BoardNouns {
  /** Singular noun with article for the instructions, e.g. "una tarea". */
  one: string;
}

export interface KanbanBoardProps<T> {
  /** Accessible name of the board, e.g. "Tablero de tareas". */
  label: string;
  columns: readonly BoardColumn[];
  /** Every item, already sorted in each column's display order. */
  items: readonly T[];
  getId: (item: T) => string;
  getColumnId: (item: T) => string;
  /** Short text naming the item in announcements and the handle's label (its title). */
  getLabel: (item: T) => string;
  renderCard: (item: T, props: CardRenderProps) => ReactNode;
  /**
   * Saves a move. The board shows it at once; when the promise rejects it puts the card back
   * where it was and announces the error (the caller shows its own toast).
   */
  onMove?: (move: BoardMove) => Promise<unknown>;
  /** Beside the column title: e.g. a sum. The count of cards is always shown. */
  renderColumnTotal?: (column: BoardColumn, items: T[]) => ReactNode;
  /** Under the column's cards: e.g. an "add" button. */
  renderColumnFooter?: (column: BoardColumn, items: T[]) => ReactNode;
  /** Text of an empty column. */
  emptyText?: string;
  /** No dragging (a client's view): the cards render without handles. */
  readOnly?: boolean;
  nouns?: BoardNouns;
}

const DEFAULT_NOUNS: BoardNouns = { one: 'una tarjeta' };

/** Spanish instructions dnd-kit reads when a handle gets focus (WAI-ARIA drag and drop guidance). */
export function boardInstructions(nouns: BoardNouns = DEFAULT_NOUNS): ScreenReaderInstructions {
  return {
    draggable: `Para mover ${nouns.one}, pulse Espacio o Intro. Mientras la mueve, use las flechas arriba y abajo para cambiar su posición y las flechas izquierda y derecha para cambiar de columna. Pulse Espacio o Intro para soltarla o Escape para cancelar.`,
  };
}

/**
 * Pointer inside a droppable first (precise with the mouse), the rectangles' intersection next;
 * a column with cards resolves to its closest card so the drop lands between cards.
 */
function collisionFor(arrangementRef: { current: Arrangement }): CollisionDetection {
  return (args) => {
    const pointer = pointerWithin(args);
    const hits = pointer.length > 0 ? pointer : rectIntersection(args);
    const first = hits[0];
    if (!first) return closestCenter(args);
    const columnItems = arrangementRef.current[String(first.id)];
    if (columnItems && columnItems.length > 0) {
      const inColumn = args.droppableContainers.filter((container) =>
        columnItems.includes(String(container.id)),
      );
      const closest = closestCenter({ ...args, droppableContainers: inColumn });
      if (closest.length > 0) return closest;
    }
    return hits;
  };
}

/**
 * Cards each column renders in the first pass. A 300-card board rendered at once kept the first
 * cards off the screen for seconds on a busy phone (issue 45: first cards in under 1 s): the first
 * pass paints this many per column, then the rest are rendered in a transition (interruptible, the
 * page stays responsive) right after that paint. Column counts always show the full number.
 */
export const FIRST_PASS_CARDS = 8;

/** How many cards per column to render: {@link FIRST_PASS_CARDS} until the first paint, then all. */
function useProgressiveLimit(): number {
  const [limit, setLimit] = useState(FIRST_PASS_CARDS);
  useEffect(() => {
    // After the browser painted the first pass (a frame, then a task), render the rest.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setLimit(Number.POSITIVE_INFINITY)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return limit;
}

/**
 * A generic Kanban board on dnd-kit (decision 165): columns of sortable cards moved with the
 * mouse, touch (long press) or keyboard (Space/Enter to lift, arrows, Space/Enter to drop,
 * Escape to cancel), with Spanish screen-reader announcements. A move shows at once and is
 * rolled back when `onMove` rejects. Items from props replace the board's order whenever they
 * change (another user's move arriving live), except in the middle of a drag.
 */
export function KanbanBoard<T>(props: KanbanBoardProps<T>) {
  const { columns, items, getId, getColumnId, getLabel, onMove, readOnly = false } = props;
  const nouns = props.nouns ?? DEFAULT_NOUNS;
  const columnIds = useMemo(() => columns.map((column) => column.id), [columns]);
  const fromProps = useMemo(
    () => arrange(columnIds, items, getId, getColumnId),
    [columnIds, items, getId, getColumnId],
  );
  const [arrangement, setArrangement] = useState<Arrangement>(fromProps);
  const arrangementRef = useRef(arrangement);
  arrangementRef.current = arrangement;
  const [activeId, setActiveId] = useState<string | null>(null);
  const snapshot = useRef<Arrangement | null>(null);

  // New data from the server (a refetch, a live move) wins, unless a drag is under way: then it
  // is applied when the drag ends.
  useEffect(() => {
    if (snapshot.current === null) setArrangement(fromProps);
  }, [fromProps]);

  const byId = useMemo(() => new Map(items.map((item) => [getId(item), item])), [items, getId]);
  const columnTitle = useCallback(
    (id: string | undefined) => columns.find((column) => column.id === id)?.title ?? '',
    [columns],
  );
  const labelOf = useCallback(
    (id: UniqueIdentifier) => {
      const item = byId.get(String(id));
      return item ? getLabel(item) : String(id);
    },
    [byId, getLabel],
  );
  /** "columna En progreso, posición 2 de 3" for the item as the board shows it now. */
  const where = useCallback(
    (id: UniqueIdentifier) => {
      const current = arrangementRef.current;
      const column = findColumn(current, String(id));
      const list = column ? (current[column] ?? []) : [];
      return `columna ${columnTitle(column)}, posición ${list.indexOf(String(id)) + 1} de ${list.length}`;
    },
    [columnTitle],
  );

  /** The place last announced, so hovering the card's own spot is not read as a move. */
  const lastPlace = useRef('');
  const announcements: Announcements = useMemo(
    () => ({
      onDragStart: ({ active }) => {
        lastPlace.current = where(active.id);
        return `Tomó ${labelOf(active.id)}. Está en la ${lastPlace.current}.`;
      },
      onDragOver: ({ active, over }) => {
        const place = where(active.id);
        if (!over || place === lastPlace.current) return undefined;
        lastPlace.current = place;
        return `${labelOf(active.id)} está ahora en la ${place}.`;
      },
      onDragEnd: ({ active, over }) =>
        over
          ? `Soltó ${labelOf(active.id)} en la ${where(active.id)}.`
          : `Soltó ${labelOf(active.id)} fuera del tablero; vuelve a su lugar.`,
      onDragCancel: ({ active }) => `Movimiento cancelado. ${labelOf(active.id)} vuelve a su lugar.`,
    }),
    [labelOf, where],
  );

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    // A long press on phones, so a swipe still scrolls the columns.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const collision = useMemo(() => collisionFor(arrangementRef), []);

  const handleDragStart = ({ active }: DragStartEvent) => {
    snapshot.current = arrangementRef.current;
    setActiveId(String(active.id));
  };

  const handleDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    const current = arrangementRef.current;
    const from = findColumn(current, String(active.id));
    const to = findColumn(current, String(over.id));
    if (!from || !to || from === to) return;
    // Crossing into another column: take the place of the card under the pointer (or the end).
    const target = current[to] ?? [];
    const overIndex = target.indexOf(String(over.id));
    const next = moveItem(current, String(active.id), to, overIndex >= 0 ? overIndex : target.length);
    arrangementRef.current = next;
    setArrangement(next);
  };

  /** Ends the drag; returns the arrangement from before it. */
  const finish = () => {
    const before = snapshot.current;
    snapshot.current = null;
    setActiveId(null);
    return before;
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    const id = String(active.id);
    let next = arrangementRef.current;
    if (over) {
      const column = findColumn(next, String(over.id));
      if (column) {
        const list = next[column] ?? [];
        const overIndex = list.indexOf(String(over.id));
        if (overIndex >= 0 && list.indexOf(id) !== overIndex) next = moveItem(next, id, column, overIndex);
      }
    }
    const before = finish();
    if (!before || !over) {
      setArrangement(before ?? fromProps);
      return;
    }
    const move = describeMove(before, next, id);
    arrangementRef.current = next;
    setArrangement(next);
    if (!move || !onMove) return;
    onMove(move).catch(() => {
      // Back to where it was, unless newer data from the server has replaced the board since.
      setArrangement((current) => (current === next ? before : current));
      announce(
        `No se pudo mover ${labelOf(id)}; volvió a la columna ${columnTitle(move.fromColumnId)}.`,
        'assertive',
      );
    });
  };

  const handleDragCancel = () => {
    const before = finish();
    setArrangement(before ?? fromProps);
  };

  const activeItem = activeId ? byId.get(activeId) : undefined;
  const limit = useProgressiveLimit();

  const body = (
    // Scrolls sideways on purpose (column by column on phones): every card inside is focusable, so
    // the keyboard reaches each one and the browser scrolls it into view (data-reflow-scroll).
    <section aria-label={props.label} className={classes.board} data-board data-reflow-scroll>
      {columns.map((column) => {
        const ids = arrangement[column.id] ?? [];
        const columnItems = ids.map((id) => byId.get(id)).filter((item): item is T => item !== undefined);
        return (
          <BoardColumnView
            key={column.id}
            column={column}
            ids={ids}
            count={columnItems.length}
            total={props.renderColumnTotal?.(column, columnItems)}
            footer={props.renderColumnFooter?.(column, columnItems)}
            emptyText={props.emptyText ?? 'Sin tarjetas'}
            readOnly={readOnly}
          >
            {columnItems.slice(0, limit).map((item) => (
              <SortableCard
                key={getId(item)}
                id={getId(item)}
                label={getLabel(item)}
                readOnly={readOnly}
                render={(handle) => props.renderCard(item, { handle, overlay: false })}
              />
            ))}
          </BoardColumnView>
        );
      })}
    </section>
  );

  if (readOnly) return body;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      accessibility={{ announcements, screenReaderInstructions: boardInstructions(nouns) }}
      onDragStart={handleDragStart}
      onDragOver={handleDragOver}
      onDragEnd={handleDragEnd}
      onDragCancel={handleDragCancel}
    >
      {body}
      <DragOverlay>
        {activeItem ? (
          <div className={classes.overlay}>
            {props.renderCard(activeItem, { handle: null, overlay: true })}
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

function BoardColumnView({
  column,
  ids,
  count,
  total,
  footer,
  emptyText,
  readOnly,
  children,
}: {
  column: BoardColumn;
  ids: string[];
  count: number;
  total: ReactNode;
  footer: ReactNode;
  emptyText: string;
  readOnly: boolean;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: column.id, disabled: readOnly });
  const headingId = `board-column-${column.id}`;
  const list = (
    <ul
      ref={setNodeRef}
      className={classes.columnBody}
      data-over={isOver || undefined}
      aria-labelledby={headingId}
    >
      {children}
      {count === 0 && (
        <li className={classes.empty}>
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        </li>
      )}
    </ul>
  );
  return (
    <div className={classes.column} data-column={column.id}>
      <div className={classes.columnHeader}>
        <Group gap={6} wrap="nowrap" miw={0} maw="100%">
          <Text component="h3" id={headingId} fw={600} size="sm" truncate>
            {column.title}
          </Text>
          <Badge variant="light" color="gray" size="sm" aria-label={`${count} en ${column.title}`}>
            {count}
          </Badge>
        </Group>
        {total}
      </div>
      {readOnly ? (
        list
      ) : (
        <SortableContext id={column.id} items={ids} strategy={verticalListSortingStrategy}>
          {list}
        </SortableContext>
      )}
      {footer}
    </div>
  );
}

function SortableCard({
  id,
  label,
  readOnly,
  render,
}: {
  id: string;
  label: string;
  readOnly: boolean;
  render: (handle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id, disabled: readOnly });
  const handle = readOnly ? null : (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      size="md"
      {...attributes}
      // dnd-kit's own role/description would make it a "sortable"; it is a button that moves.
      aria-roledescription={undefined}
      aria-label={`Mover ${label}`}
      style={{ cursor: 'grab', touchAction: 'none' }}
    >
      <IconGripVertical size={16} aria-hidden />
    </ActionIcon>
  );
  return (
    <li
      ref={setNodeRef}
      className={classes.item}
      data-dragging={isDragging || undefined}
      data-card-id={id}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      {...(readOnly ? {} : listeners)}
    >
      {render(handle)}
    </li>
  );
}
