import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled value of the client detail's cards. */
export function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {/* A long e-mail or web address breaks rather than running out of its card (WCAG 1.4.10). */}
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
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
