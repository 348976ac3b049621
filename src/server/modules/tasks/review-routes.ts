import contentDisposition from 'content-disposition';

import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminTaskDetailSchema, taskReviewInputSchema } from '../../../domain/tasks.ts';
import { requireUser } from '../../plugins/access.ts';
import { DomainError } from '../../errors.ts';
import { sendStoredFile } from '../../uploads/send.ts';
import { archiveFileName, zipStoredFiles } from './archive.ts';
import { findUserById } from '../users/repository.ts';
import { findAssignment, findTaskRow } from './repository.ts';
import { adminTaskDetail, reviewSubmission } from './review-service.ts';
import { findUploadFor } from './upload-access.ts';
import { uploadsOf } from './upload-repository.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });
const assigneeParams = z.object({
  id: z.string().min(1).max(100),
  userId: z.string().min(1).max(100),
});

/**
 * The review loop of issue 11 (decision 0029): administrators see a task with every assignee's
 * files, judge each submission, and take one creator's files as a zip; thumbnails of the images
 * answer whoever may see the image itself.
 */
export const taskReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/admin/tasks/:id',
    {
      config: { access: 'admin' },
      schema: { params: idParams, response: { 200: adminTaskDetailSchema } },
    },
    async (request) => adminTaskDetail(request.deps, { id: request.params.id }),
  );

  routes.post(
    '/api/admin/tasks/:id/assignees/:userId/review',
    {
      config: { access: 'admin' },
      schema: {
        params: assigneeParams,
        body: taskReviewInputSchema,
        response: { 200: adminTaskDetailSchema },
      },
    },
    async (request) =>
      reviewSubmission(request.deps, {
        taskId: request.params.id,
        userId: request.params.userId,
        decision: request.body.decision,
        feedback: request.body.feedback,
        reviewer: requireUser(request),
      }),
  );

  // Streamed as it is read from storage: never built in memory or on disk.
  routes.get(
    '/api/admin/tasks/:id/assignees/:userId/archive.zip',
    { config: { access: 'admin' }, schema: { params: assigneeParams } },
    async (request, reply) => {
      const { id, userId } = request.params;
      const task = await findTaskRow(request.deps.db, id);
      if (!task) throw new DomainError('not_found', 'task.not_found');
      const assignment = await findAssignment(request.deps.db, id, userId);
      if (!assignment) throw new DomainError('not_found', 'task.assignee_not_found');
      const [uploads, creator] = await Promise.all([
        uploadsOf(request.deps.db, id, userId),
        findUserById(request.deps.db, userId),
      ]);
      const archive = zipStoredFiles(
        request.deps.storage,
        uploads.map((upload) => ({ ...upload, fileSize: Number(upload.fileSize) })),
      );
      const size = await archive.size;
      reply
        .header('content-type', 'application/zip')
        .header(
          'content-disposition',
          contentDisposition(archiveFileName(task.title, creator?.username ?? userId)),
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff');
      if (size >= 0) reply.header('content-length', size);
      return reply.send(archive.stream);
    },
  );

  routes.get(
    '/objects/tasks/:uploadId/thumbnail',
    {
      config: { access: 'signed-in' },
      schema: { params: z.object({ uploadId: z.string().max(100) }) },
    },
    async (request, reply) => {
      const upload = await findUploadFor(
        request.deps.db,
        request.params.uploadId,
        requireUser(request),
      );
      const key = upload.thumbnailKey;
      if (!key) throw new DomainError('not_found', 'task.upload_not_found');
      return sendStoredFile(request, reply, {
        mimeType: 'image/webp',
        size: await request.deps.storage.size(key),
        fileName: `${upload.fileName}.webp`,
        disposition: 'inline',
        cacheControl: 'private, max-age=3600',
        open: (range) => request.deps.storage.get(key, range),
      });
    },
  );
};
