import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '../../../domain/health.ts';
import { isDatabaseReachable } from '../../db/database.ts';

const version = process.env.npm_package_version ?? '0.0.0';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { response: { 200: healthSchema, 503: healthSchema } },
    },
    async (request, reply) => {
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
  );
};
