import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationListQuerySchema,
  notificationListSchema,
} from '../../../domain/notifications.ts';
import { requireUser } from '../../plugins/access.ts';
import { HttpError } from '../../plugins/errors.ts';
import { countUnread, listNotifications, markAllRead, markRead } from './repository.ts';

const idParams = z.object({
  id: z.string().min(1, 'Notification ID is required').max(100, 'Notification not found'),
});

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications',
    {
      config: { access: 'signed-in' },
      schema: {
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const [notifications, unreadCount] = await Promise.all([
        listNotifications(app.db, user.id, request.query.limit),
        countUnread(app.db, user.id),
      ]);
      return { notifications, unreadCount };
    },
  );

  app.patch(
    '/api/notifications/:id/read',
    { config: { access: 'signed-in' }, schema: { params: idParams } },
    async (request, reply) => {
      const user = requireUser(request);
      // Someone else's notification is answered exactly like one that does not exist.
      if (!(await markRead(app.db, user.id, request.params.id))) {
        throw new HttpError(404, 'notification.not_found');
      }
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/notifications/read-all',
    { config: { access: 'signed-in' } },
    async (request, reply) => {
      await markAllRead(app.db, requireUser(request).id);
      return reply.status(204).send();
    },
  );
};
