import { Fragment, type ReactNode } from 'react';
import { useDisplayKey } from '../../stores/display-store';

/**
 * Makes a changed display setting (the user's date format, the company's time zone or clock,
 * decision 123) show at once: the date formatters read the display store without subscribing,
 * so this wrapper subscribes for them and renders `children` again from scratch when a setting
 * changes. The app wraps the router in it: the router keeps the location and the query cache
 * keeps the data, so the screen comes back as it was, with the dates rewritten (unsaved local
 * state, such as an open modal, is reset; the settings change rarely).
 */
export function DisplayRefresh({ children }: { children: ReactNode }) {
  const key = useDisplayKey();
  return <Fragment key={key}>{children}</Fragment>;
}
