import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { influencerListQuerySchema, influencerListSchema } from '../../../domain/compensation.ts';
import { listInfluencers } from './overview-repository.ts';

/** The influencers overview: creators with their pay figures, the stat cards and the chart. */
export const influencerOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/influencers',
    {
      config: { access: 'admin' },
      schema: { querystring: influencerListQuerySchema, response: { 200: influencerListSchema } },
    },
    async (request) => listInfluencers(request.deps.db, request.query, request.deps.clock()),
  );
};
