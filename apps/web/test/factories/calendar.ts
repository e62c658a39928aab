import { type CalendarEvent, type CalendarStats, EVENT_TYPES } from '@agencia/shared';

// Test data builders: calendar events and stats.

/**
 * A one-hour medium-priority meeting the caller organises and may edit (no attendees, project or
 * client), on 2026-11-20 at 10:00 in Santo Domingo, with overrides.
 */
export function buildCalendarEvent(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    _id: '2b3c4d5e-6f70-4a81-9b2c-3d4e5f607001',
    title: 'Reunión de prueba',
    description: null,
    type: 'meeting',
    priority: 'medium',
    startDate: '2026-11-20T14:00:00.000Z',
    endDate: '2026-11-20T15:00:00.000Z',
    isAllDay: false,
    location: null,
    meetingLink: null,
    timezone: 'America/Santo_Domingo',
    organizer: {
      _id: '0b6e6f8e-2d0a-4c55-9a43-6c8b2f4f1a01',
      firstName: 'María',
      lastName: 'Pérez',
      email: 'maria@demo.do',
      avatar: null,
    },
    attendees: [],
    project: null,
    client: null,
    myStatus: null,
    canEdit: true,
    createdAt: '2026-11-01T14:00:00.000Z',
    updatedAt: '2026-11-01T14:00:00.000Z',
    ...overrides,
  };
}

/** `GET /calendar/stats` with no events (every type at zero), with overrides. */
export function buildCalendarStats(overrides: Partial<CalendarStats> = {}): CalendarStats {
  return {
    total: 0,
    today: 0,
    thisWeek: 0,
    meetings: 0,
    deadlines: 0,
    upcoming: 0,
    byType: Object.fromEntries(EVENT_TYPES.map((t) => [t, 0])) as CalendarStats['byType'],
    ...overrides,
  };
}
