import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { getErrorMessage } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';

/**
 * Asks for confirmation in a Mantine confirm modal (the pattern of `use-delete-project.tsx` and
 * the files tab), then runs `remove` and toasts the outcome: green `done` or the server's message.
 */
export function confirmDelete(options: {
  title: string;
  message: string;
  remove: () => Promise<unknown>;
  done: { title: string; message: string };
  failure: string;
}) {
  modals.openConfirmModal({
    title: options.title,
    children: <Text size="sm">{options.message}</Text>,
    labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
    confirmProps: { color: 'red' },
    onConfirm: async () => {
      try {
        await options.remove();
        toastSuccess(options.done.title, options.done.message);
      } catch (error) {
        toastError('Error', getErrorMessage(error, options.failure));
      }
    },
  });
}
