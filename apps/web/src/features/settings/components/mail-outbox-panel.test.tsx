import {
  type ListMailOutboxResponse,
  ListMailOutboxResponseSchema,
  type MailOutboxMessage,
  ResendMailResponseSchema,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiUrl, fail, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { MailOutboxPanel } from './mail-outbox-panel';

function mail(i: number, overrides: Partial<MailOutboxMessage> = {}): MailOutboxMessage {
  return {
    _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    to: `cliente${i}@example.do`,
    subject: `Factura ${i}`,
    status: 'failed',
    attempts: 12,
    lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
    createdAt: '2026-11-19T14:00:00.000Z',
    lastAttemptAt: '2026-11-21T02:00:00.000Z',
    nextAttemptAt: null,
    ...overrides,
  };
}

/** A fake outbox behind `GET /mail/outbox` and `POST …/resend`, like the API answers. */
let outbox: MailOutboxMessage[];
let getCalls: Array<Record<string, unknown>>;

function answer(params: { status: string; page: number; limit: number }): ListMailOutboxResponse {
  const rows = outbox.filter((m) => m.status === params.status);
  const start = (params.page - 1) * params.limit;
  return {
    messages: rows.slice(start, start + params.limit),
    pagination: { page: params.page, limit: params.limit, total: rows.length },
  };
}

let resends: string[];

beforeEach(() => {
  outbox = [];
  getCalls = [];
  resends = [];
  server.use(
    http.get(apiUrl('/mail/outbox'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      const params = {
        status: query.get('status') ?? 'failed',
        page: Number(query.get('page') ?? 1),
        limit: Number(query.get('limit') ?? 20),
      };
      getCalls.push(params);
      return ok(ListMailOutboxResponseSchema, answer(params));
    }),
    http.post(apiUrl('/mail/outbox/:id/resend'), ({ params }) => {
      const row = outbox.find((m) => m._id === params.id);
      if (!row) return fail(404, { code: 'NOT_FOUND', message: 'Correo no encontrado' });
      resends.push(String(params.id));
      Object.assign(row, { status: 'queued', attempts: 0, lastError: null, lastAttemptAt: null });
      row.nextAttemptAt = '2026-11-23T10:00:00.000Z';
      return ok(ResendMailResponseSchema, { message: row });
    }),
  );
});

describe('Configuración → Correos (issue 13)', () => {
  it('lists failed mail; "Reenviar" queues it again with a toast and the list empties', async () => {
    outbox = [mail(1)];
    renderWithProviders(<MailOutboxPanel />, '/settings?tab=mail');
    const list = await screen.findByRole('list');
    const row = within(list).getByRole('listitem');
    expect(within(row).getByText('Factura 1')).toBeTruthy();
    expect(within(row).getByText('Fallido')).toBeTruthy();
    expect(within(row).getByText('Para: cliente1@example.do')).toBeTruthy();
    expect(within(row).getByText('Último error: connect ECONNREFUSED 127.0.0.1:2525')).toBeTruthy();
    expect(within(row).getByText(/^12 intentos · Creado .+ · Último intento .+/)).toBeTruthy();
    expect(screen.getByText('1 correo')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Reenviar «Factura 1» a cliente1@example.do' }));
    expect(await screen.findByText('Correo en cola de nuevo')).toBeTruthy();
    expect(screen.getByText('Se volverá a intentar el envío a cliente1@example.do.')).toBeTruthy();
    expect(resends).toEqual(['00000000-0000-4000-8000-000000000001']);
    expect(await screen.findByText('No hay correos fallidos')).toBeTruthy();
    expect(outbox[0]).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('"Pendientes" shows queued mail with its next attempt and no resend button', async () => {
    outbox = [
      mail(2, { status: 'queued', attempts: 3, lastAttemptAt: null, nextAttemptAt: '2026-11-23T10:00:00Z' }),
    ];
    renderWithProviders(<MailOutboxPanel />, '/settings?tab=mail');
    expect(await screen.findByText('No hay correos fallidos')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Pendientes' }));
    const row = await screen.findByRole('listitem');
    expect(within(row).getByText('Pendiente')).toBeTruthy();
    expect(within(row).getByText(/^3 intentos · Creado .+ · Próximo intento .+/)).toBeTruthy();
    expect(within(row).queryByRole('button')).toBeNull();
    expect(getCalls.at(-1)).toEqual({ status: 'queued', page: 1, limit: 20 });
  });

  it('pages through 45 failed mails with the shared pagination footer', async () => {
    outbox = Array.from({ length: 45 }, (_, k) => mail(k + 1));
    renderWithProviders(<MailOutboxPanel />, '/settings?tab=mail');
    expect(await screen.findByText('Mostrando 1–20 de 45 correos')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    expect(await screen.findByText('Mostrando 41–45 de 45 correos')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByText('Factura 41')).toBeTruthy();
    expect(getCalls.at(-1)).toEqual({ status: 'failed', page: 3, limit: 20 });
  });

  it('a refused resend shows the server’s Spanish message in a red toast', async () => {
    outbox = [mail(4)];
    server.use(
      http.post(apiUrl('/mail/outbox/:id/resend'), () =>
        fail(409, {
          code: 'CONFLICT',
          message: 'Este correo ya está en cola; solo se pueden reenviar correos fallidos.',
        }),
      ),
    );
    renderWithProviders(<MailOutboxPanel />, '/settings?tab=mail');
    fireEvent.click(await screen.findByRole('button', { name: /^Reenviar/ }));
    expect(await screen.findByText('No se pudo reenviar')).toBeTruthy();
    expect(
      screen.getByText('Este correo ya está en cola; solo se pueden reenviar correos fallidos.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: /^Reenviar/ })).toBeTruthy());
  });
});
