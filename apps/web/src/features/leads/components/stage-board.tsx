import {
  type Announcements,
  closestCorners,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Box, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { type ComponentProps, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';

/*
 * A small Kanban board over dnd-kit for the leads pipeline (decision 170). Its props are the ones
 * of the generic board being built for project tasks (`components/board/kanban-board.tsx` on
 * the tasks branch: columns, items, getId, getColumnId, getLabel, renderCard with a handle,
 * onMove with {itemId, toColumnId, index, beforeId, afterId}, renderColumnTotal), so the leads
 * screen can switch to it by changing one import once both are merged.
 */

/** One column of the board. */
export interface BoardColumn {
  id: string;
  title: string;
}

/** Where a dropped card landed: its column and its neighbours there (null at an end). */
export interface BoardMove {
  itemId: string;
  fromColumnId: string;
  toColumnId: string;
  /** Zero-based position in the destination column after the move. */
  index: number;
  /** The card now right below the moved one, or null at the end. */
  beforeId: string | null;
  /** The card now right above the moved one, or null at the top. */
  afterId: string | null;
}

/** What `renderCard` receives besides the item. */
export interface CardRenderProps {
  /** The drag handle (a button: mouse and keyboard). */
  handle: ReactNode;
  /** True for the copy that follows the pointer while dragging. */
  overlay: boolean;
}

export interface StageBoardProps<T> {
  /** Accessible name of the board, e.g. "Tablero de prospectos". */
  label: string;
  columns: readonly BoardColumn[];
  /** Every item, already sorted in each column's display order. */
  items: readonly T[];
  getId: (item: T) => string;
  getColumnId: (item: T) => string;
  /** Short text naming the item in announcements and the handle's label. */
  getLabel: (item: T) => string;
  renderCard: (item: T, props: CardRenderProps) => ReactNode;
  /** Saves a move; the board shows it at once and puts the card back when the promise rejects. */
  onMove: (move: BoardMove) => Promise<unknown>;
  /** Beside the column title (e.g. a sum); the count of cards is always shown. */
  renderColumnTotal?: (column: BoardColumn, items: T[]) => ReactNode;
  /** Text of an empty column. */
  emptyText?: string;
}

type Arrangement = Record<string, string[]>;

function arrange<T>(
  columns: readonly BoardColumn[],
  items: readonly T[],
  getId: (i: T) => string,
  getColumnId: (i: T) => string,
): Arrangement {
  const out: Arrangement = Object.fromEntries(columns.map((c) => [c.id, [] as string[]]));
  for (const item of items) out[getColumnId(item)]?.push(getId(item));
  return out;
}

function columnOf(arrangement: Arrangement, id: UniqueIdentifier): string | undefined {
  const key = String(id);
  if (key in arrangement) return key;
  return Object.keys(arrangement).find((c) => arrangement[c]!.includes(key));
}

function SortableCard({
  id,
  label,
  children,
}: {
  id: string;
  label: string;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id,
    });
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      aria-label={`Mover ${label}`}
      data-testid="drag-handle"
      {...attributes}
      {...listeners}
      style={{ cursor: 'grab', touchAction: 'none' }}
    >
      <IconGripVertical size={16} aria-hidden />
    </ActionIcon>
  );
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.4 : 1 }}
      data-card-id={id}
    >
      {children(handle)}
    </div>
  );
}

function Column({
  column,
  count,
  total,
  ids,
  emptyText,
  children,
}: {
  column: BoardColumn;
  count: number;
  total?: ReactNode;
  ids: string[];
  emptyText: string;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: column.id });
  const headingId = `board-col-${column.id}`;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-labelledby={headingId}
      data-column-id={column.id}
      style={{
        minWidth: 260,
        width: 280,
        flex: '0 0 auto',
        background: isOver ? 'var(--mantine-color-default-hover)' : undefined,
      }}
    >
      <Stack gap={2} mb="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={2} size="h5" id={headingId}>
            {column.title}
          </Title>
          <Badge
            variant="light"
            color="gray"
            aria-label={`${count} ${count === 1 ? 'prospecto' : 'prospectos'}`}
          >
            {count}
          </Badge>
        </Group>
        {total}
      </Stack>
      <SortableContext id={column.id} items={ids} strategy={verticalListSortingStrategy}>
        <Stack ref={setNodeRef} gap="xs" mih={80} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {children}
          {ids.length === 0 && (
            <Text size="sm" c="dimmed" ta="center" py="md" component="li">
              {emptyText}
            </Text>
          )}
        </Stack>
      </SortableContext>
    </Paper>
  );
}

/**
 * The board: one column per stage, cards dragged by their handle with the mouse (pointer) or the
 * keyboard (Space to lift, arrows to move, Space to drop, Escape to cancel), announced in
 * Spanish. The move is shown at once and undone when `onMove` rejects.
 */
