/**
 * Public entry of the calendar feature (decision 118): other features import only this file.
 * Settings → Integraciones shows the same iCalendar feed panel as the calendar screen.
 */
export { FeedPanel } from './components/feed-panel';
