import { Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One stat of a {@link StatGrid}: label, figure, an optional hint under it and a decorative icon.
 * The `data-stat-*` marks let the grid compact it on phones (issue 32).
 */
export function StatCard({
  label,
  value,
  hint,
  icon,
  color,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  /** Decorative (hidden on phones); give it `aria-hidden`. */
  icon?: ReactNode;
  /** Color of the figure. */
  color?: string;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="stat-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        {/* Amounts and labels wrap instead of being cut at 200 % text size (WCAG 1.4.4). */}
        <Stack gap={2} miw={0} style={{ overflowWrap: 'anywhere' }}>
          <Text size="sm" c="dimmed" data-stat-label>
            {label}
          </Text>
          <Text fw={700} fz="xl" c={color} data-stat-value>
            {value}
          </Text>
          {hint && (
            <Text size="xs" c="dimmed" data-stat-hint>
              {hint}
            </Text>
          )}
        </Stack>
        {icon && <div data-stat-icon>{icon}</div>}
      </Group>
    </Card>
  );
}
