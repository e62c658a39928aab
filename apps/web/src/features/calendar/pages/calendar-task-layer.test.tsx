import {
  CalendarStatsSchema,
  type CalendarTask,
  CalendarTasksResponseSchema,
  DEFAULT_BUSINESS_HOURS,
  GetBusinessHoursResponseSchema,
  ListEventsResponseSchema,
  STORAGE_KEYS,
} from '@agencia/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCalendarEvent, buildCalendarStats, buildUser } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { CalendarPage } from './calendar-page';

/*
 * The calendar's task layer (issue 45, decision 165): due dates as all-day entries with their own
 * mark, a switch remembered per user, and a click that opens the task's drawer on its project.
 */

const PROJECT_ID = 'a0000000-0000-4000-8000-000000000001';
const TASK: CalendarTask = {
  _id: 'b0000000-0000-4000-8000-000000000001',
  title: 'Entregar artes de Navidad',
  dueDate: '2026-11-20',
  status: 'in_progress',
  priority: 'high',
  project: { _id: PROJECT_ID, title: 'Campaña Los Pinos' },
  assignedToMe: true,
};
const MEETING = buildCalendarEvent({
  _id: 'e0000000-0000-4000-8000-000000000001',
  title: 'Reunión con Los Pinos',
  startDate: new Date(2026, 10, 18, 10).toISOString(),
  endDate: new Date(2026, 10, 18, 11).toISOString(),
});

let taskCalls: Record<string, string>[] = [];
const USER = buildUser({ role: 'admin', permissions: ['calendar.read', 'calendar.write', 'projects.read'] });

describe('CalendarPage task layer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 18, 9, 0));
    localStorage.clear();
    taskCalls = [];
    useSessionStore.setState({ user: USER });
    server.use(
      http.get(apiUrl('/calendar'), () => ok(ListEventsResponseSchema, { events: [MEETING] })),
      http.get(apiUrl('/calendar/upcoming'), () => ok(ListEventsResponseSchema, { events: [] })),
      http.get(apiUrl('/calendar/stats'), () => ok(CalendarStatsSchema, buildCalendarStats())),
      http.get(apiUrl('/settings/business-hours'), () =>
        ok(GetBusinessHoursResponseSchema, { businessHours: DEFAULT_BUSINESS_HOURS }),
      ),
      http.get(apiUrl('/calendar/tasks'), ({ request }) => {
        taskCalls.push(Object.fromEntries(new URL(request.url).searchParams));
        return ok(CalendarTasksResponseSchema, { tasks: [TASK], truncated: false });
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
    useSessionStore.getState().logout();
  });

  it('shows due dates of the visible days as marked all-day entries; a click opens the task drawer', async () => {
    const { router } = renderWithProviders(<CalendarPage />, '/calendar');
    const entry = await screen.findByText('Entregar artes de Navidad');
    // The month grid of November 2026 runs from Monday 26 October to Sunday 6 December.
    expect(taskCalls.at(-1)).toEqual({ start_date: '2026-10-26', end_date: '2026-12-06' });
    const link = entry.closest('[role="button"]') as HTMLElement;
    // Not colour alone: the entry is named a task and its tooltip names the project.
    expect(link.textContent).toContain('Tarea: Entregar artes de Navidad');
    expect(link.getAttribute('title')).toBe('Tarea: Entregar artes de Navidad · Campaña Los Pinos');
    expect(link.className).toContain('agencia-task-event');
    // Events keep their own look.
    const meeting = (await screen.findByText('Reunión con Los Pinos')).closest(
      '[role="button"]',
    ) as HTMLElement;
    expect(meeting.textContent).not.toContain('Tarea:');
    // The entry sits in the cell of its due date.
    expect(link.closest('[data-date]')?.getAttribute('data-date')).toBe('2026-11-20');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/${PROJECT_ID}`));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      tab: 'tareas',
      tarea: TASK._id,
    });
  }, 40_000);

  it('the switch hides the layer and is remembered for this user', async () => {
    const first = renderWithProviders(<CalendarPage />, '/calendar');
    await screen.findByText('Entregar artes de Navidad');
    const toggle = screen.getByRole('switch', { name: /Tareas/ }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.queryByText('Entregar artes de Navidad')).toBeNull());
    expect(screen.getByText('Reunión con Los Pinos')).toBeTruthy();
    expect(localStorage.getItem(`${STORAGE_KEYS.calendarTaskLayer}:${USER._id}`)).toBe('0');
    first.unmount();

    // Back on the calendar: the layer stays off and the tasks are not even asked for.
    taskCalls = [];
    renderWithProviders(<CalendarPage />, '/calendar');
    await screen.findByText('Reunión con Los Pinos');
    expect((screen.getByRole('switch', { name: /Tareas/ }) as HTMLInputElement).checked).toBe(false);
    expect(taskCalls).toEqual([]);
    expect(screen.queryByText('Entregar artes de Navidad')).toBeNull();

    // Another user on this browser has their own choice (on by default).
    useSessionStore.setState({
      user: buildUser({
        _id: 'c0000000-0000-4000-8000-000000000009',
        role: 'employee',
        permissions: ['calendar.read'],
      }),
    });
    expect(await screen.findByText('Entregar artes de Navidad')).toBeTruthy();
  }, 40_000);
});
