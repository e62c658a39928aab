import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './calendar-theme.css';
import {
  type BusinessHours,
  CALENDAR,
  CALENDAR_TASK_HEX,
  type CalendarEvent,
  type CalendarTask,
  EVENT_TYPE_HEX,
  toCalendarBusinessHours,
  workdayStart,
} from '@agencia/shared';
import FullCalendar, { type DatesSetInfo, type EventChangeInfo } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import esLocale from '@fullcalendar/react/locales/es';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { IconSquareCheck } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useIsPhone } from '../../../lib/use-is-phone';
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

/** Mantine's `sm` breakpoint (48em = 768 px), the spec's mobile limit (doc 1 §9). */

/** Height of the week and day grids' scroller, which opens at the start of the working day. */
const TIME_GRID_HEIGHT = { phone: 520, desktop: 640 };

/** Ids of task-layer entries on the grid: `task:<taskId>` (events keep their own uuid). */
const TASK_PREFIX = 'task:';

/** FullCalendar's view of an entry's extra data: tasks carry `kind: 'task'`. */
type EntryArg = { event: { title: string; extendedProps: Record<string, unknown> } };
const isTask = (arg: EntryArg) => arg.event.extendedProps.kind === 'task';

/**
 * A task's mark before its title (the layer's look is not colour alone, WCAG 1.4.1): a checkbox
 * icon and, for screen readers, "Tarea:".
 */
function taskMark(arg: EntryArg) {
  return isTask(arg) ? (
    <>
      <IconSquareCheck size={12} aria-hidden className="agencia-task-icon" />
      <span className="agencia-visually-hidden">Tarea: </span>
    </>
  ) : null;
}

/**
 * Event content of the month and time grids: the time, bold and on one line (never "3: 00"),
 * then the title. calendar-theme.css fits the text to the event's box: whole lines, the last one
 * ellipsized, and no time where it would not fit whole.
 */
function gridEvent(arg: EntryArg & { timeText: string }) {
  return (
    <div className="agencia-event">
      {taskMark(arg)}
      {arg.timeText && (
        <>
          <b className="agencia-event-time" style={{ whiteSpace: 'nowrap' }}>
            {arg.timeText}
          </b>{' '}
        </>
      )}
      <span className="agencia-event-title">{arg.event.title}</span>
    </div>
  );
}

/**
 * Month-grid event content on phones: the title alone on one line, ellipsized (a ~45 px cell
 * broke words inside their letters, "Reunió n", issue 32); the time is in the tooltip, the agenda
 * and "Próximos eventos".
 */
function lineEvent(arg: EntryArg) {
  return (
    <div className="agencia-event agencia-event-line">
      {taskMark(arg)}
      {arg.event.title}
    </div>
  );
}

/**
 * FullCalendar per spec doc 2 §2/§9: month by default (the week's agenda on phones, issue 32),
 * week, day and list-week; Spanish; 3 events per day then 'más eventos'; 30-minute slots; colours
 * by type; the time grids shade the hours outside `businessHours` (the company's, Configuración →
 * Empresa, decision 145) and open at the working week's earliest start. Clicking a date
 * calls `onDateClick`, clicking an event `onEventClick`; events the caller may edit can be
 * dragged or resized (`onEventChange`, which must call `revert` on failure). `tasks` (the task
 * layer, decision 165) show as all-day entries on their due date, teal with a checkbox mark and
 * never draggable; clicking one calls `onTaskClick`.
 */
