import { EVENT_PRIORITY_LABELS, EVENT_TYPE_LABELS } from '@agencia/shared';

export const typeOptions = Object.entries(EVENT_TYPE_LABELS).map(([value, label]) => ({ value, label }));
export const priorityOptions = Object.entries(EVENT_PRIORITY_LABELS).map(([value, label]) => ({
  value,
  label,
}));

/** Event times in es-DO (spec doc 2 §9: "event times use a Colombian locale"; the product is Dominican). */
export const formatEventDate = (iso: string, allDay = false) =>
  new Intl.DateTimeFormat(
    'es-DO',
    allDay
      ? { dateStyle: 'full' }
      : { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' },
  ).format(new Date(iso));
