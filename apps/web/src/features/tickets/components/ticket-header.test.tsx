import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTicketDetail } from '../../../../test/factories';
import { renderWithProviders } from '../../../../test/render';
import { TicketHeader } from './ticket-header';

function open(staff: boolean, onAssign = vi.fn()) {
  renderWithProviders(
    <TicketHeader
      ticket={buildTicketDetail()}
      staff={staff}
      canDelete={staff}
      watching={false}
      onEdit={vi.fn()}
      onAssign={onAssign}
      onTimeLog={vi.fn()}
      onResolve={vi.fn()}
      onStatus={vi.fn(async () => {})}
      onToggleWatch={vi.fn()}
      onDelete={vi.fn()}
    />,
    '/tickets/1',
  );
}

describe('TicketHeader: one primary action, the rest in a menu (issue 32)', () => {
  afterEach(cleanup);

  it('staff see only "Editar" and "Más acciones"; assign, time, sharing live in the menu', async () => {
    const onAssign = vi.fn();
    open(true, onAssign);
    const buttons = screen.getAllByRole('button').map((b) => b.textContent || b.getAttribute('aria-label'));
    expect(buttons).toEqual(['Editar', 'Más acciones']);
    fireEvent.click(screen.getByRole('button', { name: 'Más acciones' }));
    const menu = await screen.findByRole('menu');
    for (const item of ['Asignar', 'Registrar tiempo', 'Compartir por WhatsApp', 'Enlaces compartidos'])
      expect(within(menu).getByRole('menuitem', { name: item })).toBeTruthy();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Asignar' }));
    expect(onAssign).toHaveBeenCalledOnce();
  });

  it('sharing from the menu opens its dialog', async () => {
    open(true);
    fireEvent.click(screen.getByRole('button', { name: 'Más acciones' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Compartir por WhatsApp' }));
    expect(await screen.findByRole('dialog', { name: 'Compartir por WhatsApp' })).toBeTruthy();
  });
});
