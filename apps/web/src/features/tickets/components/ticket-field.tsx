import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A label and its value on one row of the ticket detail's cards (the value wraps anywhere). */
export function TicketField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" ta="right" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}
