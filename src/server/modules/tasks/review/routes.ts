import contentDisposition from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tasksApi } from '../../../../domain/api/tasks.ts';
import { requireUser } from '../../../plugins/access.ts';
import { routeOf } from '../../../routes.ts';
import { recordExport } from '../../audit/service.ts';
import { adminTaskDetail, assigneeArchive, reviewSubmission } from './service.ts';

/**
 * The review loop (decision 0029): administrators see a task with every assignee's files, judge
 * each submission, and take one creator's files as a zip.
 */
export const taskReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(tasksApi.adminDetail),
    handler: async (request) => adminTaskDetail(request.deps, { id: request.params.id }),
  });

  app.route({
    ...routeOf(tasksApi.review),
    handler: async (request) =>
      reviewSubmission(request.deps, {
        taskId: request.params.id,
        userId: request.params.userId,
        decision: request.body.decision,
        feedback: request.body.feedback,
        reviewer: requireUser(request),
      }),
  });

  // Streamed as it is read from storage: never built in memory or on disk.
  app.route({
    ...routeOf(tasksApi.assigneeArchive),
    handler: async (request, reply) => {
      const archive = await assigneeArchive(request.deps, {
        taskId: request.params.id,
        userId: request.params.userId,
      });
      await recordExport(request.deps, { user: requireUser(request), file: archive.fileName });
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition(archive.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff');
      if (archive.size >= 0) reply.header('content-length', archive.size);
      return reply.send(archive.stream);
    },
  });
};
