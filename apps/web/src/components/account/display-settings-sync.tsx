import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { publicSettingsQuery } from '../../lib/public-settings';
import { useDisplayStore } from '../../stores/display-store';

/**
 * Copies the company's time zone and clock (`GET /settings/public`, Configuración → Zona horaria /
 * Formato de hora) into the display store the date formatters read (decision 123). The user's
 * own date format comes with their preferences (`ServerPreferencesSync`).
 */
export function DisplaySettingsSync() {
  const { data } = useQuery(publicSettingsQuery);
  const setCompany = useDisplayStore((state) => state.setCompany);
  useEffect(() => {
    if (data) setCompany({ timeZone: data.timezone, timeFormat: data.timeFormat });
  }, [data, setCompany]);
  return null;
}
