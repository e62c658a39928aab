import { Modal } from '@mantine/core';
import { FeedPanel } from './feed-panel';

/** Private iCalendar feed in a modal (calendar page): see FeedPanel. */
export function FeedModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Sincronizar calendario" size="lg">
      <FeedPanel enabled={opened} />
    </Modal>
  );
}
