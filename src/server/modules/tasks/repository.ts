import type { Db } from '../../db/database.ts';

/** The stored files a person uploaded to their tasks. */
export async function uploadFileKeysOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('taskUploads')
    .select('fileKey')
    .where('userId', '=', userId)
    .execute();
  return rows.map((row) => row.fileKey);
}

export async function countTasks(db: Db): Promise<number> {
  const row = await db
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** A creator's assignments: how many, and how many of them are completed. */
export async function assignmentCountsOf(
  db: Db,
  userId: string,
): Promise<{ total: number; completed: number }> {
  const row = await db
    .selectFrom('taskAssignments')
    .innerJoin('tasks', 'tasks.id', 'taskAssignments.taskId')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn
        .sum<number>(eb.case().when('tasks.status', '=', 'completed').then(1).else(0).end())
        .as('completed'),
    ])
    .where('taskAssignments.userId', '=', userId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), completed: Number(row.completed ?? 0) };
}
