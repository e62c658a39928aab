import { Badge, type BadgeProps } from '@mantine/core';

interface ColorBadgeProps extends Omit<BadgeProps, 'color' | 'variant'> {
  /** A Mantine palette name ('blue', 'yellow' …) from the shared label/colour maps. */
  color: string;
  children: React.ReactNode;
}

/**
 * Light badge whose text uses shade 9 (light scheme) / 2 (dark scheme) of its colour, so even
 * yellow and cyan labels reach WCAG AA contrast (Mantine's light variant uses shade 6).
 */
export function ColorBadge({ color, children, ...props }: ColorBadgeProps) {
  return (
    <Badge
      variant="light"
      color={color}
      c={`light-dark(var(--mantine-color-${color}-9), var(--mantine-color-${color}-2))`}
      {...props}
    >
      {children}
    </Badge>
  );
}
