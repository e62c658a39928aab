import { ListTicketMessagesResponseSchema, type TicketMessage } from '@agencia/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildTicketDetail } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import type { useTicketActions } from '../api/ticket-mutations';
import { AddCommentBox, TicketMessages } from './ticket-conversation';

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

/** Message `n` of a conversation (1 = oldest). */
const message = (n: number): TicketMessage => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  author: null,
  content: `Mensaje ${n}`,
  isInternal: false,
  attachments: [],
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("TicketMessages: 'Ver mensajes anteriores' (decision 102)", () => {
  it('shows the newest 20, then loads 20 older at a time until the first message, oldest first', async () => {
    const TOTAL = 45;
    const ticket = buildTicketDetail({
      _id: '99999999-9999-4999-8999-999999999999',
      messages: range(26, 45).map(message),
      messagesTotal: TOTAL,
    });
    const pages: number[] = [];
    server.use(
      http.get(apiUrl(`/tickets/${ticket._id}/messages`), ({ request }) => {
        const params = new URL(request.url).searchParams;
        const page = Number(params.get('page'));
        const limit = Number(params.get('limit'));
        pages.push(page);
        const newest = TOTAL - (page - 1) * limit;
        const rows = range(Math.max(1, newest - limit + 1), newest)
          .reverse()
          .map(message);
        return ok(ListTicketMessagesResponseSchema, {
          messages: rows,
          pagination: { page, limit, total: TOTAL },
        });
      }),
    );
    renderWithProviders(<TicketMessages ticket={ticket} />);
    const contents = () => screen.getAllByText(/^Mensaje \d+$/).map((e) => e.textContent);
    expect(contents()).toEqual(range(26, 45).map((n) => `Mensaje ${n}`));

    fireEvent.click(screen.getByRole('button', { name: 'Ver mensajes anteriores (25)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ver mensajes anteriores (5)' }));
    await screen.findByText('Mensaje 1');
    expect(contents()).toEqual(range(1, 45).map((n) => `Mensaje ${n}`));
    expect(screen.queryByRole('button', { name: /Ver mensajes anteriores/ })).toBeNull();
    expect(pages).toEqual([2, 3]);
  }, 20_000);

  it('shows no button when the detail already holds the whole conversation', () => {
    const ticket = buildTicketDetail({
      _id: '99999999-9999-4999-8999-999999999999',
      messages: range(1, 3).map(message),
      messagesTotal: 3,
    });
    renderWithProviders(<TicketMessages ticket={ticket} />);
    expect(screen.getAllByText(/^Mensaje \d+$/)).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /Ver mensajes anteriores/ })).toBeNull();
  });
});
