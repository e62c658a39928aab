import { type NotificationData, notificationsStore } from '@mantine/notifications';
import { isValidElement, type ReactNode, useEffect } from 'react';
import { announce } from '../../lib/live-region';

/** Plain text of a toast's title or message (strings, numbers, and the text inside elements). */
function nodeText(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(nodeText).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return nodeText(node.props.children);
  return '';
}

/** "Title. Message" as one sentence (no second full stop after "¡Listo!" or "Error:"). */
export function toastAnnouncement(toast: Pick<NotificationData, 'title' | 'message'>): string {
  const title = nodeText(toast.title).trim();
  const message = nodeText(toast.message).trim();
  if (!title || !message) return title || message;
  return /[.!?:…]$/.test(title) ? `${title} ${message}` : `${title}. ${message}`;
}

/** Errors (red toasts, or an explicit `role: 'alert'`) interrupt; every other toast waits. */
function isErrorToast(toast: NotificationData): boolean {
  return toast.color === 'red' || toast.role === 'alert';
}

/**
 * Writes every toast — shown through `lib/toast.ts`, the one way the portal shows one (decision
 * 150), or straight through Mantine's store in a test — into the app's live region that matches
 * it as it is shown (decision 112): errors into the assertive one, the rest into the polite one
 * (`LiveRegions`), queued toasts too.
 * Mounted with the toast container (`toast-container.tsx`), so the public pages load Mantine's
 * notification store only when they can show a toast (decision 134); the toasts queued before
 * it mounts are read at once.
 */
export function ToastAnnouncements() {
  useEffect(() => {
    // Toast id → text announced, so an update (loading → done) is read and a re-render is not.
    const announced = new Map<string, string>();
    const onChange = (state: { notifications: NotificationData[]; queue: NotificationData[] }) => {
      const present = new Set<string>();
      for (const toast of [...state.notifications, ...state.queue]) {
        const id = toast.id ?? '';
        present.add(id);
        const text = toastAnnouncement(toast);
        if (!text || announced.get(id) === text) continue;
        announced.set(id, text);
        announce(text, isErrorToast(toast) ? 'assertive' : 'polite');
      }
      for (const id of announced.keys()) if (!present.has(id)) announced.delete(id);
    };
    onChange(notificationsStore.getState());
    return notificationsStore.subscribe(onChange);
  }, []);
  return null;
}
