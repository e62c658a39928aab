import {
  BUSINESS_TIME_ZONE,
  type DateFormat,
  DEFAULT_DATE_FORMAT,
  DEFAULT_TIME_FORMAT,
  type TimeFormat,
} from '@agencia/shared/date-settings';
import { create } from 'zustand';

/**
 * How the portal writes dates (decision 123): the signed-in user's numeric date format
 * (Perfil → Preferencias, `GET /auth/preferences`), the company's time zone for instants and its
 * clock (Configuración → Zona horaria / Formato de hora, `GET /settings/public`). Set by
 * `DisplaySettingsSync`; read by the formatters in `lib/format.ts` and
 * `features/billing-shared/components/format.ts`; components that write dates subscribe to it with
 * `useDateDisplay()` so that a change shows at once on the screens already rendered.
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
 * Subscribes the calling component to the display settings (decision 123): it renders again when
 * the user's date format or the company's time zone or clock changes, so the dates it writes with
 * the formatters of `lib/format.ts` (which read the store without subscribing) follow at once,
 * without remounting anything. Every component that formats a date calls it; a web test
 * (`date-display-subscription.test.ts`) fails when a file formats dates without it.
 */
export function useDateDisplay(): void {
  useDisplayStore((state) => `${state.dateFormat}|${state.timeZone}|${state.timeFormat}`);
}