export function CalendarView({
  events,
  businessHours,
  onRangeChange,
  onDateClick,
  onEventClick,
  onEventChange,
  canDrag,
  tasks = [],
  onTaskClick,
}: {
  events: CalendarEvent[];
  /** Due dates of the task layer (empty when the layer is off). */
  tasks?: CalendarTask[];
  onTaskClick?: (task: CalendarTask) => void;
  /** The company's working days (`GET /settings/business-hours`); read once for the initial scroll. */
  businessHours: BusinessHours;
  onRangeChange: (range: { start: string; end: string }) => void;
  onDateClick: (date: Date, allDay: boolean) => void;
  onEventClick: (id: string) => void;
  onEventChange: (info: EventChangeInfo) => void;
  canDrag: boolean;
}) {
  // Read on the first render: the initial view depends on it.
  const isMobile = useIsPhone();
  const input = useMemo(
    () => [
      ...events.map((e) => ({
        id: e._id,
        title: e.title,
        start: e.startDate,
        end: e.endDate,
        allDay: e.isAllDay,
        color: EVENT_TYPE_HEX[e.type],
        contrastColor: '#ffffff',
        editable: canDrag && e.canEdit,
      })),
      ...tasks.map((t) => ({
        id: `${TASK_PREFIX}${t._id}`,
        title: t.title,
        start: t.dueDate,
        allDay: true,
        color: CALENDAR_TASK_HEX,
        contrastColor: '#ffffff',
        className: 'agencia-task-event',
        editable: false,
        extendedProps: { kind: 'task', projectTitle: t.project.title },
      })),
    ],
    [events, tasks, canDrag],
  );
  const tasksById = useMemo(() => new Map(tasks.map((t) => [t._id, t])), [tasks]);
  const hours = useMemo(() => toCalendarBusinessHours(businessHours), [businessHours]);
  return (
    <div className="agencia-calendar">
      <FullCalendar
        plugins={[classicTheme, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        locale={esLocale}
        // Phones open the week's agenda: a month cell or a week column is too narrow to read.
        initialView={isMobile ? 'listWeek' : 'dayGridMonth'}
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
          dayGridMonth: { eventContent: isMobile ? lineEvent : gridEvent, height: 'auto' },
          list: { height: 'auto' },
          // The time grids scroll inside a fixed height, so they can open at the working day.
          timeGrid: {
            eventContent: gridEvent,
            contentHeight: isMobile ? TIME_GRID_HEIGHT.phone : TIME_GRID_HEIGHT.desktop,
          },
        }}
        // Hooks for calendar-theme.css: the hour labels keep one line height (the slots' height),
        // time-grid events size their text to their box, list titles wrap.
        slotHeaderInnerClass="agencia-slot-label"
        columnEventClass="agencia-column-event"
        // The list view keeps its own content (time and title); a task's title gets the
        // "Tarea:" mark from calendar-task-theme rules (calendar-theme.css).
        listItemEventTitleClass={(info: EntryArg) =>
          isTask(info) ? 'agencia-list-title agencia-task-title' : 'agencia-list-title'
        }
        businessHours={hours}
        nonBusinessHoursClass="agencia-non-business"
        scrollTime={workdayStart(businessHours)}
        dayMaxEvents={CALENDAR.dayMaxEvents}
        eventDisplay="block"
        // One time format across grid and lists: es-DO 12-hour, as formatEventDate (issue 18).
        eventTimeFormat={TIME_FORMAT}
        slotHeaderFormat={TIME_FORMAT}
        // The grid cuts long titles to its cell: the full title (and time) is the tooltip and the
        // accessible name of the event link, on hover and on focus.
        eventDidMount={(info) => {
          if (info.event.extendedProps.kind === 'task') {
            info.el.title = `Tarea: ${info.event.title} · ${String(info.event.extendedProps.projectTitle)}`;
            return;
          }
          const time =
            info.event.allDay || !info.event.start
              ? ''
              : ` · ${formatEventDate(info.event.start.toISOString())}`;
          info.el.title = `${info.event.title}${time}`;
        }}
        moreLinkText={(n: number) => `+${n} más eventos`}
        // A 24 px target at least (WCAG 2.5.8): the task layer fills days past three entries.
        moreLinkClass="agencia-more-link"
        noEventsText="No hay eventos para mostrar"
        allDayText="Todo el día"
        slotDuration={{ minutes: CALENDAR.slotMinutes }}
        firstDay={1}
        nowIndicator
        events={input}
        datesSet={(info: DatesSetInfo) =>
          onRangeChange({ start: info.start.toISOString(), end: info.end.toISOString() })
        }
        dateClick={(info) => onDateClick(info.date, info.allDay)}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          if (info.event.id.startsWith(TASK_PREFIX)) {
            const task = tasksById.get(info.event.id.slice(TASK_PREFIX.length));
            if (task) onTaskClick?.(task);
            return;
          }
          onEventClick(info.event.id);
        }}
        eventDrop={onEventChange}
        eventResize={onEventChange}
      />
    </div>
  );
}
