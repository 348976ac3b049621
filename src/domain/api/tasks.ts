import { z } from 'zod';
import {
  adminTaskDetailSchema,
  adminTaskListQuerySchema,
  adminTaskListSchema,
  adminTaskSchema,
  myTaskDetailSchema,
  myTaskListSchema,
  taskListQuerySchema,
  taskStatusUpdateSchema,
  unfinishedUploadListSchema,
} from '../tasks.ts';
import { taskInputSchema, taskReviewInputSchema } from '../task-input.ts';
import { identifier } from '../text.ts';
import { endpoint } from './endpoint.ts';

const id = identifier({ required: 'request.invalid' });
const taskParams = z.object({ id });
const assigneeParams = z.object({ id, userId: id });
const myUploadParams = z.object({ id, uploadId: identifier() });
const storedUploadParams = z.object({ uploadId: identifier() });

/** The creator's own tasks, at either of the two addresses the product has always answered. */
const myTaskList = {
  method: 'GET',
  access: 'creator',
  summary: "A page of the caller's own tasks, soonest due first, with their counters",
  query: taskListQuerySchema,
  responses: { 200: myTaskListSchema },
} as const;

/**
 * Tasks: the administrators' list, changes and review, each creator's own tasks and uploads
 * (multipart, or resumable over tus 1.0), and the uploaded files themselves, for their uploader
 * and administrators only.
 */
export const tasksApi = {
  adminList: endpoint({
    method: 'GET',
    path: '/api/admin/tasks',
    access: 'admin',
    summary: "A page of every task, newest first, with each assignee's progress",
    query: adminTaskListQuerySchema,
    responses: { 200: adminTaskListSchema },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/admin/tasks',
    access: 'admin',
    summary: 'Creates a task and assigns it; each assignee is told in the app and by mail',
    body: taskInputSchema,
    responses: { 201: adminTaskSchema },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/admin/tasks/:id',
    access: 'admin',
    summary: 'Changes a task and its assignees; those taken off lose their files',
    params: taskParams,
    body: taskInputSchema,
    responses: { 200: adminTaskSchema },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/admin/tasks/:id',
    access: 'admin',
    summary: 'Deletes a task with every assignment and file (204)',
    params: taskParams,
  }),
  setStatus: endpoint({
    method: 'PATCH',
    path: '/api/admin/tasks/:id/status',
    access: 'admin',
    summary: 'Puts every assignment of a task in one status',
    params: taskParams,
    body: taskStatusUpdateSchema,
    responses: { 200: adminTaskSchema },
  }),
  adminDetail: endpoint({
    method: 'GET',
    path: '/api/admin/tasks/:id',
    access: 'admin',
    summary: "A task with every assignee's status, times, files and reviews",
    params: taskParams,
    responses: { 200: adminTaskDetailSchema },
  }),
  review: endpoint({
    method: 'POST',
    path: '/api/admin/tasks/:id/assignees/:userId/review',
    access: 'admin',
    summary: "Approves an assignee's submission or asks for changes; the creator is told",
    params: assigneeParams,
    body: taskReviewInputSchema,
    responses: { 200: adminTaskDetailSchema },
  }),
  assigneeArchive: endpoint({
    method: 'GET',
    path: '/api/admin/tasks/:id/assignees/:userId/archive.zip',
    access: 'admin',
    summary: "One assignee's files as a zip, streamed",
    params: assigneeParams,
    produces: 'application/zip',
  }),
  myList: endpoint({ ...myTaskList, path: '/api/tasks' }),
  myListAtOldAddress: endpoint({ ...myTaskList, path: '/api/tasks/my-tasks' }),
  myDetail: endpoint({
    method: 'GET',
    path: '/api/tasks/:id',
    access: 'creator',
    summary: "The caller's own task with their status, files and reviews",
    params: taskParams,
    responses: { 200: myTaskDetailSchema },
  }),
  moveMine: endpoint({
    method: 'PATCH',
    path: '/api/tasks/:id/status',
    access: 'creator',
    summary: "Moves the caller's own assignment one step forward",
    params: taskParams,
    body: taskStatusUpdateSchema,
    responses: { 200: myTaskDetailSchema },
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/tasks/:id/upload',
    access: 'creator',
    summary: "Uploads files to the caller's own task (field `files`), all or none",
    params: taskParams,
    streamedBody: 'multipart/form-data',
    responses: { 200: myTaskDetailSchema },
  }),
  deleteUpload: endpoint({
    method: 'DELETE',
    path: '/api/tasks/:id/uploads/:uploadId',
    access: 'creator',
    summary: "Removes one of the caller's files while the task takes files (204)",
    params: myUploadParams,
  }),
  myUnfinishedUploads: endpoint({
    method: 'GET',
    path: '/api/tasks/:id/unfinished-uploads',
    access: 'creator',
    summary:
      "The caller's resumable uploads to their task that have not finished, oldest first, each holding a place under the file limit",
    params: taskParams,
    responses: { 200: unfinishedUploadListSchema },
  }),
  discardUnfinishedUpload: endpoint({
    method: 'DELETE',
    path: '/api/tasks/:id/unfinished-uploads/:uploadId',
    access: 'creator',
    summary:
      "Discards one of the caller's unfinished uploads: its bytes go, its place comes back (204)",
    params: myUploadParams,
  }),
  resumableCreate: endpoint({
    method: 'POST',
    path: '/api/uploads',
    access: 'creator',
    summary: "Starts a resumable upload (tus 1.0) of one file for the caller's task",
    streamedBody: 'application/offset+octet-stream',
  }),
  resumable: endpoint({
    method: ['HEAD', 'PATCH', 'DELETE'],
    path: '/api/uploads/:id',
    access: 'creator',
    summary: 'Asks where a resumable upload stands, continues it, or cancels it (tus 1.0)',
    params: z.object({ id }),
    streamedBody: 'application/offset+octet-stream',
  }),
  file: endpoint({
    method: 'GET',
    path: '/objects/tasks/:uploadId',
    access: 'signed-in',
    summary: 'An uploaded file, for its uploader and administrators (Range requests answered)',
    params: storedUploadParams,
    produces: 'application/octet-stream',
  }),
  thumbnail: endpoint({
    method: 'GET',
    path: '/objects/tasks/:uploadId/thumbnail',
    access: 'signed-in',
    summary: 'A small WebP of an uploaded image, under the same rule as the file',
    params: storedUploadParams,
    produces: 'image/webp',
  }),
  view: endpoint({
    method: 'GET',
    path: '/objects/tasks/:uploadId/view',
    access: 'signed-in',
    summary:
      'The full-size JPEG made from an uploaded HEIC photo, which browsers cannot show, under the same rule as the file',
    params: storedUploadParams,
    produces: 'image/jpeg',
  }),
};
