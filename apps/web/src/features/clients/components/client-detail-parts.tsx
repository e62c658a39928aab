import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled value of the client detail's cards. */
export function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** The centred line of an empty tab. */
export function Empty({ text }: { text: string }) {
  return (
    <Text c="dimmed" ta="center" py="lg">
      {text}
    </Text>
  );
}
