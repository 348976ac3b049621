import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileKinds } from '../../../domain/files.ts';
import {
  adminTaskListQuerySchema,
  adminTaskListSchema,
  adminTaskSchema,
  myTaskDetailSchema,
  myTaskListSchema,
  taskInputSchema,
  taskListQuerySchema,
  taskStatusUpdateSchema,
} from '../../../domain/tasks.ts';
import type { User } from '../../../domain/users.ts';
import { requireUser } from '../../plugins/access.ts';
import { fieldError, DomainError } from '../../errors.ts';
import { acceptMultipart, receiveUpload } from '../../uploads/receive.ts';
import { sendStoredFile } from '../../uploads/send.ts';
import { findTaskRow, listAdminTasks, listMyTasks } from './repository.ts';
import { taskFileKey } from './upload-repository.ts';
import { taskUploadRules } from './upload-rules.ts';
import { resumableUploadRoutes } from './resumable-upload-routes.ts';
import { taskReviewRoutes } from './review-routes.ts';
import { findUploadFor } from './upload-access.ts';
import {
  assertAcceptsFiles,
  countFilesHeld,
  createTask,
  deleteMyUpload,
  deleteTask,
  moveMyTask,
  myTaskDetail,
  saveMyUploads,
  setTaskStatus,
  updateTask,
  type ReceivedTaskFile,
} from './service.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });
const uploadParams = z.object({ id: z.string().min(1).max(100), uploadId: z.string().max(100) });

/**
 * Tasks (spec sections 2 to 9, issue 10): the administrators' list and changes, each creator's own
 * tasks, their uploads (streamed, checked by their bytes, all or nothing), and the files
 * themselves at /objects/tasks/{uploadId}, for their uploader and staff only.
 */
export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { uploadMaxBytes } = app.deps.config.tasks;

  /** Receives a creator's files into storage, within the task's rules, and records them. */
  async function receiveFiles(request: FastifyRequest, taskId: string, user: User) {
    await assertAcceptsFiles(request.deps.db, taskId, user.id);
    const task = await findTaskRow(request.deps.db, taskId);
    if (!task) throw new DomainError('not_found', 'task.not_found');
    const held = await countFilesHeld(request.deps.db, taskId, user.id, app.deps.clock());
    const rules = taskUploadRules(task, held, uploadMaxBytes);
    if (rules.maxFiles === 0) {
      throw fieldError('invalid', 'files', 'task.too_many_files', rules.params);
    }
    const upload = await receiveUpload(request, rules, {
      async store(bytes) {
        const uploadId = randomUUID();
        const fileKey = taskFileKey(taskId, uploadId);
        await request.deps.storage.put(fileKey, bytes);
        return { uploadId, fileKey };
      },
      discard: ({ fileKey }) => request.deps.storage.delete(fileKey),
    });
    const files: ReceivedTaskFile[] = upload.files.map((file) => ({
      ...file.stored,
      fileName: file.fileName.slice(0, 255),
      fileType: fileKinds[file.kind].mimeType,
      fileSize: file.size,
    }));
    try {
      return await saveMyUploads(request.deps, { taskId, user, files });
    } catch (error) {
      await Promise.all(files.map((file) => request.deps.storage.delete(file.fileKey)));
      throw error;
    }
  }

  await app.register(async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    acceptMultipart(routes);

    routes.get(
      '/api/admin/tasks',
      {
        config: { access: 'admin' },
        schema: {
          querystring: adminTaskListQuerySchema,
          response: { 200: adminTaskListSchema },
        },
      },
      async (request) => listAdminTasks(request.deps.db, request.query),
    );

    routes.post(
      '/api/admin/tasks',
      {
        config: { access: 'admin' },
        schema: { body: taskInputSchema, response: { 201: adminTaskSchema } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await createTask(request.deps, { fields: request.body, admin: requireUser(request) }),
          ),
    );

    routes.put(
      '/api/admin/tasks/:id',
      {
        config: { access: 'admin' },
        schema: { params: idParams, body: taskInputSchema, response: { 200: adminTaskSchema } },
      },
      async (request) => updateTask(request.deps, { id: request.params.id, fields: request.body }),
    );

    routes.delete(
      '/api/admin/tasks/:id',
      { config: { access: 'admin' }, schema: { params: idParams } },
      async (request, reply) => {
        await deleteTask(request.deps, { id: request.params.id });
        return reply.status(204).send();
      },
    );

    routes.patch(
      '/api/admin/tasks/:id/status',
      {
        config: { access: 'admin' },
        schema: {
          params: idParams,
          body: taskStatusUpdateSchema,
          response: { 200: adminTaskSchema },
        },
      },
      async (request) =>
        setTaskStatus(request.deps, {
          id: request.params.id,
          status: request.body.status,
          admin: requireUser(request),
        }),
    );

    // The spec's two addresses of the creator's list answer the same.
    for (const url of ['/api/tasks', '/api/tasks/my-tasks']) {
      routes.get(
        url,
        {
          config: { access: 'creator' },
          schema: { querystring: taskListQuerySchema, response: { 200: myTaskListSchema } },
        },
        async (request) => listMyTasks(request.deps.db, requireUser(request).id, request.query),
      );
    }

    routes.get(
      '/api/tasks/:id',
      {
        config: { access: 'creator' },
        schema: { params: idParams, response: { 200: myTaskDetailSchema } },
      },
      async (request) =>
        myTaskDetail(request.deps, { taskId: request.params.id, user: requireUser(request) }),
    );

    routes.patch(
      '/api/tasks/:id/status',
      {
        config: { access: 'creator' },
        schema: {
          params: idParams,
          body: taskStatusUpdateSchema,
          response: { 200: myTaskDetailSchema },
        },
      },
      async (request) =>
        moveMyTask(request.deps, {
          taskId: request.params.id,
          user: requireUser(request),
          status: request.body.status,
        }),
    );

    routes.post(
      '/api/tasks/:id/upload',
      {
        config: { access: 'creator' },
        schema: { params: idParams, response: { 200: myTaskDetailSchema } },
      },
      async (request) => receiveFiles(request, request.params.id, requireUser(request)),
    );

    routes.delete(
      '/api/tasks/:id/uploads/:uploadId',
      { config: { access: 'creator' }, schema: { params: uploadParams } },
      async (request, reply) => {
        await deleteMyUpload(request.deps, {
          taskId: request.params.id,
          uploadId: request.params.uploadId,
          user: requireUser(request),
        });
        return reply.status(204).send();
      },
    );

    // A task file: its uploader and administrators only; anyone else 404, as if it did not exist.
    routes.get(
      '/objects/tasks/:uploadId',
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
        return sendStoredFile(request, reply, {
          mimeType: upload.fileType,
          size: Number(upload.fileSize),
          fileName: upload.fileName,
          disposition: 'inline',
          cacheControl: 'private, max-age=3600',
          open: (range) => request.deps.storage.get(upload.fileKey, range),
        });
      },
    );
  });

  await app.register(resumableUploadRoutes);
  await app.register(taskReviewRoutes);
};
