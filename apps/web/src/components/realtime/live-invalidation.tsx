import { useQueryClient } from '@tanstack/react-query';
import { useSocketEvent } from './realtime-provider';

/**
 * Server events → query invalidation, so every open screen shows changes made elsewhere
 * without reloading. Keys are the features' top-level query keys ('tickets', 'calendar',
 * 'dashboard', 'notifications'); features do not import each other, the shell owns this map.
 */
export const LIVE_INVALIDATIONS: Record<string, string[][]> = {
  'ticket:created': [['tickets'], ['dashboard']],
  'ticket:updated': [['tickets'], ['dashboard']],
  'calendar:changed': [['calendar']],
  // Task boards, drawers, "Mis tareas" and the dashboard's task card (decision 165).
  'tasks:changed': [['tasks'], ['task']],
  // Decision 170: the pipeline board, a lead's detail and the report's pipeline card.
  'leads:changed': [['leads'], ['reports', 'pipeline']],
  notification: [['notifications']],
  'notifications:read': [['notifications']],
};

function Listener({ event, keys }: { event: string; keys: string[][] }) {
  const queryClient = useQueryClient();
  useSocketEvent(event, () => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  });
  return null;
}

/** Mount once inside the realtime provider. */
export function LiveInvalidation() {
  return (
    <>
      {Object.entries(LIVE_INVALIDATIONS).map(([event, keys]) => (
        <Listener key={event} event={event} keys={keys} />
      ))}
    </>
  );
}
