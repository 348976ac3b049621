import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationsApi } from '../../../domain/api/notifications.ts';
import { requireUser } from '../../plugins/access.ts';
import { DomainError } from '../../errors.ts';
import { routeOf } from '../../routes.ts';
import { sessionCookieName } from '../auth/sessions.ts';
import {
  countUnread,
  latestNotifications,
  markAllRead,
  markRead,
  pageNotifications,
} from './repository.ts';
import { createNotificationStreams } from './streams.ts';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Listening before the first stream opens, so none misses what is announced after it opened.
  await app.deps.live.start();
  const streams = createNotificationStreams(app.deps, {
    max: app.deps.config.notifications.streamsMax,
  });
  // Before the server stops taking connections: open streams would hold its close up.
  app.addHook('preClose', async () => streams.close());

  app.route({
    ...routeOf(notificationsApi.list),
    handler: async (request) => {
      const user = requireUser(request);
      return latestNotifications(request.deps.db, user.id, request.query.limit);
    },
  });

  app.route({
    ...routeOf(notificationsApi.page),
    handler: async (request) => {
      const user = requireUser(request);
      const { db } = request.deps;
      const [page, unreadCount] = await Promise.all([
        pageNotifications(db, user.id, request.query),
        countUnread(db, user.id),
      ]);
      return { ...page, unreadCount };
    },
  });

  app.route({
    ...routeOf(notificationsApi.stream),
    handler: async (request, reply) => {
      const user = requireUser(request);
      // Fastify answers HEAD from the GET route: the head of a stream, and no stream.
      if (request.method === 'HEAD') {
        return reply
          .type('text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store')
          .send();
      }
      await streams.open(request, reply, user, request.cookies[sessionCookieName] ?? '');
      return reply;
    },
  });

  app.route({
    ...routeOf(notificationsApi.markRead),
    handler: async (request, reply) => {
      const user = requireUser(request);
      // Someone else's notification is answered exactly like one that does not exist.
      if (!(await markRead(request.deps.db, user.id, request.params.id))) {
        throw new DomainError('not_found', 'notification.not_found');
      }
      return reply.status(204).send();
    },
  });

  app.route({
    ...routeOf(notificationsApi.markAllRead),
    handler: async (request, reply) => {
      await markAllRead(request.deps.db, requireUser(request).id);
      return reply.status(204).send();
    },
  });
};
