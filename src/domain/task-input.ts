import { z } from 'zod';
import {
  contentTypes,
  maxFilesLimit,
  reviewDecisions,
  reviewFeedbackMaxLength,
  taskDescriptionMaxLength,
  taskTitleMaxLength,
} from './tasks.ts';
import { identifier, multiLine, singleLine } from './text.ts';

/**
 * What an administrator sends to create, edit or review a task. Apart from tasks.ts, which a
 * creator's task screens import: a module's code goes whole into the file that holds it, so these
 * validators (and Zod, and the form library with them) would ride along on every screen that only
 * shows a task (decision 0058).
 */

/** The due date as sent: any date-time JavaScript reads, stored as ISO-8601 (UTC). */
const dueDateSchema = singleLine(100, { required: 'task.due_date_required' })
  .refine((text) => !Number.isNaN(Date.parse(text)), 'task.due_date_invalid')
  .transform((text) => new Date(text).toISOString());

/** maxFiles arrives as text (a string, default '100', as the API always took it) or as a number. */
const maxFilesSchema = z
  .union([z.number(), singleLine(20)], { error: 'task.max_files_range' })
  .transform((value) => Number(value))
  .pipe(
    z
      .number()
      .int('task.max_files_range')
      .min(maxFilesLimit.min, 'task.max_files_range')
      .max(maxFilesLimit.max, 'task.max_files_range'),
  );

/** POST /api/admin/tasks ("Create task"); PUT takes the same fields. */
export const taskInputSchema = z.object({
  title: singleLine(taskTitleMaxLength, {
    required: 'task.title_required',
    tooLong: 'task.title_max',
  }),
  description: multiLine(taskDescriptionMaxLength, {
    required: 'task.description_required',
    tooLong: 'task.description_max',
  }),
  dueDate: dueDateSchema,
  contentType: z.enum(contentTypes, { error: 'task.content_type_invalid' }).default('both'),
  maxFiles: maxFilesSchema.default(maxFilesLimit.default),
  assignedUsers: z
    .array(identifier({ required: 'task.assignee_required' }), { error: 'task.assignee_required' })
    .min(1, 'task.assignee_required')
    .max(500)
    .transform((ids) => [...new Set(ids)]),
});
export type TaskInput = z.input<typeof taskInputSchema>;
export type TaskFields = z.output<typeof taskInputSchema>;

/**
 * POST /api/admin/tasks/{id}/assignees/{userId}/review. Asking for changes needs a note saying
 * which; an approval may carry one.
 */
export const taskReviewInputSchema = z
  .object({
    decision: z.enum(reviewDecisions, { error: 'task.review_decision_invalid' }),
    feedback: multiLine(reviewFeedbackMaxLength, {
      notText: 'task.feedback_required',
      tooLong: 'task.feedback_max',
    }).optional(),
  })
  .superRefine((input, context) => {
    if (input.decision === 'changes_requested' && !input.feedback) {
      context.addIssue({ code: 'custom', path: ['feedback'], message: 'task.feedback_required' });
    }
  });
export type TaskReviewInput = z.input<typeof taskReviewInputSchema>;
