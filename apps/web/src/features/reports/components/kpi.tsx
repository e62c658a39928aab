import { Card, Group, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Growth against the previous period: an arrow and '+n% vs. período anterior', or 'Sin datos…'. */
export function Growth({ value }: { value: number | null }) {
  if (value === null)
    return (
      <Text size="xs" c="dimmed">
        Sin datos del período anterior
      </Text>
    );
  const up = value > 0;
  const Icon = value === 0 ? IconMinus : up ? IconArrowUpRight : IconArrowDownRight;
  // Palette names, not shades: their `-text` token reads at 4.5:1 in both schemes (decision 108).
  const color = value === 0 ? 'dimmed' : up ? 'teal' : 'red';
  return (
    <Group gap={2}>
      <Icon size={16} color={`var(--mantine-color-${color}${value === 0 ? '' : '-text'})`} aria-hidden />
      <Text size="xs" c={color} fw={600}>
        {up ? '+' : ''}
        {value}% vs. período anterior
      </Text>
    </Group>
  );
}

/** A KPI card of /reports: label, value and either its growth or a hint. */
export function Kpi({
  label,
  value,
  growth,
  hint,
}: {
  label: string;
  value: string;
  growth?: number | null;
  hint?: ReactNode;
}) {
  return (
    <Card withBorder radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value}
      </Text>
      {growth !== undefined ? <Growth value={growth} /> : hint}
    </Card>
  );
}
