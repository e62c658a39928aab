import { notifications } from '@mantine/notifications';

/*
 * The one way the portal shows a toast (issue 25, decision 150): green for a success, red for an
 * error, blue for news. No other module imports `@mantine/notifications` (the lint rule
 * `web-toasts-through-helper` of .dependency-cruiser.cjs), so colour, placement and what the
 * screen reader hears stay decided here and in the container.
 */

/**
 * Green toast of the portal's business areas, read politely to screen-reader users by the app's
 * live region (decision 112). Where it shows is decided once, by the container in
 * `app/providers.tsx` (bottom-right from 768 px, top and full width on phones) — spec doc 2 §8's
 * "top-right" is superseded by issue 18 (decision 093): no call site passes a position.
 */
export function toastSuccess(title: string, message?: string, options?: { autoClose?: number }): void {
  notifications.show({ color: 'green', title, message: message ?? '', ...options });
}

/**
 * Red toast (spec doc 2 §8 "Error toasts are red"); placed by the one container (decision 093).
 * Read at once through the assertive live region (every red toast is); other toasts go to the
 * polite one (`components/ui/toast-announcements.tsx`, decision 112).
 */
export function toastError(title: string, message?: string): void {
  notifications.show({ color: 'red', title, message: message ?? '' });
}

/**
 * Blue toast: news that is neither a success nor an error (a permission change, a notice pushed
 * by the server over the socket). Read politely like the green one (decision 112).
 */
export function toastInfo(title: string, message?: string): void {
  notifications.show({ color: 'blue', title, message: message ?? '' });
}
