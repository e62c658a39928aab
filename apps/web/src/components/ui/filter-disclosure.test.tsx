import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ListFilters } from './list-filters';

const originalMatchMedia = window.matchMedia;

/** Makes the phone query ('max-width: 47.99em') match, as at 390 px, or not (1440 px). */
function viewport(phone: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: phone && query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

function renderFilters(status = 'all') {
  return renderWithProviders(
    <ListFilters
      searchLabel="Buscar facturas"
      placeholder="Buscar por número"
      search=""
      onSearch={() => {}}
      selects={[
        {
          label: 'Filtrar por estado',
          data: [
            { value: 'all', label: 'Todos' },
            { value: 'overdue', label: 'Vencidas' },
          ],
          value: status,
          onChange: () => {},
        },
        {
          label: 'Filtrar por estado e-CF',
          data: [{ value: 'all', label: 'Todos' }],
          value: 'all',
          onChange: () => {},
        },
      ]}
    />,
  );
}

describe('list filters on phones (issue 32: the first row on the first screen)', () => {
  afterEach(() => {
    window.matchMedia = originalMatchMedia;
  });

  it('keeps the search in view and folds the selects behind "Filtros", which opens and closes them', () => {
    viewport(true);
    renderFilters();
    expect(screen.getByRole('textbox', { name: 'Buscar facturas' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Filtrar por estado' })).toBeNull();
    const button = screen.getByRole('button', { name: 'Filtros' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('combobox', { name: 'Filtrar por estado' })).toBeTruthy();
    expect(button.getAttribute('aria-controls')).toBe(screen.getByRole('group', { name: 'Filtros' }).id);
    fireEvent.click(button);
    expect(screen.queryByRole('combobox', { name: 'Filtrar por estado' })).toBeNull();
  });

  it('counts the filters away from "Todos" on the button', () => {
    viewport(true);
    renderFilters('overdue');
    expect(screen.getByRole('button', { name: /^Filtros/ }).textContent).toContain('1');
    expect(screen.getByLabelText('1 activos')).toBeTruthy();
  });

  it('shows everything in one row above the phone width', () => {
    viewport(false);
    renderFilters();
    expect(screen.getByRole('combobox', { name: 'Filtrar por estado' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Filtros/ })).toBeNull();
  });
});
