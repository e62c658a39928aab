import { VisuallyHidden } from '@mantine/core';
import { type NotificationData, notificationsStore } from '@mantine/notifications';
import { isValidElement, type ReactNode, useEffect } from 'react';
import { announce, registerLiveRegion } from '../../lib/live-region';

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

// Stable ref callbacks: an inline arrow would unregister and register again on every render.
const politeRef = (element: HTMLDivElement | null) => registerLiveRegion('polite', element);
const assertiveRef = (element: HTMLDivElement | null) => registerLiveRegion('assertive', element);

/**
 * The two live regions of the app (decision 112), in the DOM and empty from the first render:
 * polite (`role="status"`) and assertive (`role="alert"`). Every toast — shown through
 * `notifications.show`/`update` anywhere, `lib/toast.ts` included — is written into the matching
 * one as it is shown (queued toasts too); `lib/live-region.ts` `announce()` serves the rest
 * (realtime updates without a toast). Mount once, at the app root.
 */
export function LiveRegions() {
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

  return (
    <VisuallyHidden>
      <div role="status" aria-live="polite" data-live-region="polite" ref={politeRef} />
      <div role="alert" aria-live="assertive" data-live-region="assertive" ref={assertiveRef} />
    </VisuallyHidden>
  );
}
