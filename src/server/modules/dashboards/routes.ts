import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardsApi } from '../../../domain/api/dashboards.ts';
import { requireUser } from '../../plugins/access.ts';
import { routeOf } from '../../routes.ts';
import { adminDashboard, creatorDashboard } from './service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(dashboardsApi.admin),
    handler: async (request) => adminDashboard(request.deps, requireUser(request)),
  });

  app.route({
    ...routeOf(dashboardsApi.creator),
    handler: async (request) => creatorDashboard(request.deps, requireUser(request)),
  });
};
