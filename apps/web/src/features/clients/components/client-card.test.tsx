import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildClient } from '../../../../test/factories';
import { renderRoutes } from '../../../../test/render';
import { ClientCard } from './client-card';

const CARMEN = buildClient({
  _id: 'c0000000-0000-4000-8000-000000000005',
  firstName: 'Carmen',
  lastName: 'Rosario de la Altagracia',
  companyName: null,
  status: 'inactive',
});

function renderCard(onEdit = vi.fn(), client = CARMEN) {
  return renderRoutes(
    [
      {
        path: '/clients',
        element: (
          <ClientCard client={client} currency="DOP" onEdit={onEdit} onLink={vi.fn()} onDelete={vi.fn()} />
        ),
      },
      { path: '/clients/:id', element: <p>Detalle del cliente</p> },
    ],
    '/clients',
  );
}

describe('ClientCard (issue 32: whole badges and names, the card a link)', () => {
  it('is a link to the client, named by the whole name, that a click follows', async () => {
    const { router } = renderCard();
    const card = screen.getByRole('article', { name: 'Carmen Rosario de la Altagracia' });
    const link = within(card).getByRole('link', { name: 'Carmen Rosario de la Altagracia' });
    // A real address: open in a new tab, copy the link, Enter from the keyboard.
    expect(link.getAttribute('href')).toBe(`/clients/${CARMEN._id}`);
    expect(link.tagName).toBe('A');
    fireEvent.click(link);
    expect(await screen.findByText('Detalle del cliente')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/clients/${CARMEN._id}`);
  });

  it('shows the name and the status badge whole: no one-line truncation', () => {
    renderCard();
    const link = screen.getByRole('link', { name: 'Carmen Rosario de la Altagracia' });
    // Mantine marks `truncate` and `lineClamp` with these attributes (ellipsis after one line).
    expect(link.hasAttribute('data-truncate')).toBe(false);
    expect(link.hasAttribute('data-line-clamp')).toBe(false);
    const badge = screen.getByText('Inactivo').closest('.mantine-Badge-root') as HTMLElement;
    expect(badge.textContent).toBe('Inactivo');
    // The badge keeps its width beside a long name (it read "A…" and "INACTI…").
    expect(badge.style.flexShrink).toBe('0');
    expect((badge.parentElement as HTMLElement).style.flexShrink).toBe('0');
  });

  it('keeps the menu out of the link: its own button, and "Ver detalles" a link too', async () => {
    const onEdit = vi.fn();
    renderCard(onEdit);
    const link = screen.getByRole('link', { name: 'Carmen Rosario de la Altagracia' });
    const menu = screen.getByRole('button', { name: 'Acciones de Carmen Rosario de la Altagracia' });
    expect(link.contains(menu)).toBe(false);
    expect(menu.closest('a')).toBeNull();
    fireEvent.click(menu);
    const details = await screen.findByRole('menuitem', { name: 'Ver detalles' });
    expect(details.getAttribute('href')).toBe(`/clients/${CARMEN._id}`);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Editar' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
  });

  it('marks an address our mail bounced from, with the date and reason on the badge (decision 168)', () => {
    const view = renderCard(
      vi.fn(),
      buildClient({
        ...CARMEN,
        emailFailingAt: '2026-03-04T15:00:00.000Z',
        emailFailingReason: '5.1.1 usuario desconocido',
      }),
    );
    const badge = screen.getByText('Rebotó').closest('.mantine-Badge-root') as HTMLElement;
    expect(badge.getAttribute('title')).toBe('El correo rebotó el 04/03/2026: 5.1.1 usuario desconocido');
    view.unmount();
    renderCard();
    expect(screen.queryByText('Rebotó')).toBeNull();
  });
});
