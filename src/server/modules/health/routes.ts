import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthApi } from '../../../domain/api/health.ts';
import { isDatabaseReachable } from '../../db/database.ts';
import { routeOf } from '../../routes.ts';

const version = process.env.npm_package_version ?? '0.0.0';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(healthApi.check),
    handler: async (request, reply) => {
      const connected = await isDatabaseReachable(request.deps.db);
      return reply
        .status(connected ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({
          status: connected ? 'ok' : 'unavailable',
          database: connected ? 'connected' : 'unreachable',
          uptimeSeconds: Math.round(process.uptime()),
          version,
        });
    },
  });
};
