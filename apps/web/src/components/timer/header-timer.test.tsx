import {
  GetTimerResponseSchema,
  StopTimerResponseSchema,
  TIMER_CONFIRMATION_REQUIRED,
} from '@agencia/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildTimer } from '../../../test/factories';
import { apiUrl, fail, ok, server } from '../../../test/msw';
import { renderWithProviders } from '../../../test/render';
import { HeaderTimer } from './header-timer';

function renderTimer() {
  return renderWithProviders(<HeaderTimer />);
}

describe('HeaderTimer', () => {
  it('shows nothing when no timer runs', async () => {
    let asked = false;
    server.use(
      http.get(apiUrl('/timer'), () => {
        asked = true;
        return ok(GetTimerResponseSchema, { timer: null });
      }),
    );
    renderTimer();
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByRole('button', { name: 'Detener' })).toBeNull();
  });

  it('shows the task, the elapsed time from the server, and stops it writing the time', async () => {
    let stops = 0;
    server.use(
      http.get(apiUrl('/timer'), () => ok(GetTimerResponseSchema, { timer: buildTimer() })),
      http.post(apiUrl('/timer/stop'), () => {
        stops += 1;
        return ok(StopTimerResponseSchema, { stopped: null });
      }),
    );
    renderTimer();
    expect(await screen.findByRole('link', { name: 'Diseñar portada' })).toBeTruthy();
    // Started 65 minutes ago (the server's start, not the page's): 1:05:xx.
    expect(screen.getByText(/^1:05:\d\d$/)).toBeTruthy();
    expect(screen.getByText('Tiempo: 1 h 5 min')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Detener' }));
    await waitFor(() => expect(stops).toBe(1));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Diseñar portada' })).toBeNull());
  });

  it('asks before saving a timer past 12 hours and sends the confirmation', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get(apiUrl('/timer'), () =>
        ok(GetTimerResponseSchema, {
          timer: buildTimer({
            startedAt: new Date(Date.now() - 13 * 3600_000).toISOString(),
            needsConfirmation: true,
          }),
        }),
      ),
      http.post(apiUrl('/timer/stop'), async ({ request }) => {
        const body = (await request.json()) as { confirmLong?: boolean };
        bodies.push(body);
        if (!body.confirmLong) {
          return fail(409, { code: TIMER_CONFIRMATION_REQUIRED, message: 'Confirma el tiempo' });
        }
        return ok(StopTimerResponseSchema, { stopped: null });
      }),
    );
    renderTimer();
    fireEvent.click(await screen.findByRole('button', { name: 'Detener' }));
    expect(await screen.findByText('Temporizador de más de 12 horas')).toBeTruthy();
    expect(bodies).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar tal cual' }));
    await waitFor(() => expect(bodies).toEqual([{ confirmLong: true }]));
  });
});
