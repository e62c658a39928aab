import {
  PROJECT_PRIORITY_COLORS,
  PROJECT_PRIORITY_LABELS,
  PROJECT_STATUS_COLORS,
  PROJECT_STATUS_LABELS,
  type ProjectPriority,
  type ProjectStatus,
} from '@agencia/shared';
import { ColorBadge } from '../../../components/ui/color-badge';

/** Project status badge with the colours of spec doc 2 §4. */
export function ProjectStatusBadge({ status, size }: { status: ProjectStatus; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <ColorBadge color={PROJECT_STATUS_COLORS[status]} size={size}>
      {PROJECT_STATUS_LABELS[status]}
    </ColorBadge>
  );
}

/** Project priority badge (urgent red, high orange, medium blue, low gray). */
export function ProjectPriorityBadge({
  priority,
  size,
}: {
  priority: ProjectPriority;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <ColorBadge color={PROJECT_PRIORITY_COLORS[priority]} size={size}>
      Prioridad {PROJECT_PRIORITY_LABELS[priority].toLowerCase()}
    </ColorBadge>
  );
}
