import { NOTIFICATIONS } from '@agencia/shared/constants';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { ToastAnnouncements } from './toast-announcements';

/**
 * Mantine's notification container, the one place every toast shows (decision 093):
 * bottom-right from 768 px, where no screen keeps its primary actions; on phones at the top,
 * full width, at most three stacked. Every toast is also read through the app's live regions
 * (`ToastAnnouncements`, decision 112).
 *
 * Its own module so that `app/providers.tsx` can load it on demand: a dynamic
 * `import('@mantine/notifications')` there kept the whole package (container, transitions,
 * scroll-lock helpers) in the entry chunk, because the live regions imported its store
 * statically (decision 134).
 */
export function ToastContainer() {
  const phone = useMediaQuery('(max-width: 47.99em)');
  return (
    <>
      <ToastAnnouncements />
      <Notifications
        limit={phone ? 3 : NOTIFICATIONS.limit}
        autoClose={NOTIFICATIONS.autoClose}
        position={phone ? 'top-center' : NOTIFICATIONS.position}
        styles={{
          root: phone
            ? { width: 'calc(100% - 1rem)', maxWidth: 'none' }
            : { width: NOTIFICATIONS.width, maxWidth: 'calc(100% - 2rem)' },
        }}
      />
    </>
  );
}
