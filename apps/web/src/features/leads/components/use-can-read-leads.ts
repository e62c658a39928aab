import { useSessionStore } from '../../../stores/session-store';

/** True for admins and for users whose effective permissions hold `leads.read` (decision 170). */
export function useCanReadLeads(): boolean {
  return useSessionStore(
    (s) => s.user?.role === 'admin' || (s.user?.permissions ?? []).includes('leads.read'),
  );
}
