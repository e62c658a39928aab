import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './calendar-theme.css';
import { CALENDAR, type CalendarEvent, EVENT_TYPE_HEX } from '@agencia/shared';
import FullCalendar, { type DatesSetInfo, type EventChangeInfo } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import esLocale from '@fullcalendar/react/locales/es';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo } from 'react';
import { formatEventDate } from './event-labels';

const VIEW_BUTTONS = {
  today: { text: 'Hoy', hint: 'Ir a hoy' },
  prev: { hint: 'Anterior' },
  next: { hint: 'Siguiente' },
  // Hints (the buttons' names) start with the visible text (WCAG 2.5.3, decision 108).
  dayGridMonth: { text: 'Mes', hint: 'Mes (vista mensual)' },
  timeGridWeek: { text: 'Semana', hint: 'Semana (vista semanal)' },
  timeGridDay: { text: 'Día', hint: 'Día (vista diaria)' },
  listWeek: { text: 'Lista', hint: 'Lista de la semana' },
};

const CLOCK = new Intl.DateTimeFormat('es-DO', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });

/**
 * es-DO 12-hour clock ('7:00 p. m.'), the format of the event lists (formatEventDate), for the
 * grid's event times and time slots. A formatter function, because FullCalendar's own meridiem
 * handling prints '7:00p. m.' in Spanish; `info.date` holds the calendar's wall-clock fields.
 */
const TIME_FORMAT = (info: { date: { hour: number; minute: number } }) =>
  CLOCK.format(Date.UTC(2000, 0, 1, info.date.hour, info.date.minute));

/** Event content of the month and week grids: bold time, then the title, wrapping (calendar-theme.css). */
function wrappedEvent(arg: { timeText: string; event: { title: string } }) {
  return (
    <div className="agencia-event">
      {arg.timeText && <b>{arg.timeText} </b>}
      {arg.event.title}
    </div>
  );
}

/** Month-grid event content on phones: the title only. */
function titleOnlyEvent(arg: { event: { title: string } }) {
  return <div className="agencia-event">{arg.event.title}</div>;
}

/**
 * FullCalendar per spec doc 2 §2/§9: month by default, week, day and list-week; Spanish;
 * 3 events per day then 'más eventos'; 30-minute slots; colours by type. Clicking a date
 * calls `onDateClick`, clicking an event `onEventClick`; events the caller may edit can be
 * dragged or resized (`onEventChange`, which must call `revert` on failure).
 */
export function CalendarView({
  events,
  onRangeChange,
  onDateClick,
  onEventClick,
  onEventChange,
  canDrag,
}: {
  events: CalendarEvent[];
  onRangeChange: (range: { start: string; end: string }) => void;
  onDateClick: (date: Date, allDay: boolean) => void;
  onEventClick: (id: string) => void;
  onEventChange: (info: EventChangeInfo) => void;
  canDrag: boolean;
}) {
  const isMobile = useMediaQuery('(max-width: 47.99em)') ?? false;
  const input = useMemo(
    () =>
      events.map((e) => ({
        id: e._id,
        title: e.title,
        start: e.startDate,
        end: e.endDate,
        allDay: e.isAllDay,
        color: EVENT_TYPE_HEX[e.type],
        contrastColor: '#ffffff',
        editable: canDrag && e.canEdit,
      })),
    [events, canDrag],
  );
  return (
    <div className="agencia-calendar">
      <FullCalendar
        plugins={[classicTheme, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        locale={esLocale}
        initialView="dayGridMonth"
        headerToolbar={
          isMobile
            ? { start: 'prev,next', center: 'title', end: 'today' }
            : {
                start: 'prev,next today',
                center: 'title',
                end: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek',
              }
        }
        footerToolbar={isMobile ? { center: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' } : undefined}
        buttons={VIEW_BUTTONS}
        // Month and week cells have room for more than one line: titles wrap there instead of
        // being cut to one ("Presenta", issue 18); the tooltip still carries the full title.
        views={{
          // A phone's month cell is ~45 px wide: the title alone, hyphenated (the time is in the
          // tooltip, the week and day views and "Próximos eventos").
          dayGridMonth: { eventContent: isMobile ? titleOnlyEvent : wrappedEvent },
          timeGrid: { eventContent: wrappedEvent },
        }}
        dayMaxEvents={CALENDAR.dayMaxEvents}
        eventDisplay="block"
        // One time format across grid and lists: es-DO 12-hour, as formatEventDate (issue 18).
        eventTimeFormat={TIME_FORMAT}
        slotHeaderFormat={TIME_FORMAT}
        // The grid cuts long titles to its cell: the full title (and time) is the tooltip and the
        // accessible name of the event link, on hover and on focus.
        eventDidMount={(info) => {
          const time =
            info.event.allDay || !info.event.start
              ? ''
              : ` · ${formatEventDate(info.event.start.toISOString())}`;
          info.el.title = `${info.event.title}${time}`;
        }}
        moreLinkText={(n: number) => `+${n} más eventos`}
        noEventsText="No hay eventos para mostrar"
        allDayText="Todo el día"
        slotDuration={{ minutes: CALENDAR.slotMinutes }}
        firstDay={1}
        nowIndicator
        height="auto"
        events={input}
        datesSet={(info: DatesSetInfo) =>
          onRangeChange({ start: info.start.toISOString(), end: info.end.toISOString() })
        }
        dateClick={(info) => onDateClick(info.date, info.allDay)}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          onEventClick(info.event.id);
        }}
        eventDrop={onEventChange}
        eventResize={onEventChange}
      />
    </div>
  );
}
