import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { catalogues } from '../domain/locales/index.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { mailDelivery } from './mail/schedule.ts';
import { closeDeps, createDeps, type Clock, type Deps } from './deps.ts';
import { applicationRoutes } from './modules/applications/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { compensationRoutes } from './modules/compensation/routes.ts';
import { creatorOverviewRoutes } from './modules/compensation/overview-routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { backupSchedule, dashboardRoutes } from './modules/dashboards/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { taskRoutes } from './modules/tasks/routes.ts';
import { adminUserRoutes, ownAccountRoutes } from './modules/users/routes.ts';
import { ensureAdministrator } from './modules/users/service.ts';
import { seedTranslations } from './modules/content/repository.ts';
import { accessPlugin } from './plugins/access.ts';
import { clientFilesPlugin } from './pages/client-files.ts';
import { pagesPlugin } from './pages/plugin.ts';
import { errorBody } from './errors.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { jsonBodyPlugin } from './plugins/json-body.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { securityPlugin } from './plugins/security.ts';
import { serializerCompiler } from './plugins/serializer.ts';
import { unreadBodiesPlugin } from './plugins/unread-bodies.ts';

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

/** Brings the database to the latest schema and seeds what a fresh installation needs. */
async function prepareDatabase(deps: Deps): Promise<void> {
  const applied = await migrateToLatest(deps);
  if (applied.length) deps.log.info({ migrations: applied }, 'Applied database migrations');
  const added = await seedTranslations(deps.db, catalogues, deps.clock());
  if (added) deps.log.info({ added }, 'Added new translation keys');
  await ensureAdministrator(deps);
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
    // The router matches no parameter longer than this; beyond it a request is told the endpoint
    // does not exist. Ids are at most 100 characters by their own rule (decision 0040), which
    // must be what refuses a longer one. The request line is bounded by the 16 KB header limit.
    routerOptions: { maxParamLength: 16 * 1024 },
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

  const deps = await createDeps(config, {
    log: app.log,
    database: options.database,
    clock: options.clock,
  });
  app.decorate('deps', deps);
  app.decorateRequest('deps', null as unknown as Deps);
  app.addHook('onRequest', async (request) => {
    request.deps = { ...deps, log: request.log };
  });
  app.addHook('onClose', () => closeDeps(deps));
  await prepareDatabase(deps);

  await app.register(errorsPlugin);
  await app.register(unreadBodiesPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(securityPlugin, { config });
  await app.register(accessPlugin);
  await app.register(openApiPlugin, { config });
  await app.register(mailDelivery);

  await app.register(healthRoutes);
  await app.register(authRoutes, { config });
  await app.register(ownAccountRoutes);
  await app.register(adminUserRoutes);
  await app.register(notificationRoutes);
  await app.register(dashboardRoutes);
  await app.register(backupSchedule);
  await app.register(applicationRoutes);
  await app.register(taskRoutes);
  await app.register(compensationRoutes);
  await app.register(creatorOverviewRoutes);
  await app.register(auditRoutes);
  await app.register(contentRoutes, { config });

  await app.register(clientFilesPlugin, { clientDir: options.clientDir });
  await app.register(pagesPlugin, { config, clientDir: options.clientDir });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The dependencies with the application's log: for start-up code and periodic jobs. */
    deps: Deps;
  }
  interface FastifyRequest {
    /** The dependencies with this request's log (its lines carry the request id). */
    deps: Deps;
  }
}
