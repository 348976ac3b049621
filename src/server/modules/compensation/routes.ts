import contentDisposition from 'content-disposition';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import {
  adminCompensationSchema,
  compensationExportQuerySchema,
  compensationInputSchema,
  compensationListQuerySchema,
  compensationSchema,
  compensationUpdateSchema,
} from '../../../domain/compensation.ts';
import { requireUser } from '../../plugins/access.ts';
import { compensationsOf, listCompensations } from './repository.ts';
import {
  adminExport,
  compensationHistoryOf,
  createCompensation,
  creatorExport,
  publishCompensation,
  updateCompensation,
} from './service.ts';

// An empty id ('/api/admin/compensations//publish') is the spec's 'Compensation ID is required'.
const idParams = z.object({
  id: z.string().min(1, 'compensation.id_required').max(100, 'compensation.not_found'),
});
const userParams = z.object({
  userId: z.string().min(1, 'compensation.user_required').max(100, 'user.not_found'),
});

/** A CSV download: pay is private, so no cache keeps a copy. */
function sendCsv(reply: FastifyReply, fileName: string, csv: Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'private, no-store')
    .send(csv);
}

/**
 * Pay (spec sections 2 to 9, issue 12): administrators record, edit, publish and correct each
 * creator's monthly entries; creators read their own published pay. Both export a CSV.
 */
export const compensationRoutes: FastifyPluginAsyncZod = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/compensations',
    {
      config: { access: 'admin' },
      schema: {
        querystring: compensationListQuerySchema,
        response: { 200: z.array(compensationSchema) },
      },
    },
    async (request) => listCompensations(request.deps.db, request.query),
  );

  routes.get(
    '/api/admin/compensations/export.csv',
    { config: { access: 'admin' }, schema: { querystring: compensationExportQuerySchema } },
    async (request, reply) => {
      const { year, userId } = request.query;
      return sendCsv(
        reply,
        `compensation-${year ?? 'all-years'}.csv`,
        adminExport(request.deps, { year, userId }),
      );
    },
  );

  routes.get(
    '/api/admin/compensations/user/:userId',
    {
      config: { access: 'admin' },
      schema: { params: userParams, response: { 200: z.array(adminCompensationSchema) } },
    },
    async (request) => compensationHistoryOf(request.deps, { userId: request.params.userId }),
  );

  routes.post(
    '/api/admin/compensations',
    {
      config: { access: 'admin' },
      schema: { body: compensationInputSchema, response: { 201: compensationSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(
        await createCompensation(request.deps, {
          fields: request.body,
          admin: requireUser(request),
        }),
      ),
  );

  routes.put(
    '/api/admin/compensations/:id',
    {
      config: { access: 'admin' },
      schema: {
        params: idParams,
        body: compensationUpdateSchema,
        response: { 200: compensationSchema },
      },
    },
    async (request) =>
      updateCompensation(request.deps, {
        id: request.params.id,
        changes: request.body,
        admin: requireUser(request),
      }),
  );

  routes.post(
    '/api/admin/compensations/:id/publish',
    {
      config: { access: 'admin' },
      schema: { params: idParams, response: { 200: compensationSchema } },
    },
    async (request) =>
      publishCompensation(request.deps, { id: request.params.id, admin: requireUser(request) }),
  );

  routes.get(
    '/api/compensations',
    {
      config: { access: 'creator' },
      schema: { response: { 200: z.array(compensationSchema) } },
    },
    async (request) => compensationsOf(request.deps.db, requireUser(request).id, 'published'),
  );

  routes.get(
    '/api/compensations/export.csv',
    { config: { access: 'creator' } },
    async (request, reply) =>
      sendCsv(
        reply,
        'my-compensation.csv',
        creatorExport(request.deps, { user: requireUser(request) }),
      ),
  );
};
