import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { listPageSize, searchable, type Page } from '../../../domain/lists.ts';
import {
  overallStatus,
  type AdminTask,
  type AdminTaskListQuery,
  type ContentType,
  type Assignee,
  type MyTask,
  type TaskCounters,
  type TaskListQuery,
  type TaskStatus,
} from '../../../domain/tasks.ts';
import type { Db, Dialect } from '../../db/database.ts';
import { pageOf, planSearch, whereSearch, type SearchWay } from '../../db/lists.ts';
import type { TaskAssignmentsTable, TasksTable } from '../../db/schema.ts';
import { storedKeysOf } from './upload-repository.ts';

type TaskRow = Selectable<TasksTable>;
type AssignmentRow = Selectable<TaskAssignmentsTable>;

const taskFieldsOf = (row: TaskRow) => ({
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

// ---- tasks

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
    .select(['fileKey', 'thumbnailKey'])
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

/** A page of every task, newest first, each with its assignees' progress (administrators). */
export async function listAdminTasks(
  db: Db,
  query: TaskListQuery & Partial<Pick<AdminTaskListQuery, 'review'>>,
): Promise<Page<AdminTask>> {
  const search = await planSearch(db, 'tasks', query.q, { pageEnd: query.page * listPageSize });
  const matching = (way: SearchWay) => {
    let rows = whereSearch(
      db.selectFrom('tasks').selectAll('tasks'),
      'tasks.searchText',
      query.q,
      way,
    );
    if (query.status !== 'all') rows = rows.where('tasks.status', '=', query.status);
    if (query.contentType !== 'all') rows = rows.where('tasks.contentType', '=', query.contentType);
    if (query.review === 'awaiting') {
      rows = rows.where('tasks.id', 'in', (eb) =>
        eb.selectFrom('taskAssignments').select('taskId').where('status', '=', 'submitted'),
      );
    }
    return rows;
  };
  const filtered =
    query.status !== 'all' || query.contentType !== 'all' || query.review === 'awaiting';
  // Both keys descending, so the (status or content type,) created_at, id indexes are walked
  // backwards, unsorted.
  const page = await pageOf(
    matching(search.page).orderBy('tasks.createdAt', 'desc').orderBy('tasks.id', 'desc'),
    query,
    (row) => row,
    { knownTotal: filtered ? undefined : search.matches, countQuery: matching(search.count) },
  );
  const assignees = await assigneesOf(
    db,
    page.items.map((row) => row.id),
  );
  return {
    ...page,
    items: page.items.map((row) => ({
      ...taskFieldsOf(row),
      assignees: assignees.get(row.id) ?? [],
    })),
  };
}

export async function findAdminTask(db: Db, id: string): Promise<AdminTask | undefined> {
  const row = await findTaskRow(db, id);
  if (!row) return undefined;
  const assignees = await assigneesOf(db, [id]);
  return { ...taskFieldsOf(row), assignees: assignees.get(id) ?? [] };
}

/** Each task's assignees with their status and how many files they sent, by task id. */
async function assigneesOf(db: Db, taskIds: string[]): Promise<Map<string, Assignee[]>> {
  const byTask = new Map<string, Assignee[]>();
  if (taskIds.length === 0) return byTask;
  const rows = await db
    .selectFrom('taskAssignments')
    .innerJoin('users', 'users.id', 'taskAssignments.userId')
    .select((eb) => [
      'taskAssignments.taskId',
      'taskAssignments.userId',
      'taskAssignments.status',
      'taskAssignments.submittedAt',
      'taskAssignments.completedAt',
      'users.username',
      'users.firstName',
      'users.lastName',
      eb
        .selectFrom('taskUploads')
        .select((count) => count.fn.countAll<number>().as('n'))
        .whereRef('taskUploads.taskId', '=', 'taskAssignments.taskId')
        .whereRef('taskUploads.userId', '=', 'taskAssignments.userId')
        .as('fileCount'),
    ])
    .where('taskAssignments.taskId', 'in', taskIds)
    .orderBy('users.username')
    .execute();
  for (const row of rows) {
    const list = byTask.get(row.taskId) ?? [];
    list.push({
      userId: row.userId,
      username: row.username,
      firstName: row.firstName,
      lastName: row.lastName,
      status: row.status,
      fileCount: Number(row.fileCount ?? 0),
      submittedAt: row.submittedAt,
      completedAt: row.completedAt,
    });
    byTask.set(row.taskId, list);
  }
  return byTask;
}

// ---- assignments

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
    .returning(['fileKey', 'thumbnailKey'])
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

export async function setEveryAssignment(
  db: Db,
  taskId: string,
  changes: Updateable<TaskAssignmentsTable>,
): Promise<void> {
  await db.updateTable('taskAssignments').set(changes).where('taskId', '=', taskId).execute();
}

/** A creator's assignments: how many, and how many of them are completed. */
export async function assignmentCountsOf(
  db: Db,
  userId: string,
): Promise<{ total: number; completed: number }> {
  const counts = await assignmentCountsBy(db, userId);
  return { total: counts.of('all', 'all'), completed: counts.of('completed', 'all') };
}

/**
 * How many assignments a creator has by status and content type, from the dozen rows the
 * database keeps (migration 0008) rather than from every assignment.
 */
async function assignmentCountsBy(db: Db, userId: string) {
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

function countersFrom(counts: Awaited<ReturnType<typeof assignmentCountsBy>>): TaskCounters {
  return {
    total: counts.of('all', 'all'),
    inProgress: counts.of('in_progress', 'all'),
    submitted: counts.of('submitted', 'all'),
    completed: counts.of('completed', 'all'),
  };
}

/**
 * The creator's assignments with their tasks. `way: 'index'` (SQLite's search index, see
 * planSearch) names the creator through a unary plus, which hides the creator's own indexes from
 * SQLite's planner: otherwise it walks every one of their assignments testing each against the
 * index's matches, instead of starting from the few matches.
 */
function myTasksQuery(db: Db, userId: string, way: SearchWay = 'contains') {
  return db
    .selectFrom('taskAssignments')
    .innerJoin('tasks', 'tasks.id', 'taskAssignments.taskId')
    .selectAll('tasks')
    .select([
      'taskAssignments.status as ownStatus',
      'taskAssignments.submittedAt',
      'taskAssignments.completedAt',
    ])
    .where(
      way === 'index'
        ? sql<string>`+${sql.ref('taskAssignments.userId')}`
        : sql.ref('taskAssignments.userId'),
      '=',
      userId,
    );
}

type MyTaskRow = TaskRow & {
  ownStatus: TaskStatus;
  submittedAt: string | null;
  completedAt: string | null;
};

/** How many files the creator sent to each of these tasks (only the page's, never the table's). */
async function fileCountsOf(db: Db, userId: string, taskIds: string[]) {
  if (taskIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('taskUploads')
    .select((eb) => ['taskId', eb.fn.countAll<number>().as('n')])
    .where('userId', '=', userId)
    .where('taskId', 'in', taskIds)
    .groupBy('taskId')
    .execute();
  return new Map(rows.map((row) => [row.taskId, Number(row.n)]));
}

async function toMyTasks(db: Db, userId: string, rows: MyTaskRow[]): Promise<MyTask[]> {
  const counts = await fileCountsOf(
    db,
    userId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...taskFieldsOf(row),
    status: row.ownStatus,
    submittedAt: row.submittedAt,
    completedAt: row.completedAt,
    fileCount: counts.get(row.id) ?? 0,
  }));
}

/**
 * A page of the creator's own tasks (their own status), soonest due first, with counters. The
 * assignments carry their task's due date and content type, so the page walks the creator's own
 * index in due order (then task id, as tasks.id) and stops after a page.
 */
export async function listMyTasks(
  db: Db,
  userId: string,
  query: TaskListQuery,
): Promise<Page<MyTask> & { counters: TaskCounters }> {
  const counts = await assignmentCountsBy(db, userId);
  const search = await planSearch(db, 'tasks', query.q, {
    pageEnd: query.page * listPageSize,
    listRows: counts.of('all', 'all'),
  });
  const matching = (way: SearchWay) => {
    let rows = whereSearch(myTasksQuery(db, userId, way), 'tasks.searchText', query.q, way);
    if (query.status !== 'all') rows = rows.where('taskAssignments.status', '=', query.status);
    if (query.contentType !== 'all')
      rows = rows.where('taskAssignments.contentType', '=', query.contentType);
    return rows;
  };
  const page = await pageOf(
    matching(search.page).orderBy('taskAssignments.dueDate').orderBy('taskAssignments.taskId'),
    query,
    (row) => row as MyTaskRow,
    {
      // Without a search, the kept counts already say how many match the filters.
      knownTotal: query.q ? undefined : counts.of(query.status, query.contentType),
      countQuery: matching(search.count),
    },
  );
  return {
    ...page,
    items: await toMyTasks(db, userId, page.items),
    counters: countersFrom(counts),
  };
}

export async function findMyTask(db: Db, taskId: string, userId: string) {
  const row = await myTasksQuery(db, userId).where('tasks.id', '=', taskId).executeTakeFirst();
  return row ? (await toMyTasks(db, userId, [row as MyTaskRow]))[0] : undefined;
}
