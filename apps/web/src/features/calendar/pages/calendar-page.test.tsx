import {
  CalendarStatsSchema,
  type CreateEventRequest,
  DEFAULT_BUSINESS_HOURS,
  GetBusinessHoursResponseSchema,
  GetEventResponseSchema,
  InviteeSchema,
  ListEventPageResponseSchema,
  ListEventsResponseSchema,
  ListOptionsResponseSchema,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildCalendarEvent, buildCalendarStats, buildUser } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { CalendarPage } from './calendar-page';

const IN_RANGE = buildCalendarEvent({
  _id: 'e0000000-0000-4000-8000-000000000001',
  title: 'Reunión con Los Pinos',
  startDate: new Date(2026, 10, 18, 10).toISOString(),
  endDate: new Date(2026, 10, 18, 11).toISOString(),
});
const LISTED = buildCalendarEvent({
  _id: 'e0000000-0000-4000-8000-000000000002',
  title: 'Entrega del catálogo',
  type: 'deadline',
  priority: 'high',
  location: 'Oficina de Santiago',
});
const UPCOMING = buildCalendarEvent({
  _id: 'e0000000-0000-4000-8000-000000000003',
  title: 'Llamada de seguimiento',
  type: 'call',
});

/** Query strings of `GET /calendar`, `GET /calendar/list`; bodies of `POST /calendar`. */
let rangeCalls: Record<string, string>[] = [];
let listCalls: Record<string, string>[] = [];
let created: CreateEventRequest[] = [];

const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

