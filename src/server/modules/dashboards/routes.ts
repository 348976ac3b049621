import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardsApi } from '../../../domain/api/dashboards.ts';
import { requireUser } from '../../plugins/access.ts';
import { routeOf } from '../../routes.ts';
import { claimScheduledBackup, runBackup, scheduleCheckMs } from '../../backups/runs.ts';
import { runPeriodically } from '../../plugins/schedule.ts';
import { adminDashboard, backUpNow, creatorDashboard } from './service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(dashboardsApi.admin),
    handler: async (request) => adminDashboard(request.deps, requireUser(request)),
  });

  app.route({
    ...routeOf(dashboardsApi.backUpNow),
    handler: async (request, reply) =>
      reply.code(202).send(await backUpNow(request.deps, requireUser(request))),
  });

  app.route({
    ...routeOf(dashboardsApi.creator),
    handler: async (request) => creatorDashboard(request.deps, requireUser(request)),
  });
};

/** Every process schedules the backup; each round runs in one of them (decision 0051). */
export const backupSchedule: FastifyPluginAsyncZod = async (app) => {
  if (app.deps.config.backups.intervalHours <= 0) return;
  runPeriodically(app, {
    name: 'Taking the scheduled backup',
    everyMs: scheduleCheckMs,
    // The round is claimed before the server is ready, so a process never plans with a time
    // older than its first answer (a late plan would move back a round another process has
    // just claimed); the backup itself is not awaited: one due at start-up must not hold the
    // server's start.
    run: async () => {
      if (!(await claimScheduledBackup(app.deps))) return;
      void runBackup(app.deps, 'schedule').catch((error: unknown) =>
        app.log.error({ err: error }, 'The scheduled backup could not start'),
      );
    },
  });
};
