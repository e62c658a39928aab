import { z } from 'zod';
import { PaginationSchema, pageQueryFields } from './pagination.js';

/**
 * Notification topics a user can switch on or off (spec doc 2 §9 "Notification topics"),
 * with their Spanish labels and defaults ('invoices generated' is off by default).
 * `system` (security and account messages, new leads for admins) is always delivered.
 */
export const NOTIFICATION_TOPICS = [
  { id: 'projectAssigned', label: 'Nuevos proyectos asignados', default: true },
  { id: 'ticketComments', label: 'Comentarios en tickets', default: true },
  { id: 'deadlines', label: 'Fechas límite', default: true },
  { id: 'clientMessages', label: 'Mensajes de clientes', default: true },
  { id: 'projectStatus', label: 'Cambios de estado de proyectos', default: true },
  { id: 'invoicesGenerated', label: 'Facturas generadas', default: false },
  { id: 'paymentsReceived', label: 'Pagos recibidos', default: true },
  /** Tasks assigned to me and mentions in task comments (issue 45). */
  { id: 'tasks', label: 'Tareas asignadas y menciones', default: true },
] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number]['id'] | 'system';
export const NotificationTopicSchema = z.enum([
  'projectAssigned',
  'ticketComments',
  'deadlines',
  'clientMessages',
  'projectStatus',
  'invoicesGenerated',
  'paymentsReceived',
  'tasks',
  'system',
] satisfies NotificationTopic[]);

/**
 * A user's notification preferences (spec doc 2 §3: emailNotifications, pushNotifications,
 * marketingEmails, plus the topics of §9). Stored on the server per user.
 */
export const NotificationPreferencesSchema = z.object({
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  marketingEmails: z.boolean(),
  topics: z.record(z.string(), z.boolean()),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** Defaults for a new user: email and in-app on, marketing off, topics per {@link NOTIFICATION_TOPICS}. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  emailNotifications: true,
  pushNotifications: true,
  marketingEmails: false,
  topics: Object.fromEntries(NOTIFICATION_TOPICS.map((t) => [t.id, t.default])),
};

/** True when `prefs` (possibly partial or null) lets `topic` through. `system` always passes. */
export function topicEnabled(
  prefs: Partial<NotificationPreferences> | null | undefined,
  topic: NotificationTopic,
): boolean {
  if (topic === 'system') return true;
  const value = prefs?.topics?.[topic];
  return value ?? NOTIFICATION_TOPICS.find((t) => t.id === topic)?.default ?? true;
}

/** A stored in-app notification as the API returns it. */
export const NotificationSchema = z.object({
  _id: z.uuid(),
  topic: NotificationTopicSchema,
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** Socket.io event carrying a new notification to its recipient (payload: {@link Notification}). */
export const NOTIFICATION_EVENT = 'notification';

/**
 * `GET /notifications` query: `page`/`limit` (default 20, max 100, decision 088); `unread=true`
 * keeps only unread ones.
 */
export const ListNotificationsQuerySchema = z.object({
  ...pageQueryFields(),
  unread: z.enum(['true', 'false'], { error: 'El filtro de no leídas debe ser true o false' }).optional(),
});
export type ListNotificationsQuery = z.input<typeof ListNotificationsQuerySchema>;

/**
 * `GET /notifications` answer: one page of the caller's own notifications, newest first
 * (`created_at desc, id desc`); `pagination.total` counts the rows matching the filter,
 * `unreadCount` all unread ones. The bell shows it as a feed with "Cargar más" (decision 102).
 */
export const ListNotificationsResponseSchema = z.object({
  notifications: z.array(NotificationSchema),
  unreadCount: z.number().int(),
  pagination: PaginationSchema,
});
export type ListNotificationsResponse = z.infer<typeof ListNotificationsResponseSchema>;

/** `GET /notifications/unread-count` answer. */
export const UnreadCountResponseSchema = z.object({ unreadCount: z.number().int() });

/** An outbox email as admins read it in the portal (`GET /notifications/outbox`). */
export const OutboxEmailSchema = z.object({
  _id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxEmail = z.infer<typeof OutboxEmailSchema>;
export const ListOutboxResponseSchema = z.object({ emails: z.array(OutboxEmailSchema) });

/** Socket event telling a user's other tabs that notifications were read (payload none). */
export const NOTIFICATIONS_READ_EVENT = 'notifications:read';
