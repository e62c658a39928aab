import { type BusinessHours, DEFAULT_BUSINESS_HOURS } from '@agencia/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCalendarEvent } from '../../../../test/factories';
import { renderWithProviders } from '../../../../test/render';
import { CalendarView } from './calendar-view';

/** A whole es-DO 12-hour time: '3:00 p. m.', never ':0', '11 :0' or '3: 00' (issue 32). */
const WHOLE_TIME = /^\d{1,2}:\d{2} [ap]\. m\.$/;

const MEETING = buildCalendarEvent({
  _id: 'e0000000-0000-4000-8000-000000000011',
  title: 'Reunión de lanzamiento con Los Pinos',
  startDate: new Date(2026, 10, 18, 15).toISOString(),
  endDate: new Date(2026, 10, 18, 16).toISOString(),
});
const CALL = buildCalendarEvent({
  _id: 'e0000000-0000-4000-8000-000000000012',
  title: 'Llamada de seguimiento',
  type: 'call',
  startDate: new Date(2026, 10, 18, 11).toISOString(),
  endDate: new Date(2026, 10, 18, 11, 30).toISOString(),
});

const originalMatchMedia = window.matchMedia;

/** Makes the phone query ('max-width: 47.99em') match, as at 390 px, or not (1440 px). */
function viewport(phone: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: phone && query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

function renderCalendar(businessHours: BusinessHours = DEFAULT_BUSINESS_HOURS) {
  return renderWithProviders(
    <CalendarView
      events={[MEETING, CALL]}
      businessHours={businessHours}
      onRangeChange={() => {}}
      onDateClick={() => {}}
      onEventClick={() => {}}
      onEventChange={() => {}}
      canDrag={false}
    />,
    '/calendar',
  );
}

/**
 * The time grid's shaded (non-business) spans as [from, to] hours: FullCalendar positions each
 * block with inline `top` / `height`, the whole day's column being 24 equal hours tall.
 */
function shadedHours(container: HTMLElement): number[][] {
  const boxes = [...container.querySelectorAll('.agencia-non-business')]
    .map((el) => el.parentElement as HTMLElement)
    .filter((box) => box.style.top !== '');
  const spans = boxes.map((box) => [Number.parseFloat(box.style.top), Number.parseFloat(box.style.height)]);
  const hourPx = Math.max(...spans.map(([top, height]) => top! + height!)) / 24;
  return spans.map(([top, height]) => [top! / hourPx, (top! + height!) / hourPx]);
}

const selectedView = () =>
  screen
    .getAllByRole('tab')
    .filter((tab) => tab.getAttribute('aria-selected') === 'true')
    .map((tab) => tab.textContent);

describe('CalendarView', () => {
  beforeEach(() => {
    // Only the clock: "today" is Wednesday 18 November 2026.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 18, 9, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
    window.matchMedia = originalMatchMedia;
  });

  it("opens the week's agenda on a phone, each event with its whole time and title", async () => {
    viewport(true);
    renderCalendar();
    expect(await screen.findByText('Reunión de lanzamiento con Los Pinos')).toBeTruthy();
    expect(selectedView()).toEqual(['Lista']);
    // The agenda's time column: one element per time, whole.
    expect(screen.getByText('3:00 p. m.').textContent).toMatch(WHOLE_TIME);
    expect(screen.getByText('11:00 a. m.').textContent).toMatch(WHOLE_TIME);
    expect(screen.getByText('Llamada de seguimiento')).toBeTruthy();
  }, 40_000);

  it("prints a phone's day grid times whole and on one line", async () => {
    viewport(true);
    const { container } = renderCalendar();
    fireEvent.click(await screen.findByRole('tab', { name: /^Día/ }));
    const event = await screen.findByText('Reunión de lanzamiento con Los Pinos');
    const box = event.closest('.agencia-event') as HTMLElement;
    const time = within(box).getByText('3:00 p. m.');
    expect(time.textContent).toMatch(WHOLE_TIME);
    // No wrapping inside the time; calendar-theme.css hides it where it would not fit whole.
    expect(time.style.whiteSpace).toBe('nowrap');
    expect(time.className).toBe('agencia-event-time');
    // Time-grid events are sized by calendar-theme.css container queries (whole lines only).
    expect(box.closest('.agencia-column-event')).toBeTruthy();
    // Every event time the grid prints is whole.
    const times = [...container.querySelectorAll('.agencia-event-time')].map((t) => t.textContent);
    expect(times.length).toBeGreaterThan(0);
    for (const text of times) expect(text).toMatch(WHOLE_TIME);
  }, 40_000);

  it("shows a phone's month cells one line per event, no time, never split inside a word", async () => {
    viewport(true);
    const { container } = renderCalendar();
    fireEvent.click(await screen.findByRole('tab', { name: /^Mes/ }));
    const title = await screen.findByText('Reunión de lanzamiento con Los Pinos');
    expect(title.className).toContain('agencia-event-line');
    expect(container.querySelector('.agencia-event-time')).toBeNull();
  }, 40_000);

  it('opens the month grid on a desktop, times whole before each title', async () => {
    viewport(false);
    const { container } = renderCalendar();
    expect(await screen.findByText('Reunión de lanzamiento con Los Pinos')).toBeTruthy();
    expect(selectedView()).toEqual(['Mes']);
    const times = [...container.querySelectorAll('.agencia-event-time')].map((t) => t.textContent);
    expect(times).toEqual(['11:00 a. m.', '3:00 p. m.']);
  }, 40_000);

  it("shades the company's business hours it is given, not a constant (decision 145)", async () => {
    viewport(false);
    // Open on Wednesdays 10:00–12:00 only: today's day grid shades 0–10 h and 12–24 h.
    const open = renderCalendar([{ dayOfWeek: 3, startTime: '10:00', endTime: '12:00' }]);
    fireEvent.click(await screen.findByRole('tab', { name: /^Día/ }));
    await screen.findByText('Reunión de lanzamiento con Los Pinos');
    expect(shadedHours(open.container)).toEqual([
      [0, 10],
      [12, 24],
    ]);
    open.unmount();
    // Open on Thursdays only: Wednesday is closed, shaded from 0 to 24 h.
    const closed = renderCalendar([{ dayOfWeek: 4, startTime: '08:00', endTime: '17:00' }]);
    fireEvent.click(await screen.findByRole('tab', { name: /^Día/ }));
    await screen.findByText('Reunión de lanzamiento con Los Pinos');
    expect(shadedHours(closed.container)).toEqual([[0, 24]]);
  }, 40_000);
});
