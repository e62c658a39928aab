import { LEADS_CHANGED_EVENT } from '@agencia/shared';
import { type Effects, effects, type StoredNotifications } from '../../lib/effects.js';

/**
 * Effects of a write to the pipeline (decision 120): the stored notifications, then
 * `leads:changed {leadId}` to staff (the screens refetch; the payload carries no data, so an
 * employee without `leads.read` learns nothing from it).
 */
export function leadsChanged(leadId: string | null, notifications: StoredNotifications = []): Effects {
  return effects({
    notifications,
    messages: [{ event: LEADS_CHANGED_EVENT, payload: { leadId }, roles: ['admin', 'employee'] }],
  });
}
