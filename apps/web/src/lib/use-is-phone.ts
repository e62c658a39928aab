import { useMediaQuery } from '@mantine/hooks';

/** Media query of a phone-sized viewport: below Mantine's `sm` breakpoint (48em = 768 px). */
export const PHONE_QUERY = '(max-width: 47.99em)';

/**
 * True on a phone-sized viewport. Read on the first render (not in an effect), so a layout that
 * depends on it does not flash the desktop arrangement first.
 */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
}
