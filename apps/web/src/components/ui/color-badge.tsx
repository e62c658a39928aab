import { Badge, type BadgeProps } from '@mantine/core';

interface ColorBadgeProps extends Omit<BadgeProps, 'color' | 'variant'> {
  /** A Mantine palette name ('blue', 'yellow' …) from the shared label/colour maps. */
  color: string;
  children: React.ReactNode;
}

/**
 * Light badge of a palette colour. Its text colour comes from the theme's `-light-color` token,
 * which reaches WCAG AA contrast for every palette in both schemes (decision 108).
 */
export function ColorBadge({ color, children, style, ...props }: ColorBadgeProps) {
  // A status reads whole (issue 32): in a row the badge keeps its width and the text beside it gives.
  return (
    <Badge variant="light" color={color} style={{ flexShrink: 0, ...(style as object) }} {...props}>
      {children}
    </Badge>
  );
}
