import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { mailPlugin } from './mail/mailer.ts';
import { applicationRoutes } from './modules/applications/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { compensationRoutes } from './modules/compensation/routes.ts';
import { influencerOverviewRoutes } from './modules/compensation/overview-routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { dashboardRoutes } from './modules/dashboards/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { taskRoutes } from './modules/tasks/routes.ts';
import { taskReminders } from './modules/tasks/reminders.ts';
import { adminUserRoutes, ownAccountRoutes } from './modules/users/routes.ts';
import { accessPlugin } from './plugins/access.ts';
import { clientPlugin } from './plugins/client.ts';
import { databasePlugin } from './plugins/database.ts';
import { depsPlugin, type Clock } from './plugins/deps.ts';
import { errorBody, errorsPlugin } from './plugins/errors.ts';
import { pagesPlugin } from './plugins/pages.ts';
import { securityPlugin } from './plugins/security.ts';
import { serializerCompiler } from './plugins/serializer.ts';
import { unreadBodiesPlugin } from './plugins/unread-bodies.ts';
import { storagePlugin } from './storage/storage.ts';

export interface BuildOptions {
  /** An already opened database (tests hand in a fresh copy); otherwise opened from config. */
  database?: DatabaseHandle;
  /** Where the built client lives; defaults to dist/client. */
  clientDir?: string;
  /** Where log lines go; defaults to stdout (tests read them to check what a 5xx logs). */
  logStream?: { write(line: string): void };
  /** The time as the whole application sees it; tests move it (due dates, retention). */
  clock?: Clock;
}

function answerUnreadableRequest(error: NodeJS.ErrnoException, socket: Socket) {
  if (!socket.writable || error.code === 'ECONNRESET') return socket.destroy();
  const body = JSON.stringify(errorBody('request.unreadable'));
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** The whole application, ready for `listen` or `inject`. It never listens itself. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization'],
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A sender that stops mid-body (or never sends one) does not hold a connection for ever.
    connectionTimeout: 60_000,
    // Node's own refusals (a broken request line) in the API's one error shape.
    clientErrorHandler: answerUnreadableRequest,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Once shutdown starts, in-flight answers close their keep-alive connection, so close() can finish.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
  });

  await app.register(errorsPlugin);
  await app.register(unreadBodiesPlugin);
  await app.register(securityPlugin, { config });
  await app.register(databasePlugin, { config, handle: options.database });
  await app.register(mailPlugin, { config });
  await app.register(storagePlugin, { config });
  await app.register(depsPlugin, { config, clock: options.clock });
  await app.register(accessPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes, { config });
  await app.register(ownAccountRoutes);
  await app.register(adminUserRoutes);
  await app.register(notificationRoutes);
  await app.register(dashboardRoutes);
  await app.register(applicationRoutes);
  await app.register(taskRoutes);
  await app.register(taskReminders);
  await app.register(compensationRoutes);
  await app.register(influencerOverviewRoutes);
  await app.register(contentRoutes, { config });

  await app.register(clientPlugin, { clientDir: options.clientDir });
  await app.register(pagesPlugin, { config, clientDir: options.clientDir });
  return app;
}
