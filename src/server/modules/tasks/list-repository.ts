import { sql } from 'kysely';
import { listPageSize, type Page } from '../../../domain/lists.ts';
import type {
  AdminTask,
  AdminTaskListQuery,
  Assignee,
  MyTask,
  TaskCounters,
  TaskListQuery,
  TaskStatus,
} from '../../../domain/tasks.ts';
import type { Db } from '../../db/database.ts';
import { pageOf, planSearch, whereSearch, type SearchWay } from '../../db/lists.ts';
import { assignmentCountsBy, type AssignmentCounts } from './assignment-repository.ts';
import { findTaskRow, toTask, type TaskRow } from './repository.ts';

/**
 * The two task lists, paged, searched and filtered in SQL: every task with its assignees'
 * progress (administrators), and each creator's own tasks with their own status and counters.
 */

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
      ...toTask(row),
      assignees: assignees.get(row.id) ?? [],
    })),
  };
}

export async function findAdminTask(db: Db, id: string): Promise<AdminTask | undefined> {
  const row = await findTaskRow(db, id);
  if (!row) return undefined;
  const assignees = await assigneesOf(db, [id]);
  return { ...toTask(row), assignees: assignees.get(id) ?? [] };
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

function countersFrom(counts: AssignmentCounts): TaskCounters {
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
    ...toTask(row),
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
