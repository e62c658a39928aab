import { Table } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { TableScroll } from './table-scroll';

/** jsdom lays nothing out: give the scroll box the widths a browser would. */
function layOut(box: HTMLElement, sizes: { scrollWidth: number; clientWidth: number; scrollLeft: number }) {
  for (const [key, value] of Object.entries(sizes))
    Object.defineProperty(box, key, { value, configurable: true, writable: true });
  fireEvent.scroll(box);
}

const cue = (side: 'start' | 'end') =>
  document.querySelector(`[data-scroll-cue="${side}"]`)?.hasAttribute('data-visible');

describe('TableScroll: the horizontal scroll cue (issue 32 point 8)', () => {
  it('shows a shadow on the side that hides columns, following the scroll', () => {
    renderWithProviders(
      <TableScroll label="Igualas" minWidth={900}>
        <Table>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>Café Cibao SRL</Table.Td>
              <Table.Td data-amount>RD$17,700.00 (ITBIS incluido)</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </TableScroll>,
    );
    const box = screen.getByText('Café Cibao SRL').closest('table')!.parentElement!.parentElement!;
    expect(cue('start')).toBe(false);
    expect(cue('end')).toBe(false);

    // Wider than the box, at the start: more to the right only, and the box is a named region.
    layOut(box, { scrollWidth: 900, clientWidth: 390, scrollLeft: 0 });
    expect(cue('start')).toBe(false);
    expect(cue('end')).toBe(true);
    expect(screen.getByRole('region', { name: 'Igualas' })).toBeTruthy();

    // In the middle: both sides.
    layOut(box, { scrollWidth: 900, clientWidth: 390, scrollLeft: 200 });
    expect(cue('start')).toBe(true);
    expect(cue('end')).toBe(true);

    // At the end: more to the left only.
    layOut(box, { scrollWidth: 900, clientWidth: 390, scrollLeft: 510 });
    expect(cue('start')).toBe(true);
    expect(cue('end')).toBe(false);

    // A resize that makes it fit: no cue.
    Object.defineProperty(box, 'clientWidth', { value: 900, configurable: true });
    fireEvent(window, new Event('resize'));
    expect(cue('start')).toBe(false);
    expect(cue('end')).toBe(false);
  });
});
