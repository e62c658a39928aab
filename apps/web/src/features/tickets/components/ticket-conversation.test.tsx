import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import type { useTicketActions } from '../api/ticket-mutations';
import { AddCommentBox } from './ticket-conversation';

// Autosize textareas listen to document.fonts, which jsdom lacks.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
    configurable: true,
  });

function fakeActions() {
  const mutateAsync = vi.fn().mockResolvedValue({});
  return {
    actions: { message: { mutateAsync, isPending: false } } as unknown as ReturnType<typeof useTicketActions>,
    mutateAsync,
  };
}

describe('AddCommentBox (spec doc 2 §5 "Ticket comment")', () => {
  it('keeps the button disabled while the comment is empty or blank', () => {
    renderWithProviders(<AddCommentBox actions={fakeActions().actions} staff={false} />);
    const button = screen.getByRole('button', { name: 'Agregar comentario' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Agregar comentario'), { target: { value: '   ' } });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Agregar comentario'), { target: { value: 'Gracias' } });
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers the internal toggle to staff only and sends it', async () => {
    const { actions, mutateAsync } = fakeActions();
    const { unmount } = renderWithProviders(<AddCommentBox actions={actions} staff={false} />);
    expect(screen.queryByRole('switch')).toBeNull();
    unmount();
    renderWithProviders(<AddCommentBox actions={actions} staff />);
    fireEvent.click(screen.getByRole('switch', { name: 'Nota interna (no visible para el cliente)' }));
    fireEvent.change(screen.getByLabelText('Agregar comentario'), { target: { value: 'Revisar logs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar comentario' }));
    await vi.waitFor(() =>
      expect(mutateAsync).toHaveBeenCalledWith({
        body: { content: 'Revisar logs', isInternal: true },
        files: [],
      }),
    );
    expect(await screen.findByText('Tu comentario ha sido agregado al ticket')).toBeTruthy();
  });
});
