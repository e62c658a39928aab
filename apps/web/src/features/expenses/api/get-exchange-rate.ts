import { useRateForDay } from '../../../lib/exchange-rate-api';

/**
 * The dollar rate a purchase dated `date` takes (its day's or the latest of the 7 before it, as
 * the API applies it: decisions 137 and 163); null when none is stored. Admins only.
 */
export const useUsdRate = (date: string, enabled: boolean) => useRateForDay('USD', date, enabled);
