import {
  TICKET_PRIORITY_COLORS,
  TICKET_PRIORITY_LABELS,
  TICKET_SEVERITY_COLORS,
  TICKET_SEVERITY_LABELS,
  TICKET_STATUS_COLORS,
  TICKET_STATUS_LABELS,
  TICKET_TYPE_LABELS,
  type TicketPriority,
  type TicketSeverity,
  type TicketStatus,
  type TicketType,
} from '@agencia/shared';
import { Badge } from '@mantine/core';

/** Status badge with the shared label and colour. */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return (
    <Badge color={TICKET_STATUS_COLORS[status]} variant="light">
      {TICKET_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Priority badge (spec doc 2 §9 colours). */
export function TicketPriorityBadge({ priority }: { priority: TicketPriority }) {
  return (
    <Badge color={TICKET_PRIORITY_COLORS[priority]} variant="outline">
      {TICKET_PRIORITY_LABELS[priority]}
    </Badge>
  );
}

export function TicketSeverityBadge({ severity }: { severity: TicketSeverity }) {
  return (
    <Badge color={TICKET_SEVERITY_COLORS[severity]} variant="dot">
      {TICKET_SEVERITY_LABELS[severity]}
    </Badge>
  );
}

export function TicketTypeBadge({ type }: { type: TicketType }) {
  return (
    <Badge color="gray" variant="light" tt="none">
      {TICKET_TYPE_LABELS[type]}
    </Badge>
  );
}

/** Select options from a label map. */
export const optionsOf = <K extends string>(labels: Record<K, string>) =>
  (Object.entries(labels) as Array<[K, string]>).map(([value, label]) => ({ value, label }));

/** "12 h" / "1.5 h" / "—". */
export const formatHours = (h: number | null | undefined) =>
  h == null ? '—' : `${Number.isInteger(h) ? h : h.toFixed(2).replace(/0$/, '')} h`;
