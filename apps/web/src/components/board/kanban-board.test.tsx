import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { LiveRegions } from '../ui/live-regions';
import { arrange, describeMove, moveItem } from './board-state';
import { type BoardMove, FIRST_PASS_CARDS, KanbanBoard } from './kanban-board';

interface Card {
  id: string;
  column: string;
  title: string;
}

const COLUMNS = [
  { id: 'todo', title: 'Por hacer' },
  { id: 'doing', title: 'En progreso' },
  { id: 'done', title: 'Hecho' },
];
const CARDS: Card[] = [
  { id: 'a', column: 'todo', title: 'Diseñar logo' },
  { id: 'b', column: 'todo', title: 'Escribir textos' },
  { id: 'c', column: 'doing', title: 'Montar servidor' },
];

/*
 * jsdom lays nothing out, and dnd-kit's keyboard moves walk the droppables' rectangles. Each
 * column is given a 280 px wide box 300 px apart, each card an 80 px tall box 100 px apart, from
 * its place in the DOM — the geometry the browser would give the board at 1440 px.
 */
const originalRect = Element.prototype.getBoundingClientRect;
function layoutRect(this: Element): DOMRect {
  const column = this.closest('[data-column]');
  if (!column) return originalRect.call(this);
  const columnIndex = [...document.querySelectorAll('[data-column]')].indexOf(column);
  const x = columnIndex * 300;
  const box = (top: number, height: number) =>
    ({
      x,
      y: top,
      left: x,
      top,
      width: 280,
      height,
      right: x + 280,
      bottom: top + height,
      toJSON: () => ({}),
    }) as DOMRect;
  if (this instanceof HTMLLIElement && this.dataset.cardId) {
    const index = [...(this.parentElement?.children ?? [])].indexOf(this);
    return box(60 + index * 100, 80);
  }
  if (this.tagName === 'UL') return box(50, 1000);
  if (this.closest('li[data-card-id]')) {
    const li = this.closest('li[data-card-id]') as HTMLLIElement;
    return layoutRect.call(li);
  }
  return box(0, 1100);
}

function renderBoard(onMove?: (move: BoardMove) => Promise<unknown>, readOnly = false, items = CARDS) {
  return renderWithProviders(
    <>
      {/* The app root's announcement regions (the test helper leaves them out). */}
      <LiveRegions />
      <KanbanBoard<Card>
        label="Tablero de prueba"
        columns={COLUMNS}
        items={items}
        getId={(card) => card.id}
        getColumnId={(card) => card.column}
        getLabel={(card) => card.title}
        onMove={onMove}
        readOnly={readOnly}
        renderColumnTotal={(column, items) => (
          <span data-testid={`total-${column.id}`}>{items.length * 2} h</span>
        )}
        renderCard={(card, { handle }) => (
          <div>
            {handle}
            <span>{card.title}</span>
          </div>
        )}
      />
    </>,
  );
}

/** Titles shown in a column, in order. */
function titlesIn(columnTitle: string): string[] {
  const list = screen.getByRole('list', { name: columnTitle });
  return within(list)
    .queryAllByRole('listitem')
    .map((item) => item.textContent ?? '')
    .filter((text) => text !== 'Sin tarjetas');
}

/**
 * A key press where the browser would send it: the focused element (a card moved to another
 * column is mounted anew, so the handle first pressed is no longer in the document).
 */
