import {
  BUSINESS_TIME_ZONE,
  type DateFormat,
  DEFAULT_DATE_FORMAT,
  DEFAULT_TIME_FORMAT,
  type TimeFormat,
} from '@agencia/shared/dates';
import { create } from 'zustand';

/**
 * How the portal writes dates (decision 123): the signed-in user's numeric date format
 * (Perfil → Preferencias, `GET /auth/preferences`), the company's time zone for instants and its
 * clock (Configuración → Zona horaria / Formato de hora, `GET /settings/public`). Set by
 * `DisplaySettingsSync`; read by the formatters in `lib/format.ts` and
 * `features/billing/components/format.ts`. `DisplayRefresh` subscribes to it so that a change
 * shows at once on the screens already rendered.
 */
export interface DisplayState {
  dateFormat: DateFormat;
  timeZone: string;
  timeFormat: TimeFormat;
  setDateFormat: (dateFormat: DateFormat) => void;
  setCompany: (company: { timeZone: string; timeFormat: TimeFormat }) => void;
}

/** Display settings; defaults DD/MM/YYYY, America/Santo_Domingo, 12 h until the server answers. */
export const useDisplayStore = create<DisplayState>()((set) => ({
  dateFormat: DEFAULT_DATE_FORMAT,
  timeZone: BUSINESS_TIME_ZONE,
  timeFormat: DEFAULT_TIME_FORMAT,
  setDateFormat: (dateFormat) => set({ dateFormat }),
  setCompany: ({ timeZone, timeFormat }) => set({ timeZone, timeFormat }),
}));

/**
 * One string that changes whenever a display setting does (subscribed: the calling component
 * re-renders on a change). `DisplayRefresh` keys the routed tree on it.
 */
export function useDisplayKey(): string {
  return useDisplayStore((state) => `${state.dateFormat}|${state.timeZone}|${state.timeFormat}`);
}
