import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tasksApi } from '../../../domain/api/tasks.ts';
import { requireUser } from '../../plugins/access.ts';
import { routeOf } from '../../routes.ts';
import { acceptMultipart, receiveUpload } from '../../uploads/receive.ts';
import { sendStoredFile } from '../../uploads/send.ts';
import { listAdminTasks, listMyTasks } from './list-repository.ts';
import { taskReminders } from './reminders/schedule.ts';
import { resumableUploadRoutes } from './resumable-uploads/routes.ts';
import { discardUnfinishedUpload, listUnfinishedUploads } from './resumable-uploads/service.ts';
import { taskReviewRoutes } from './review/routes.ts';
import {
  createTask,
  deleteTask,
  moveMyTask,
  myTaskDetail,
  setTaskStatus,
  updateTask,
} from './service.ts';
import { strayFileSweep } from './stray-files.ts';
import {
  deleteMyUpload,
  openUpload,
  openUploadThumbnail,
  openUploadView,
  uploadMyFiles,
} from './upload-service.ts';

/** How long a browser may keep an uploaded file or thumbnail it was allowed to open. */
const uploadCacheControl = 'private, max-age=3600';

/** The administrators' list of tasks and their changes. */
const adminTaskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(tasksApi.adminList),
    handler: async (request) => listAdminTasks(request.deps.db, request.query),
  });

  app.route({
    ...routeOf(tasksApi.create),
    handler: async (request, reply) => {
      const task = await createTask(request.deps, {
        fields: request.body,
        admin: requireUser(request),
      });
      return reply.status(201).send(task);
    },
  });

  app.route({
    ...routeOf(tasksApi.update),
    handler: async (request) =>
      updateTask(request.deps, { id: request.params.id, fields: request.body }),
  });

  app.route({
    ...routeOf(tasksApi.remove),
    handler: async (request, reply) => {
      await deleteTask(request.deps, { id: request.params.id });
      return reply.status(204).send();
    },
  });

  app.route({
    ...routeOf(tasksApi.setStatus),
    handler: async (request) =>
      setTaskStatus(request.deps, {
        id: request.params.id,
        status: request.body.status,
        admin: requireUser(request),
      }),
  });
};

/** Each creator's own tasks: the list, one task, and moving it forward. */
const myTaskRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const endpoint of [tasksApi.myList, tasksApi.myListAtOldAddress]) {
    app.route({
      ...routeOf(endpoint),
      handler: async (request) =>
        listMyTasks(request.deps.db, requireUser(request).id, request.query),
    });
  }

  app.route({
    ...routeOf(tasksApi.myDetail),
    handler: async (request) =>
      myTaskDetail(request.deps, { taskId: request.params.id, user: requireUser(request) }),
  });

  app.route({
    ...routeOf(tasksApi.moveMine),
    handler: async (request) =>
      moveMyTask(request.deps, {
        taskId: request.params.id,
        user: requireUser(request),
        status: request.body.status,
      }),
  });
};

/** A creator's uploads (streamed, checked by their bytes, all or nothing) and the files. */
const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(tasksApi.upload),
    handler: async (request) =>
      uploadMyFiles(request.deps, {
        taskId: request.params.id,
        user: requireUser(request),
        receive: (rules, sink) => receiveUpload(request, rules, sink),
      }),
  });

  app.route({
    ...routeOf(tasksApi.deleteUpload),
    handler: async (request, reply) => {
      await deleteMyUpload(request.deps, {
        taskId: request.params.id,
        uploadId: request.params.uploadId,
        user: requireUser(request),
      });
      return reply.status(204).send();
    },
  });

  // Resumable uploads not finished yet, which hold places under the limit (decision 0039).
  app.route({
    ...routeOf(tasksApi.myUnfinishedUploads),
    handler: async (request) => ({
      items: await listUnfinishedUploads(request.deps, {
        taskId: request.params.id,
        user: requireUser(request),
      }),
    }),
  });

  app.route({
    ...routeOf(tasksApi.discardUnfinishedUpload),
    handler: async (request, reply) => {
      await discardUnfinishedUpload(request.deps, {
        taskId: request.params.id,
        uploadId: request.params.uploadId,
        user: requireUser(request),
      });
      return reply.status(204).send();
    },
  });

  // The file and its previews: their uploader and administrators only.
  for (const [endpoint, open] of [
    [tasksApi.file, openUpload],
    [tasksApi.thumbnail, openUploadThumbnail],
    [tasksApi.view, openUploadView],
  ] as const) {
    app.route({
      ...routeOf(endpoint),
      handler: async (request, reply) => {
        const input = { uploadId: request.params.uploadId, user: requireUser(request) };
        const file = await open(request.deps, input);
        return sendStoredFile(request, reply, {
          ...file,
          disposition: 'inline',
          cacheControl: uploadCacheControl,
        });
      },
    });
  }
};

/**
 * Tasks (docs/product.md): the administrators' list and changes, each creator's own tasks, their
 * uploads and the files themselves. The area's one entry point: it also registers its rooms,
 * review, resumable uploads and the due-date reminders.
 */
export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  // The rooms first, so they do not inherit the multipart parser below.
  await app.register(taskReviewRoutes);
  await app.register(resumableUploadRoutes);
  await app.register(taskReminders);
  await app.register(strayFileSweep);

  // The upload reads its multipart body itself, as it streams.
  acceptMultipart(app);
  await app.register(adminTaskRoutes);
  await app.register(myTaskRoutes);
  await app.register(uploadRoutes);
};
