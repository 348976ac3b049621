import contentDisposition from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminTaskDetailSchema, taskReviewInputSchema } from '../../../domain/tasks.ts';
import { requireUser } from '../../plugins/access.ts';
import { HttpError } from '../../plugins/errors.ts';
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
export const taskReviewRoutes = fp(
  async (app: FastifyInstance) => {
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
        const task = await findTaskRow(app.db, id);
        if (!task) throw new HttpError(404, 'task.not_found');
        const assignment = await findAssignment(app.db, id, userId);
        if (!assignment) throw new HttpError(404, 'task.assignee_not_found');
        const [uploads, creator] = await Promise.all([
          uploadsOf(app.db, id, userId),
          findUserById(app.db, userId),
        ]);
        const archive = zipStoredFiles(
          app.storage,
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
        const upload = await findUploadFor(app.db, request.params.uploadId, requireUser(request));
        const key = upload.thumbnailKey;
        if (!key) throw new HttpError(404, 'task.upload_not_found');
        return sendStoredFile(request, reply, {
          mimeType: 'image/webp',
          size: await app.storage.size(key),
          fileName: `${upload.fileName}.webp`,
          disposition: 'inline',
          cacheControl: 'private, max-age=3600',
          open: (range) => app.storage.get(key, range),
        });
      },
    );
  },
  { name: 'task-reviews', dependencies: ['deps', 'access'] },
);