export function StageBoard<T>({
  label,
  columns,
  items,
  getId,
  getColumnId,
  getLabel,
  renderCard,
  onMove,
  renderColumnTotal,
  emptyText = 'Sin prospectos',
}: StageBoardProps<T>) {
  const fromProps = useMemo(
    () => arrange(columns, items, getId, getColumnId),
    [columns, items, getId, getColumnId],
  );
  const [arrangement, setArrangement] = useState<Arrangement>(fromProps);
  const [activeId, setActiveId] = useState<string | null>(null);
  const startColumn = useRef<string | null>(null);
  const pending = useRef(false);
  useEffect(() => {
    if (!activeId && !pending.current) setArrangement(fromProps);
  }, [fromProps, activeId]);
  const byId = useMemo(() => new Map(items.map((i) => [getId(i), i])), [items, getId]);
  const titleOf = (id: string | undefined) => columns.find((c) => c.id === id)?.title ?? '';
  const nameOf = (id: UniqueIdentifier) => {
    const item = byId.get(String(id));
    return item ? getLabel(item) : 'el prospecto';
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const where = (id: UniqueIdentifier, over: UniqueIdentifier | undefined) => {
    const col = over === undefined ? undefined : columnOf(arrangement, over);
    if (!col) return '';
    const position = arrangement[col]!.indexOf(String(id)) + 1;
    return ` en ${titleOf(col)}${position > 0 ? `, posición ${position} de ${arrangement[col]!.length}` : ''}`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Levantaste ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} está${where(active.id, over.id)}.` : ''),
    onDragEnd: ({ active, over }) =>
      over ? `Soltaste ${nameOf(active.id)}${where(active.id, over.id)}.` : `Soltaste ${nameOf(active.id)}.`,
    onDragCancel: ({ active }) => `Movimiento cancelado. ${nameOf(active.id)} volvió a su lugar.`,
  };

  function onDragStart(event: DragStartEvent) {
    setActiveId(String(event.active.id));
    startColumn.current = columnOf(arrangement, event.active.id) ?? null;
  }

  function onDragOver({ active, over }: DragOverEvent) {
    if (!over) return;
    const from = columnOf(arrangement, active.id);
    const to = columnOf(arrangement, over.id);
    if (!from || !to || from === to) return;
    setArrangement((prev) => {
      const source = prev[from]!.filter((x) => x !== String(active.id));
      const target = [...prev[to]!];
      const overIndex = target.indexOf(String(over.id));
      target.splice(overIndex >= 0 ? overIndex : target.length, 0, String(active.id));
      return { ...prev, [from]: source, [to]: target };
    });
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    const id = String(active.id);
    setActiveId(null);
    const fromColumnId = startColumn.current;
    startColumn.current = null;
    const to = over ? columnOf(arrangement, over.id) : undefined;
    if (!over || !to || !fromColumnId) {
      setArrangement(fromProps);
      return;
    }
    let list = arrangement[to]!;
    const oldIndex = list.indexOf(id);
    const overIndex = list.indexOf(String(over.id));
    if (oldIndex >= 0 && overIndex >= 0 && oldIndex !== overIndex)
      list = arrayMove(list, oldIndex, overIndex);
    const next = { ...arrangement, [to]: list };
    const index = list.indexOf(id);
    const unchanged = to === fromColumnId && fromProps[to]?.indexOf(id) === index;
    setArrangement(next);
    if (unchanged) return;
    pending.current = true;
    onMove({
      itemId: id,
      fromColumnId,
      toColumnId: to,
      index,
      beforeId: list[index + 1] ?? null,
      afterId: list[index - 1] ?? null,
    })
      .catch(() => setArrangement(fromProps))
      .finally(() => {
        pending.current = false;
      });
  }

  const active = activeId ? byId.get(activeId) : undefined;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setActiveId(null);
        setArrangement(fromProps);
      }}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'Para mover un prospecto, pulsa Espacio o Enter sobre su asa. Usa las flechas para llevarlo a otra posición o etapa, Espacio o Enter para soltarlo y Escape para cancelar.',
        },
      }}
    >
      <ScrollArea
        type="auto"
        offsetScrollbars
        aria-label={label}
        role="region"
        viewportProps={{ 'data-reflow-scroll': true } as ComponentProps<'div'>}
      >
        <Group align="flex-start" wrap="nowrap" gap="md" pb="sm">
          {columns.map((column) => {
            const ids = arrangement[column.id] ?? [];
            const columnItems = ids.map((id) => byId.get(id)).filter((x): x is T => x !== undefined);
            return (
              <Column
                key={column.id}
                column={column}
                count={ids.length}
                ids={ids}
                emptyText={emptyText}
                total={renderColumnTotal?.(column, columnItems)}
              >
                {columnItems.map((item) => (
                  <Box component="li" key={getId(item)}>
                    <SortableCard id={getId(item)} label={getLabel(item)}>
                      {(handle) => renderCard(item, { handle, overlay: false })}
                    </SortableCard>
                  </Box>
                ))}
              </Column>
            );
          })}
        </Group>
      </ScrollArea>
      <DragOverlay>{active ? renderCard(active, { handle: null, overlay: true }) : null}</DragOverlay>
    </DndContext>
  );
}
