import { z } from 'zod';
import type { FileKind } from './files.ts';
import { listQuerySchema, pageSchema } from './lists.ts';

/**
 * Tasks (docs/product.md). A task is assigned to one or more creators; each
 * assignment has its own status, files and times. The task's own status is the least advanced of
 * its assignments' (decision 0021).
 */
export const taskStatuses = ['new', 'in_progress', 'submitted', 'completed'] as const;
export type TaskStatus = (typeof taskStatuses)[number];

export const contentTypes = ['photo', 'video', 'both'] as const;
export type ContentType = (typeof contentTypes)[number];

export const maxFilesLimit = { min: 1, max: 100, default: 100 } as const;
export const taskTitleMaxLength = 200;
export const taskDescriptionMaxLength = 5000;

/** What a task of each content type takes, recognised by the files' bytes. */
export const taskFileKinds = {
  photo: ['jpeg', 'png', 'webp', 'heic'],
  video: ['mp4', 'mov', 'webm'],
  both: ['jpeg', 'png', 'webp', 'heic', 'mp4', 'mov', 'webm'],
} as const satisfies Record<ContentType, readonly FileKind[]>;

/** A creator may move their own assignment only forward, one step, and never out of submitted. */
export const creatorMoves: Partial<Record<TaskStatus, TaskStatus>> = {
  new: 'in_progress',
  in_progress: 'submitted',
};

/** A status a creator's own move leads to (in_progress, submitted). */
export function isCreatorMove(status: TaskStatus): boolean {
  return Object.values(creatorMoves).includes(status);
}

/**
 * The statuses that say work was sent: an administrator's status change gives them only to
 * assignees with a file of their own (decision 0047).
 */
export const statusesNeedingFiles: ReadonlySet<TaskStatus> = new Set(['submitted', 'completed']);

/** Files may be added or removed while the creator's assignment is new or in progress. */
export function acceptsFiles(status: TaskStatus): boolean {
  return status === 'new' || status === 'in_progress';
}

/** The least advanced of the assignments' statuses: the task as a whole is only that far. */
export function overallStatus(statuses: readonly TaskStatus[]): TaskStatus {
  if (statuses.length === 0) return 'new';
  return taskStatuses[Math.min(...statuses.map((status) => taskStatuses.indexOf(status)))]!;
}

/**
 * The due-date countdown: overdue below 0 days (red), 'Due today' at 0
 * (orange), '{n} days left' at 3 or fewer (yellow), otherwise green. Days are whole calendar
 * days between today and the due date in the reader's time zone.
 */
export type DueUrgency = 'overdue' | 'today' | 'soon' | 'later';
export function dueCountdown(dueDate: string, now: Date): { urgency: DueUrgency; days: number } {
  const due = new Date(dueDate);
  const startOf = (date: Date) =>
    new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  const days = Math.round((startOf(due) - startOf(now)) / 86_400_000);
  const urgency = days < 0 ? 'overdue' : days === 0 ? 'today' : days <= 3 ? 'soon' : 'later';
  return { urgency, days };
}

/**
 * When finished work was finished: a submitted part when it was submitted, a completed one when
 * it was completed; for a task of several parts, the latest of them. Finished work is never
 * overdue (docs/product.md, Tasks); null while the work is not finished.
 */
export function finishedAt(
  status: TaskStatus,
  parts: readonly { submittedAt: string | null; completedAt: string | null }[],
): string | null {
  if (status !== 'submitted' && status !== 'completed') return null;
  const times = parts
    .map((part) => (status === 'completed' ? part.completedAt : part.submittedAt))
    .filter((time): time is string => time !== null)
    .sort();
  return times.at(-1) ?? null;
}

/** PATCH /api/admin/tasks/{id}/status and PATCH /api/tasks/{id}/status. */
export const taskStatusUpdateSchema = z.object({
  status: z.enum(taskStatuses, { error: 'task.status_invalid' }),
});
export type TaskStatusUpdate = z.infer<typeof taskStatusUpdateSchema>;

/** `?page=&q=&status=&contentType=` of both task lists ('all' is no filter). */
export const taskListQuerySchema = listQuerySchema.extend({
  status: z
    .enum(['all', ...taskStatuses])
    .catch('all')
    .default('all'),
  contentType: z
    .enum(['all', ...contentTypes])
    .catch('all')
    .default('all'),
});
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;

/**
 * The administrators' list also takes `?review=awaiting`: the tasks with at least one creator's
 * submission not reviewed yet, whatever the others' progress (decision 0029). The task's own
 * status is submitted only once everyone has submitted, so `status=submitted` would miss them.
 */
export const adminTaskListQuerySchema = taskListQuerySchema.extend({
  review: z.enum(['all', 'awaiting']).catch('all').default('all'),
});
export type AdminTaskListQuery = z.infer<typeof adminTaskListQuerySchema>;

