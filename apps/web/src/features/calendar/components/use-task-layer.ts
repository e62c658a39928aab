import { STORAGE_KEYS } from '@agencia/shared';
import { useCallback, useState } from 'react';

function storageKey(userId: string | undefined): string {
  return `${STORAGE_KEYS.calendarTaskLayer}:${userId ?? 'anon'}`;
}

function readLayer(userId: string | undefined): boolean {
  try {
    return localStorage.getItem(storageKey(userId)) !== '0';
  } catch {
    return true;
  }
}

/**
 * Whether the calendar shows the task layer (due dates of tasks), remembered per user in this
 * browser's localStorage (`agencia-rd-calendar-tasks:<userId>`); on by default.
 */
export function useTaskLayer(userId: string | undefined): [boolean, (on: boolean) => void] {
  const [state, setState] = useState(() => ({ userId, on: readLayer(userId) }));
  // Another user signing in on the same tab reads their own choice.
  const on = state.userId === userId ? state.on : readLayer(userId);
  const set = useCallback(
    (next: boolean) => {
      try {
        localStorage.setItem(storageKey(userId), next ? '1' : '0');
      } catch {
        // Private mode without storage: the choice lasts for this page only.
      }
      setState({ userId, on: next });
    },
    [userId],
  );
  return [on, set];
}
