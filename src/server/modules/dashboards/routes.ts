import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDashboardSchema, influencerDashboardSchema } from '../../../domain/dashboards.ts';
import { isDatabaseReachable } from '../../db/database.ts';
import { requireUser } from '../../plugins/access.ts';
import { DomainError } from '../../errors.ts';
import { firstStepsOf } from '../users/repository.ts';
import { adminFigures, influencerFigures } from './figures.ts';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/dashboard',
    { config: { access: 'admin' }, schema: { response: { 200: adminDashboardSchema } } },
    async (request) => {
      // The same probe as the health check; without a database there are no figures to show.
      if (!(await isDatabaseReachable(request.deps.db))) {
        throw new DomainError('unavailable', 'server.database_unreachable');
      }
      const { previousSignInAt } = await firstStepsOf(request.deps.db, requireUser(request).id);
      // No backups are made by the application yet, so the last one is honestly "never".
      return {
        previousSignInAt,
        ...(await adminFigures(request.deps.db)),
        system: { database: 'connected' as const, lastBackupAt: null },
      };
    },
  );

  app.get(
    '/api/dashboard',
    { config: { access: 'creator' }, schema: { response: { 200: influencerDashboardSchema } } },
    async (request) => influencerFigures(request.deps.db, requireUser(request)),
  );
};
