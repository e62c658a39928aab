import { ListTicketMessagesResponseSchema, type TicketDetail, type TicketMessage } from '@agencia/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTicketDetail, buildUser } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { LiveRegions } from '../../../components/ui/live-regions';
import { useSessionStore } from '../../../stores/session-store';
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
  authorEmail: null,
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

/** The ticket page as the socket's 'ticket:updated' re-renders it: `live.setMessages` swaps the detail. */
const live: { setMessages: (messages: TicketMessage[]) => void } = { setMessages: () => {} };
function LivePage({ first }: { first: TicketMessage[] }) {
  const [messages, set] = useState(first);
  live.setMessages = set;
  const ticket = { _id: '99999999-9999-4999-8999-999999999999', messages, messagesTotal: messages.length };
  return (
    <>
      <LiveRegions />
      <TicketMessages ticket={ticket as unknown as TicketDetail} />
    </>
  );
}

describe('TicketMessages announces a reply that arrives live (decision 112)', () => {
  // Toasts of earlier tests stay in Mantine's store; the regions would read them on mount.
  afterEach(() => useSessionStore.getState().logout());

  it("reads another person's new message politely, not the first load nor the user's own", async () => {
    const me = buildUser({ role: 'client' });
    useSessionStore.setState({ user: me });
    const agent = {
      _id: '0b6e6f8e-2d0a-4c55-9a43-6c8b2f4f1a09',
      firstName: 'Carlos',
      lastName: 'Méndez',
      role: 'employee' as const,
      avatar: null,
    };
    const first = range(1, 2).map(message);
    renderWithProviders(<LivePage first={first} />);
    const polite = screen.getByRole('status');
    const written: string[] = [];
    const observer = new MutationObserver(() => written.push(polite.textContent ?? ''));
    observer.observe(polite, { childList: true, subtree: true });

    // The user's own reply (it has its toast), then a reply pushed live by the agent.
    const mine = { ...message(3), author: { ...agent, _id: me._id, role: 'client' as const } };
    const reply = { ...message(4), author: agent, content: 'Hola, ya estamos revisando el cobro.' };
    act(() => live.setMessages([...first, mine]));
    await screen.findByText('Mensaje 3');
    act(() => live.setMessages([...first, mine, reply]));
    await waitFor(() =>
      expect(polite.textContent).toBe('Nuevo mensaje de Carlos Méndez: Hola, ya estamos revisando el cobro.'),
    );
    observer.disconnect();
    expect(written.filter(Boolean)).toEqual([
      'Nuevo mensaje de Carlos Méndez: Hola, ya estamos revisando el cobro.',
    ]);
  });
});
