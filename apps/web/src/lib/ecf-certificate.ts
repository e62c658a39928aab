/** Days before its expiry from which the e-CF certificate is flagged (issue 26: 30 days). */
export const CERTIFICATE_WARNING_DAYS = 30;

const DAY_MS = 86_400_000;

/** Where the e-CF signing certificate stands: valid, expiring within 30 days, or expired. */
export type CertificateExpiry =
  | { state: 'valid'; daysLeft: number }
  | { state: 'expiring'; daysLeft: number }
  | { state: 'expired'; daysLeft: number };

/**
 * The state of a certificate valid until `validTo` (ISO instant) at `now`: `expiring` when fewer
 * than {@link CERTIFICATE_WARNING_DAYS} days are left, `expired` once the instant has passed.
 * `daysLeft` rounds up (a certificate ending in 3 hours has 1 day left) and is 0 when expired.
 * Read by Configuración → Fiscal and the admin dashboard.
 */
export function certificateExpiry(validTo: string, now: Date = new Date()): CertificateExpiry {
  const left = new Date(validTo).getTime() - now.getTime();
  if (left <= 0) return { state: 'expired', daysLeft: 0 };
  const daysLeft = Math.ceil(left / DAY_MS);
  return { state: daysLeft <= CERTIFICATE_WARNING_DAYS ? 'expiring' : 'valid', daysLeft };
}

/** "1 día" / "12 días". */
export const daysText = (n: number) => `${n} ${n === 1 ? 'día' : 'días'}`;
