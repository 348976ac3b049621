import type { Insertable, Selectable, Updateable } from 'kysely';
import { searchable } from '../../../domain/lists.ts';
import { overallStatus, type Task } from '../../../domain/tasks.ts';
import type { Db } from '../../db/database.ts';
import type { TasksTable } from '../../db/schema-tasks.ts';
import { storedKeyColumns, storedKeysOf } from './upload-repository.ts';

/** The queries of `tasks`: the tasks themselves, without their assignments. */

export type TaskRow = Selectable<TasksTable>;

/** A task's own fields as both lists and the review screen show them. */
export const toTask = (row: TaskRow): Task => ({
  id: row.id,
  title: row.title,
  description: row.description,
  dueDate: row.dueDate,
  contentType: row.contentType,
  maxFiles: Number(row.maxFiles),
  status: row.status,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export async function insertTask(db: Db, row: Insertable<TasksTable>): Promise<void> {
  await db
    .insertInto('tasks')
    .values({ ...row, searchText: searchable(row.title, row.description) })
    .execute();
}

export async function updateTask(
  db: Db,
  id: string,
  changes: Omit<Updateable<TasksTable>, 'id' | 'searchText'>,
): Promise<void> {
  const searchText =
    changes.title !== undefined && changes.description !== undefined
      ? { searchText: searchable(changes.title, changes.description) }
      : {};
  await db
    .updateTable('tasks')
    .set({ ...changes, ...searchText })
    .where('id', '=', id)
    .execute();
}

export function findTaskRow(db: Db, id: string): Promise<TaskRow | undefined> {
  return db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Deletes a task with its assignments and uploads (cascade); answers its files' keys. */
export async function deleteTask(db: Db, id: string): Promise<string[] | undefined> {
  const keys = await db
    .selectFrom('taskUploads')
    .select(storedKeyColumns)
    .where('taskId', '=', id)
    .execute();
  const deleted = await db.deleteFrom('tasks').where('id', '=', id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) return undefined;
  return keys.flatMap(storedKeysOf);
}

export async function countTasks(db: Db): Promise<number> {
  const row = await db
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Sets the task's own status to the least advanced of its assignments'. */
export async function refreshTaskStatus(db: Db, taskId: string, now: string): Promise<void> {
  const rows = await db
    .selectFrom('taskAssignments')
    .select('status')
    .where('taskId', '=', taskId)
    .execute();
  await db
    .updateTable('tasks')
    .set({ status: overallStatus(rows.map((row) => row.status)), updatedAt: now })
    .where('id', '=', taskId)
    .execute();
}