async function press(code: string, key = code) {
  await act(async () => {
    fireEvent.keyDown(document.activeElement ?? document.body, { code, key });
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

describe('board state', () => {
  it('describes a move across columns by its neighbours, and nothing when the card stays', () => {
    const start = arrange(
      ['todo', 'doing'],
      CARDS,
      (c) => c.id,
      (c) => c.column,
    );
    expect(start).toEqual({ todo: ['a', 'b'], doing: ['c'] });
    const moved = moveItem(start, 'b', 'doing', 0);
    expect(moved).toEqual({ todo: ['a'], doing: ['b', 'c'] });
    expect(start).toEqual({ todo: ['a', 'b'], doing: ['c'] });
    expect(describeMove(start, moved, 'b')).toEqual({
      itemId: 'b',
      fromColumnId: 'todo',
      toColumnId: 'doing',
      index: 0,
      beforeId: 'c',
      afterId: null,
    });
    expect(describeMove(start, start, 'a')).toBeNull();
  });
});

describe('KanbanBoard', () => {
  beforeEach(() => {
    Element.prototype.getBoundingClientRect = layoutRect;
  });
  afterEach(() => {
    Element.prototype.getBoundingClientRect = originalRect;
  });

  it('shows each column with its cards, its count and the total slot', () => {
    renderBoard();
    expect(screen.getByRole('region', { name: 'Tablero de prueba' })).toBeTruthy();
    expect(titlesIn('Por hacer')).toEqual(['Diseñar logo', 'Escribir textos']);
    expect(titlesIn('En progreso')).toEqual(['Montar servidor']);
    expect(screen.getByLabelText('2 en Por hacer')).toBeTruthy();
    expect(screen.getByTestId('total-todo').textContent).toBe('4 h');
    expect(within(screen.getByRole('list', { name: 'Hecho' })).getByText('Sin tarjetas')).toBeTruthy();
  });

  it('moves a card to the next column with the keyboard, announcing in Spanish, and saves the move', async () => {
    const onMove = vi.fn(async (_move: BoardMove) => {});
    renderBoard(onMove);
    const handle = screen.getByRole('button', { name: 'Mover Diseñar logo' });
    handle.focus();
    await press('Space', ' ');
    await waitFor(() => expect(document.body.textContent).toContain('Tomó Diseñar logo'));
    await press('ArrowRight');
    await press('Space', ' ');
    await waitFor(() => expect(onMove).toHaveBeenCalledTimes(1));
    expect(onMove.mock.calls[0]?.[0]).toMatchObject({
      itemId: 'a',
      fromColumnId: 'todo',
      toColumnId: 'doing',
    });
    expect(titlesIn('En progreso')).toContain('Diseñar logo');
    expect(titlesIn('Por hacer')).toEqual(['Escribir textos']);
    expect(document.body.textContent).toContain('Soltó Diseñar logo en la columna En progreso');
  });

  it('reorders inside a column with the arrow keys', async () => {
    const onMove = vi.fn(async (_move: BoardMove) => {});
    renderBoard(onMove);
    const handle = screen.getByRole('button', { name: 'Mover Diseñar logo' });
    handle.focus();
    await press('Space', ' ');
    await press('ArrowDown');
    await press('Space', ' ');
    await waitFor(() => expect(onMove).toHaveBeenCalledTimes(1));
    expect(onMove.mock.calls[0]?.[0]).toMatchObject({
      itemId: 'a',
      toColumnId: 'todo',
      index: 1,
      afterId: 'b',
      beforeId: null,
    });
    expect(titlesIn('Por hacer')).toEqual(['Escribir textos', 'Diseñar logo']);
  });

  it('puts the card back and says so when saving the move fails', async () => {
    let reject: (error: Error) => void = () => {};
    const onMove = vi.fn(() => new Promise((_, no) => (reject = no)));
    renderBoard(onMove);
    const handle = screen.getByRole('button', { name: 'Mover Diseñar logo' });
    handle.focus();
    await press('Space', ' ');
    await press('ArrowRight');
    await press('Space', ' ');
    await waitFor(() => expect(onMove).toHaveBeenCalledTimes(1));
    // Optimistic: already in its new column while the server answers.
    expect(titlesIn('En progreso')).toContain('Diseñar logo');
    await act(async () => reject(new Error('409')));
    await waitFor(() => expect(titlesIn('Por hacer')).toEqual(['Diseñar logo', 'Escribir textos']));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'No se pudo mover Diseñar logo; volvió a la columna Por hacer.',
      ),
    );
  });

  it('cancels with Escape without saving', async () => {
    const onMove = vi.fn(async (_move: BoardMove) => {});
    renderBoard(onMove);
    const handle = screen.getByRole('button', { name: 'Mover Escribir textos' });
    handle.focus();
    await press('Space', ' ');
    await press('ArrowRight');
    await press('Escape');
    expect(onMove).not.toHaveBeenCalled();
    expect(titlesIn('Por hacer')).toEqual(['Diseñar logo', 'Escribir textos']);
    expect(document.body.textContent).toContain('Movimiento cancelado');
  });

  it('paints the first cards of a long column at once and the rest right after, with the full count', async () => {
    const many = Array.from({ length: FIRST_PASS_CARDS + 30 }, (_, i) => ({
      id: `m${i}`,
      column: 'todo',
      title: `Tarea ${i + 1}`,
    }));
    renderBoard(undefined, false, many);
    // First pass: the first cards, in order, and the count of all of them.
    expect(titlesIn('Por hacer')).toEqual(many.slice(0, FIRST_PASS_CARDS).map((card) => card.title));
    expect(screen.getByLabelText(`${many.length} en Por hacer`)).toBeTruthy();
    // Then every card, still in order.
    await waitFor(() => expect(titlesIn('Por hacer')).toHaveLength(many.length));
    expect(titlesIn('Por hacer')).toEqual(many.map((card) => card.title));
  });

  it('has no drag handles when read-only', () => {
    renderBoard(undefined, true);
    expect(screen.queryByRole('button', { name: /^Mover/ })).toBeNull();
    expect(titlesIn('Por hacer')).toEqual(['Diseñar logo', 'Escribir textos']);
  });
});
