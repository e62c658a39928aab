import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ListPagination } from '../components/ui/list-pagination';
import { useListParams } from './list-params';

function Probe() {
  const [params, setParams] = useListParams({ status: 'all', search: '' });
  return (
    <div>
      <output data-testid="state">{`${params.status}|${params.search}|${params.page}`}</output>
      <button type="button" onClick={() => setParams({ status: 'open' })}>
        abiertos
      </button>
      <button type="button" onClick={() => setParams({ status: 'all' })}>
        todos
      </button>
      <button type="button" onClick={() => setParams({ page: params.page + 1 })}>
        siguiente
      </button>
    </div>
  );
}

describe('useListParams', () => {
  it('reads filters and page from the URL, resets the page when a filter changes, drops defaults', () => {
    const { router } = renderWithProviders(<Probe />, '/tickets?search=web&page=3');
    const state = () => screen.getByTestId('state').textContent;
    expect(state()).toBe('all|web|3');
    fireEvent.click(screen.getByText('siguiente'));
    expect(state()).toBe('all|web|4');
    expect(router.state.location.search).toBe('?search=web&page=4');
    fireEvent.click(screen.getByText('abiertos'));
    expect(state()).toBe('open|web|1');
    expect(router.state.location.search).toBe('?search=web&status=open');
    fireEvent.click(screen.getByText('todos'));
    expect(router.state.location.search).toBe('?search=web');
  });

  it('reads a page that is not a positive integer as page 1', () => {
    renderWithProviders(<Probe />, '/tickets?page=-2');
    expect(screen.getByTestId('state').textContent).toBe('all||1');
  });
});

describe('ListPagination', () => {
  it('shows the range and the total, names the arrows and changes page', () => {
    const pages: number[] = [];
    renderWithProviders(
      <ListPagination
        pagination={{ page: 2, limit: 20, total: 1234 }}
        noun="proyectos"
        singular="proyecto"
        onChange={(p) => pages.push(p)}
      />,
    );
    expect(screen.getByText('Mostrando 21–40 de 1,234 proyectos')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    fireEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    expect(pages).toEqual([3, 3]);
  });

  it('a capped total (decision 113) reads "más de" and the last button is the cap\'s last page', () => {
    renderWithProviders(
      <ListPagination
        pagination={{ page: 3, limit: 20, total: 10000, totalCapped: true }}
        noun="tickets"
        singular="ticket"
        onChange={() => {}}
      />,
    );
    expect(screen.getByText('Mostrando 41–60 de más de 10,000 tickets')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Página 500' })).toBeTruthy();
  });

  it('shows the single row and no page buttons when everything fits', () => {
    renderWithProviders(
      <ListPagination
        pagination={{ page: 1, limit: 20, total: 1 }}
        noun="proyectos"
        singular="proyecto"
        onChange={() => {}}
      />,
    );
    expect(screen.getByText('1 proyecto')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Página siguiente' })).toBeNull();
  });
});
