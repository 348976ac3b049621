import contentDisposition from 'content-disposition';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { compensationApi } from '../../../domain/api/compensation.ts';
import { requireUser } from '../../plugins/access.ts';
import { routeOf } from '../../routes.ts';
import { compensationsOf, listCompensations } from './repository.ts';
import {
  adminExport,
  compensationHistoryOf,
  createCompensation,
  creatorExport,
  publishCompensation,
  updateCompensation,
} from './service.ts';

/** A CSV download: compensation is private, so no cache keeps a copy. */
function sendCsv(reply: FastifyReply, fileName: string, csv: Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'private, no-store')
    .send(csv);
}

/**
 * Compensation (docs/product.md, "Pay"): administrators record, edit, publish and correct each
 * creator's monthly entries; creators read their own published entries. Both export a CSV.
 */
export const compensationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(compensationApi.list),
    handler: async (request) => listCompensations(request.deps.db, request.query),
  });

  app.route({
    ...routeOf(compensationApi.adminExport),
    handler: async (request, reply) => {
      const { year, userId } = request.query;
      return sendCsv(
        reply,
        `compensation-${year ?? 'all-years'}.csv`,
        adminExport(request.deps, {
          year,
          userId,
          language: requireUser(request).preferredLanguage,
        }),
      );
    },
  });

  app.route({
    ...routeOf(compensationApi.historyOf),
    handler: async (request) =>
      compensationHistoryOf(request.deps, { userId: request.params.userId }),
  });

  app.route({
    ...routeOf(compensationApi.create),
    handler: async (request, reply) =>
      reply.status(201).send(
        await createCompensation(request.deps, {
          fields: request.body,
          admin: requireUser(request),
        }),
      ),
  });

  app.route({
    ...routeOf(compensationApi.update),
    handler: async (request) =>
      updateCompensation(request.deps, {
        id: request.params.id,
        changes: request.body,
        admin: requireUser(request),
      }),
  });

  app.route({
    ...routeOf(compensationApi.publish),
    handler: async (request) =>
      publishCompensation(request.deps, { id: request.params.id, admin: requireUser(request) }),
  });

  app.route({
    ...routeOf(compensationApi.mine),
    handler: async (request) =>
      compensationsOf(request.deps.db, requireUser(request).id, 'published'),
  });

  app.route({
    ...routeOf(compensationApi.myExport),
    handler: async (request, reply) => {
      const { year } = request.query;
      return sendCsv(
        reply,
        year === undefined ? 'my-compensation.csv' : `my-compensation-${year}.csv`,
        creatorExport(request.deps, { user: requireUser(request), year }),
      );
    },
  });
};