const taskFields = {
  id: z.string(),
  title: z.string(),
  description: z.string(),
  dueDate: z.string(),
  contentType: z.enum(contentTypes),
  maxFiles: z.number().int(),
  status: z.enum(taskStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** A task's own fields, without anyone's part in it. */
export type Task = z.infer<z.ZodObject<typeof taskFields>>;

/** One creator's part of a task, as administrators see it. */
export const assigneeSchema = z.object({
  userId: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  status: z.enum(taskStatuses),
  fileCount: z.number().int(),
  submittedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type Assignee = z.infer<typeof assigneeSchema>;

/** A task in the administrators' list: its fields, its status, and every assignee's. */
export const adminTaskSchema = z.object({ ...taskFields, assignees: z.array(assigneeSchema) });
export type AdminTask = z.infer<typeof adminTaskSchema>;
export const adminTaskListSchema = pageSchema(adminTaskSchema);
export type AdminTaskList = z.infer<typeof adminTaskListSchema>;

/** A creator's own upload. `fileUrl` answers only them and staff. */
export const taskUploadSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  fileUrl: z.string(),
  fileSize: z.number().int(),
  fileType: z.string(),
  uploadedAt: z.string(),
  /** A small WebP of an image, same rule as `fileUrl`; null for videos and unreadable photos. */
  thumbnailUrl: z.string().nullable(),
  /**
   * The image to show full size, same rule: `fileUrl` itself, or for a HEIC photo (which browsers
   * cannot show) a JPEG made from it; null for videos and photos with no thumbnail.
   */
  viewUrl: z.string().nullable(),
});
export type TaskUpload = z.infer<typeof taskUploadSchema>;

/** A video plays in place in a gallery; every other file shows its thumbnail, or an icon. */
export function isVideo(upload: Pick<TaskUpload, 'fileType'>): boolean {
  return upload.fileType.startsWith('video/');
}

/**
 * The picture a gallery of these files draws first, and asks for as soon as it is drawn: the
 * first file's thumbnail; none when that file is a video or has no thumbnail. The server has the
 * browser ask for it with the page
 * (docs/decisions/0078-a-task-page-preloads-its-first-picture.md).
 */
export function firstPictureOf(uploads: readonly TaskUpload[]): string | null {
  const first = uploads[0];
  return first && !isVideo(first) ? first.thumbnailUrl : null;
}

/** A task as its creator sees it: `status` is their own assignment's. */
export const myTaskSchema = z.object({
  ...taskFields,
  submittedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  fileCount: z.number().int(),
});
export type MyTask = z.infer<typeof myTaskSchema>;

/** The creator's counters over all their assignments: Total, In Progress, Submitted, Completed. */
export const taskCountersSchema = z.object({
  total: z.number().int(),
  inProgress: z.number().int(),
  submitted: z.number().int(),
  completed: z.number().int(),
});
export type TaskCounters = z.infer<typeof taskCountersSchema>;

export const myTaskListSchema = pageSchema(myTaskSchema).extend({ counters: taskCountersSchema });
export type MyTaskList = z.infer<typeof myTaskListSchema>;

// ---- review (decision 0029)

/** What an administrator decides about one creator's submission. */
export const reviewDecisions = ['approved', 'changes_requested'] as const;
export type ReviewDecision = (typeof reviewDecisions)[number];
export const reviewFeedbackMaxLength = 5000;

/** Someone named on a task's record: who reviewed, who completed. */
export const taskPersonSchema = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type TaskPerson = z.infer<typeof taskPersonSchema>;

/** One review as both sides see it; `reviewer` is null once their account is gone. */
export const taskReviewSchema = z.object({
  id: z.string(),
  decision: z.enum(reviewDecisions),
  feedback: z.string().nullable(),
  reviewer: taskPersonSchema.nullable(),
  createdAt: z.string(),
});
export type TaskReview = z.infer<typeof taskReviewSchema>;

/**
 * A task as its creator sees it, with their own files and the reviews of their work, newest
 * first. `fileCount + unfinishedUploadCount` is what the file limit counts (`maxFiles`).
 */
export const myTaskDetailSchema = myTaskSchema.extend({
  uploads: z.array(taskUploadSchema),
  /** The creator's resumable uploads not finished yet, each holding a place under `maxFiles`. */
  unfinishedUploadCount: z.number().int(),
  reviews: z.array(taskReviewSchema),
});
export type MyTaskDetail = z.infer<typeof myTaskDetailSchema>;

/**
 * A resumable upload of the creator's that has not finished (decision 0039): it holds a place
 * under the task's `maxFiles` until it finishes, is discarded, or expires at `expiresAt`.
 * `offset` is how many of its `fileSize` bytes the server has; `uploadUrl` is its tus address,
 * to resume it from there.
 */
export const unfinishedUploadSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  offset: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string(),
  uploadUrl: z.string(),
});
export type UnfinishedUpload = z.infer<typeof unfinishedUploadSchema>;
export const unfinishedUploadListSchema = z.object({ items: z.array(unfinishedUploadSchema) });
export type UnfinishedUploadList = z.infer<typeof unfinishedUploadListSchema>;

/** What an upload answers: the files it stored, as the detail lists them. */
export const taskUploadResultSchema = z.object({ uploads: z.array(taskUploadSchema) });

/** One creator's part of a task in full, for the review screen. Reviews newest first. */
export const reviewedAssigneeSchema = assigneeSchema.omit({ fileCount: true }).extend({
  completedBy: taskPersonSchema.nullable(),
  uploads: z.array(taskUploadSchema),
  reviews: z.array(taskReviewSchema),
});
export type ReviewedAssignee = z.infer<typeof reviewedAssigneeSchema>;

/** GET /api/admin/tasks/{id}: the task and every assignee's status, times, files and reviews. */
export const adminTaskDetailSchema = z.object({
  ...taskFields,
  assignees: z.array(reviewedAssigneeSchema),
});
export type AdminTaskDetail = z.infer<typeof adminTaskDetailSchema>;
