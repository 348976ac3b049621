import type { Insertable, Selectable, Updateable } from 'kysely';
import type { ContentType, TaskStatus } from '../../../domain/tasks.ts';
import type { Db, Dialect } from '../../db/database.ts';
import type { TaskAssignmentsTable } from '../../db/schema-tasks.ts';
import { storedKeyColumns, storedKeysOf } from './upload-repository.ts';

/**
 * The queries of `task_assignments` (each creator's part of a task) and of the counts the
 * database keeps of them by status and content type.
 */

export type AssignmentRow = Selectable<TaskAssignmentsTable>;

export function assignmentsOf(db: Db, taskId: string): Promise<AssignmentRow[]> {
  return db.selectFrom('taskAssignments').selectAll().where('taskId', '=', taskId).execute();
}

/**
 * One creator's assignment. With `lockOn: 'postgres'` the row is locked for the rest of the
 * transaction, so two uploads at once are counted one after the other (SQLite runs one writer
 * at a time already).
 */
export function findAssignment(
  db: Db,
  taskId: string,
  userId: string,
  lockOn?: Dialect,
): Promise<AssignmentRow | undefined> {
  const query = db
    .selectFrom('taskAssignments')
    .selectAll()
    .where('taskId', '=', taskId)
    .where('userId', '=', userId);
  return (lockOn === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

export async function insertAssignments(
  db: Db,
  rows: Insertable<TaskAssignmentsTable>[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('taskAssignments').values(rows).execute();
}

/** Takes creators off a task with their files' rows; answers the files' keys. */
export async function removeAssignees(
  db: Db,
  taskId: string,
  userIds: string[],
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const uploads = await db
    .deleteFrom('taskUploads')
    .where('taskId', '=', taskId)
    .where('userId', 'in', userIds)
    .returning(storedKeyColumns)
    .execute();
  await db
    .deleteFrom('taskAssignments')
    .where('taskId', '=', taskId)
    .where('userId', 'in', userIds)
    .execute();
  return uploads.flatMap(storedKeysOf);
}

/**
 * Moves an assignment from one status to another only if it is still in the first: two moves at
 * once cannot both happen. True when it moved.
 */
export async function moveAssignment(
  db: Db,
  id: string,
  from: TaskStatus | 'any',
  changes: Updateable<TaskAssignmentsTable>,
): Promise<boolean> {
  let query = db.updateTable('taskAssignments').set(changes).where('id', '=', id);
  if (from !== 'any') query = query.where('status', '=', from);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Puts every assignment of a task not yet in `changes.status` into it; those already there keep
 * their times. With `withFilesOnly`, an assignment without a file of its own stays as it is.
 * Answers the creators whose assignment moved.
 */
export async function setEveryAssignment(
  db: Db,
  taskId: string,
  changes: Updateable<TaskAssignmentsTable> & { status: TaskStatus },
  { withFilesOnly }: { withFilesOnly: boolean },
): Promise<string[]> {
  let query = db
    .updateTable('taskAssignments')
    .set(changes)
    .where('taskId', '=', taskId)
    .where('status', '!=', changes.status);
  if (withFilesOnly) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('taskUploads')
          .select('taskUploads.id')
          .whereRef('taskUploads.taskId', '=', 'taskAssignments.taskId')
          .whereRef('taskUploads.userId', '=', 'taskAssignments.userId'),
      ),
    );
  }
  const moved = await query.returning('userId').execute();
  return moved.map((row) => row.userId);
}

/** A creator's assignments: how many, and how many of them are completed. */
export async function assignmentCountsOf(
  db: Db,
  userId: string,
): Promise<{ total: number; completed: number }> {
  const counts = await assignmentCountsBy(db, userId);
  return { total: counts.of('all', 'all'), completed: counts.of('completed', 'all') };
}

export type AssignmentCounts = Awaited<ReturnType<typeof assignmentCountsBy>>;

/**
 * How many assignments a creator has by status and content type, from the dozen rows the
 * database keeps (migration 0008) rather than from every assignment.
 */
export async function assignmentCountsBy(db: Db, userId: string) {
  const rows = await db
    .selectFrom('taskAssignmentCounts')
    .select(['status', 'contentType', 'assignments'])
    .where('userId', '=', userId)
    .execute();
  return {
    of: (status: TaskStatus | 'all', contentType: ContentType | 'all') =>
      rows
        .filter((row) => status === 'all' || row.status === status)
        .filter((row) => contentType === 'all' || row.contentType === contentType)
        .reduce((sum, row) => sum + Number(row.assignments), 0),
  };
}
