import { notifications } from '@mantine/notifications';

/** Success and error toasts of the portal's business areas: top-right (spec doc 2 §8). */
export function toastSuccess(title: string, message?: string): void {
  notifications.show({ color: 'green', title, message: message ?? '', position: 'top-right' });
}

/** Red toast, top-right (spec doc 2 §8 "Error toasts are red and appear top-right"). */
export function toastError(title: string, message?: string): void {
  notifications.show({ color: 'red', title, message: message ?? '', position: 'top-right' });
}