describe('CalendarPage', () => {
  beforeEach(() => {
    // Only the clock: "today" is Wednesday 18 November 2026, so the month grid is fixed.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 18, 9, 0));
    rangeCalls = [];
    listCalls = [];
    created = [];
    useSessionStore.setState({
      user: buildUser({ role: 'admin', permissions: ['calendar.read', 'calendar.write'] }),
    });
    server.use(
      http.get(apiUrl('/calendar'), ({ request }) => {
        rangeCalls.push(query(request));
        return ok(ListEventsResponseSchema, { events: [IN_RANGE] });
      }),
      http.get(apiUrl('/calendar/list'), ({ request }) => {
        const q = query(request);
        listCalls.push(q);
        return ok(ListEventPageResponseSchema, {
          events: [LISTED],
          pagination: { page: Number(q.page), limit: Number(q.limit), total: 1 },
        });
      }),
      http.get(apiUrl('/calendar/upcoming'), () => ok(ListEventsResponseSchema, { events: [UPCOMING] })),
      http.get(apiUrl('/calendar/stats'), () =>
        ok(
          CalendarStatsSchema,
          buildCalendarStats({ total: 40, today: 3, thisWeek: 9, meetings: 12, deadlines: 5 }),
        ),
      ),
      http.get(apiUrl('/calendar/invitees'), () =>
        ok(z.object({ invitees: z.array(InviteeSchema) }), { invitees: [] }),
      ),
      http.get(apiUrl('/projects/options'), () => ok(ListOptionsResponseSchema, { options: [] })),
      http.get(apiUrl('/settings/business-hours'), () =>
        ok(GetBusinessHoursResponseSchema, { businessHours: DEFAULT_BUSINESS_HOURS }),
      ),
      http.post(apiUrl('/calendar'), async ({ request }) => {
        const body = (await request.json()) as CreateEventRequest;
        created.push(body);
        return ok(GetEventResponseSchema, {
          event: buildCalendarEvent({ title: body.title, startDate: body.startDate, endDate: body.endDate }),
        });
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    useSessionStore.getState().logout();
  });

  it('asks for the events of the visible month grid and shows them with the summary cards', async () => {
    renderWithProviders(<CalendarPage />, '/calendar');
    expect(await screen.findByText('Reunión con Los Pinos')).toBeTruthy();
    // November 2026 in weeks starting on Monday: Monday 26 October to Monday 7 December (6 weeks).
    await waitFor(() =>
      expect(rangeCalls.at(-1)).toEqual({
        start_date: new Date(2026, 9, 26).toISOString(),
        end_date: new Date(2026, 11, 7).toISOString(),
      }),
    );
    const today = screen.getByText('Eventos hoy').parentElement as HTMLElement;
    expect(within(today).getByText('3')).toBeTruthy();
    const week = screen.getByText('Esta semana').parentElement as HTMLElement;
    expect(within(week).getByText('9')).toBeTruthy();
    expect(await screen.findByRole('link', { name: /Llamada de seguimiento/ })).toBeTruthy();
    expect(listCalls).toEqual([]);
  }, 40_000);

  it('on a phone the calendar comes first and the four summary cards follow it (issue 44 point 12)', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query.includes('max-width: 47.99em'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    try {
      renderWithProviders(<CalendarPage />, '/calendar');
      const tabs = await screen.findByRole('tab', { name: /Calendario/ });
      const card = screen.getByText('Eventos hoy');
      // The summary card follows the calendar's tabs in document order.
      expect(tabs.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    } finally {
      window.matchMedia = original;
    }
  }, 40_000);

  it('at 1440 px the four summary cards sit above the calendar', async () => {
    renderWithProviders(<CalendarPage />, '/calendar');
    const tabs = await screen.findByRole('tab', { name: /Calendario/ });
    const card = screen.getByText('Eventos hoy');
    expect(tabs.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
  }, 40_000);

  it('sends the type filter with the range', async () => {
    renderWithProviders(<CalendarPage />, '/calendar?type=deadline');
    await waitFor(() =>
      expect(rangeCalls.at(-1)).toMatchObject({
        start_date: new Date(2026, 9, 26).toISOString(),
        type: 'deadline',
      }),
    );
  }, 40_000);

  it('lists events from 30 days ago, one page at a time, linking to each', async () => {
    renderWithProviders(<CalendarPage />, '/calendar?tab=list');
    const link = await screen.findByRole('link', { name: /Entrega del catálogo/ });
    expect(link.getAttribute('href')).toBe(`/calendar/${LISTED._id}`);
    expect(within(link).getByText('Fecha límite')).toBeTruthy();
    expect(within(link).getByText('Oficina de Santiago')).toBeTruthy();
    expect(screen.getByText('1 evento')).toBeTruthy();
    expect(listCalls.at(-1)).toEqual({
      start_date: new Date(2026, 9, 19).toISOString(),
      page: '1',
      limit: '20',
    });
  }, 40_000);

  it("the list's search and page live in the URL: a link (or a reload) opens that page", async () => {
    // 22 events that match the search, a day apart; 20 a page.
    const matching = Array.from({ length: 22 }, (_, i) =>
      buildCalendarEvent({
        _id: `e0000000-0000-4000-8000-${String(100 + i).padStart(12, '0')}`,
        title: `Llamada lista ${String(i + 1).padStart(2, '0')}`,
        type: 'call',
        startDate: new Date(2026, 10, 19 + i, 10).toISOString(),
        endDate: new Date(2026, 10, 19 + i, 10, 30).toISOString(),
      }),
    );
    server.use(
      http.get(apiUrl('/calendar/list'), ({ request }) => {
        const q = query(request);
        listCalls.push(q);
        const page = Number(q.page);
        const rows = q.search === 'lista' ? matching : [];
        return ok(ListEventPageResponseSchema, {
          events: rows.slice((page - 1) * 20, page * 20),
          pagination: { page, limit: 20, total: rows.length },
        });
      }),
    );
    const { router } = renderWithProviders(<CalendarPage />, '/calendar?tab=list&search=lista');
    expect(await screen.findByText('Mostrando 1–20 de 22 eventos')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /^Llamada lista/ })).toHaveLength(20);
    expect(listCalls.at(-1)).toMatchObject({ search: 'lista', page: '1', limit: '20' });

    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(await screen.findByText('Mostrando 21–22 de 22 eventos')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=list&search=lista&page=2');
    expect(screen.getAllByRole('link', { name: /^Llamada lista/ })).toHaveLength(2);
    expect(screen.getByText('Llamada lista 22')).toBeTruthy();
    expect(screen.queryByText('Llamada lista 01')).toBeNull();
    expect(listCalls.at(-1)).toMatchObject({ search: 'lista', page: '2' });
  }, 40_000);

  it('opens the list on the page of the URL', async () => {
    server.use(
      http.get(apiUrl('/calendar/list'), ({ request }) => {
        const q = query(request);
        listCalls.push(q);
        return ok(ListEventPageResponseSchema, {
          events: [LISTED],
          pagination: { page: Number(q.page), limit: 20, total: 21 },
        });
      }),
    );
    renderWithProviders(<CalendarPage />, '/calendar?tab=list&search=entrega&page=2');
    expect(await screen.findByText('Mostrando 21–21 de 21 eventos')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Lista de eventos' }).getAttribute('aria-selected')).toBe('true');
    expect(listCalls.at(-1)).toMatchObject({ search: 'entrega', page: '2' });
  }, 40_000);

  it('the new-event dialog requires a title and then creates the event', async () => {
    renderWithProviders(<CalendarPage />, '/calendar');
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo Evento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Evento' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear Evento' }));
    expect(await within(dialog).findByText('El título es requerido')).toBeTruthy();
    expect(created).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Título' }), {
      target: { value: 'Revisión de diseño' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear Evento' }));
    expect(await screen.findByText('Evento creado')).toBeTruthy();
    // The default start is the next full hour (10:00), for one hour.
    expect(created).toEqual([
      expect.objectContaining({
        title: 'Revisión de diseño',
        type: 'meeting',
        priority: 'medium',
        isAllDay: false,
        startDate: new Date(2026, 10, 18, 10).toISOString(),
        endDate: new Date(2026, 10, 18, 11).toISOString(),
      }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nuevo Evento' })).toBeNull());
  }, 40_000);

  it('hides "Nuevo Evento" from whoever may not write to the calendar', async () => {
    useSessionStore.setState({ user: buildUser({ role: 'client', permissions: ['calendar.read'] }) });
    renderWithProviders(<CalendarPage />, '/calendar');
    expect(await screen.findByText('Reunión con Los Pinos')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nuevo Evento' })).toBeNull();
  }, 40_000);
});
