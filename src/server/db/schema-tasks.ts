import type { ColumnType, Generated } from 'kysely';
import type { ContentType, ReviewDecision, TaskStatus } from '../../domain/tasks.ts';
import type { SearchText, Timestamp } from './schema-columns.ts';

/** The tables of tasks, their assignments and their files (part of `Database`, `schema.ts`). */

export interface TasksTable {
  id: string;
  title: string;
  description: string;
  dueDate: Timestamp;
  contentType: ContentType;
  maxFiles: number;
  status: TaskStatus;
  createdBy: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  searchText: SearchText;
}

export interface TaskAssignmentsTable {
  id: string;
  taskId: string;
  userId: string;
  /** This creator's own progress on the task. */
  status: TaskStatus;
  submittedAt: Timestamp | null;
  completedAt: Timestamp | null;
  completedBy: string | null;
  /** When the reminder two days before the due date went out (claimed by setting it). */
  dueSoonRemindedAt: Generated<Timestamp | null>;
  /** When the reminder on the last day before the due date went out. */
  dueTodayRemindedAt: Generated<Timestamp | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /**
   * Copies of the task's due date and content type, for the creator's list to walk an index
   * (migration 0008): written by the database's triggers only, never by the application.
   */
  dueDate: ColumnType<Timestamp, never, never>;
  contentType: ColumnType<ContentType, never, never>;
}

/** How many assignments each creator has per status and content type, kept by triggers (0008). */
export interface TaskAssignmentCountsTable {
  userId: string;
  status: TaskStatus;
  contentType: ContentType;
  assignments: number;
}

export interface TaskUploadsTable {
  id: string;
  taskId: string;
  userId: string;
  fileName: string;
  /** Key of the file in storage; downloads go through a route that checks who asks. */
  fileKey: string;
  fileSize: number;
  fileType: string;
  uploadedAt: Timestamp;
  /** Key of the small WebP made from an image, beside the original; null when none (decision 0029). */
  thumbnailKey: string | null;
  /**
   * Key of the full-size JPEG made from a HEIC photo, beside the original, which browsers show in
   * its place; null for other files and when none was made (migration 0045, decision 0044).
   */
  viewKey: string | null;
}

/** A resumable (tus) upload under way, holding its place in the task's file limit until done. */
export interface TaskUploadClaimsTable {
  /** The tus upload's id. */
  id: string;
  taskId: string;
  userId: string;
  fileName: string;
  /** The length the upload declared when it was created. */
  fileSize: number;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  /** The task upload it became; set once, by the one request that finished it (decision 0039). */
  finishedUploadId: string | null;
}

/** Every review of one creator's submission (decision 0029), kept. */
export interface TaskReviewsTable {
  id: string;
  taskId: string;
  /** The assignee whose work was reviewed. */
  userId: string;
  reviewerId: string | null;
  decision: ReviewDecision;
  feedback: string | null;
  createdAt: Timestamp;
}

/** A tus request holding a resumable upload, in whichever process (decision 0055). */
export interface ResumableUploadLocksTable {
  uploadId: string;
  holder: string;
  expiresAt: Timestamp;
  releaseRequested: Generated<number>;
}
