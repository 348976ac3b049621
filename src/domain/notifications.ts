import { z } from 'zod';
import { listQuerySchema, pageSchema } from './lists.ts';

export const notificationTypes = ['compensation', 'task', 'system'] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** The dropdown lists at most this many; the client polls every 30 s; the badge caps at 99+. */
export const notificationDropdownLimit = 10;
export const notificationPollMs = 30_000;
export const notificationBadgeMax = 99;

/**
 * The live stream of the bell (decision 0054): while it is open the bell checks only this often,
 * in case a notification came from where no stream hears (a command run on SQLite); the 30 s poll
 * returns when the stream is down.
 */
export const notificationStreamPollMs = 5 * 60_000;
/** Live streams one person may hold open; a sixth closes their oldest. */
export const notificationStreamsPerPerson = 5;
/** A reconnecting stream is sent at most this many of what it missed; the bell refetches anyway. */
export const notificationStreamCatchUpLimit = 100;
/** The names of the stream's events. */
export const notificationStreamEvents = { notification: 'notification' } as const;

export const notificationSchema = z.object({
  id: z.string(),
  userId: z.string(),
  title: z.string(),
  message: z.string(),
  type: z.enum(notificationTypes),
  relatedId: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications?limit=N (default 10, at most 100). */
export const notificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(notificationDropdownLimit),
});

/** The newest notifications first, and how many of all the person's notifications are unread. */
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** GET /api/notifications/all?page=N: every notification, 25 to a page (the full list). */
export const notificationPageQuerySchema = listQuerySchema.pick({ page: true });
export type NotificationPageQuery = z.infer<typeof notificationPageQuerySchema>;

/** One page of them, newest first, with how many of all are unread (for "Mark all read"). */
export const notificationPageSchema = pageSchema(notificationSchema).extend({
  unreadCount: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** What a notification holds when the server's notify() stores it, checked before it is. */
export const notificationInputSchema = z.object({
  title: z
    .string({ error: 'notification.title_required' })
    .trim()
    .min(1, 'notification.title_required')
    .max(200),
  message: z
    .string({ error: 'notification.message_required' })
    .trim()
    .min(1, 'notification.message_required'),
  type: z.enum(notificationTypes),
  relatedId: z.string().nullish(),
});
export type NotificationInput = z.input<typeof notificationInputSchema>;
