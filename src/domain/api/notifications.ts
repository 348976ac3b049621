import { z } from 'zod';
import {
  notificationListQuerySchema,
  notificationListSchema,
  notificationPageQuerySchema,
  notificationPageSchema,
} from '../notifications.ts';
import { identifier } from '../text.ts';
import { endpoint } from './endpoint.ts';

const notificationParams = z.object({
  id: identifier({ required: 'Notification ID is required', tooLong: 'Notification not found' }),
});

/** A person's own notifications (the bell in the top bar). */
export const notificationsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/notifications',
    access: 'signed-in',
    summary: "The newest of the caller's notifications and how many are unread",
    query: notificationListQuerySchema,
    responses: { 200: notificationListSchema },
  }),
  page: endpoint({
    method: 'GET',
    path: '/api/notifications/all',
    access: 'signed-in',
    summary: "Every one of the caller's notifications, a page of 25 at a time, newest first",
    query: notificationPageQuerySchema,
    responses: { 200: notificationPageSchema },
  }),
  stream: endpoint({
    method: 'GET',
    path: '/api/notifications/stream',
    access: 'signed-in',
    summary:
      "The caller's new notifications as they are created (Server-Sent Events: each an event `notification` whose id is the notification's and whose data is the notification; a reconnection's Last-Event-ID is sent what came after it). 503 when the server holds too many streams.",
    produces: 'text/event-stream',
  }),
  markRead: endpoint({
    method: 'PATCH',
    path: '/api/notifications/:id/read',
    access: 'signed-in',
    summary: "Marks one of the caller's notifications read (204; 404 for anyone else's)",
    params: notificationParams,
  }),
  markAllRead: endpoint({
    method: 'POST',
    path: '/api/notifications/read-all',
    access: 'signed-in',
    summary: "Marks all of the caller's notifications read (204)",
  }),
};
