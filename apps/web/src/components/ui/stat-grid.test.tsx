import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StatCard } from './stat-card';
import { StatGrid } from './stat-grid';

describe('StatGrid / StatCard: compact on phones (issue 32)', () => {
  afterEach(cleanup);

  // jsdom applies no CSS (vitest `css: false`): the phone rule of stat-grid.module.css (two cards
  // a row, no icons, smaller figures) works on these marks, which must stay in place.
  it('the card marks the parts the grid compacts on phones', () => {
    render(
      <MantineProvider>
        <StatGrid>
          <StatCard label="Facturas vencidas" value="3" hint="de 12" icon={<svg aria-hidden />} />
        </StatGrid>
      </MantineProvider>,
    );
    const card = screen.getByTestId('stat-card');
    expect(card.querySelector('[data-stat-label]')?.textContent).toBe('Facturas vencidas');
    expect(card.querySelector('[data-stat-value]')?.textContent).toBe('3');
    expect(card.querySelector('[data-stat-hint]')?.textContent).toBe('de 12');
    expect(card.querySelector('[data-stat-icon] svg')).toBeTruthy();
    expect(screen.getByTestId('stat-grid').style.getPropertyValue('--stat-min')).toBe('15rem');
  });
});
