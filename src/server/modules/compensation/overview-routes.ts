import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { compensationApi } from '../../../domain/api/compensation.ts';
import { routeOf } from '../../routes.ts';
import { listCreators } from './overview-repository.ts';

/** The overview of every creator: their compensation figures, the stat cards and the chart. */
export const creatorOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(compensationApi.creators),
    handler: async (request) => listCreators(request.deps.db, request.query, request.deps.clock()),
  });
};
