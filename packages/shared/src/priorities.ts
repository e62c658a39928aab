import { z } from 'zod';

/**
 * Priority shared by projects, tickets and events (spec doc 2 §4), with the Spanish labels and
 * the colours of §9 (urgent red, high orange, medium blue, low gray). Ordered most urgent first.
 */
export const PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export const PrioritySchema = z.enum(PRIORITIES, { error: 'Prioridad inválida' });
export type Priority = z.infer<typeof PrioritySchema>;
export const PRIORITY_LABELS: Record<Priority, string> = {
  urgent: 'Urgente',
  high: 'Alta',
  medium: 'Media',
  low: 'Baja',
};
export const PRIORITY_COLORS: Record<Priority, string> = {
  urgent: 'red',
  high: 'orange',
  medium: 'blue',
  low: 'gray',
};
