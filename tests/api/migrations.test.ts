import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { usernameSkeleton } from '../../src/server/modules/users/look-alike.ts';
import { listAdminTasks, listMyTasks } from '../../src/server/modules/tasks/list-repository.ts';
import {
  assignTask,
  createApplication,
  createCompensation,
  createNotification,
  createTask,
  createUser,
} from '../support/factories.ts';
import { describe, expect, test } from '../support/fixtures.ts';

/**
 * A user as the schemas before migration 0019 hold one: the factory's `createUser` writes the
 * username's look-alike form, a column those schemas do not have yet.
 */
async function userOfAnOlderSchema(
  db: Db,
  fields: { username?: string; isAdmin?: boolean; createdAt?: string } = {},
): Promise<{ id: string }> {
  const id = randomUUID();
  const now = fields.createdAt ?? new Date().toISOString();
  await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto('users')
    .values({
      id,
      username: fields.username ?? `creator_${id.slice(0, 8)}`,
      email: `${id}@example.com`,
      password_hash: 'x',
      is_admin: fields.isAdmin ? 1 : 0,
      preferred_language: 'en',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id };
}

describe('migrations', () => {
  describe('on a database not yet migrated', () => {
    test.override('emptyDatabase', true);

    test('build the whole schema on an empty database, and a second run changes nothing', async ({
      handle,
    }) => {
      expect(await migrateToLatest(handle)).toEqual([
        '0001-initial',
        '0002-accounts',
        '0003-applications',
        '0004-rate-limits',
        '0005-search-text',
        '0006-assignment-statuses',
        '0007-task-list-indexes',
        '0008-task-search-index',
        '0009-compensation-changes',
        '0010-compensation-overview-indexes',
        '0011-first-steps',
        '0012-task-reviews',
        '0013-task-upload-claims',
        '0014-assignment-reminders',
        '0015-user-search-index',
        '0016-creator-counts',
        '0018-upload-finishing-and-job-rounds',
        '0019-username-skeletons',
        '0042-application-id-type',
        '0043-mail-outbox',
        '0045-task-upload-views',
        '0048-user-list-index',
        '0051-backup-runs',
        '0052-two-factor',
        '0055-resumable-upload-locks',
        '0056-session-list',
        '0057-audit-log',
        '0058-username-skeleton-index-partial',
        '0059-notification-bell-indexes',
      ]);
      expect(await migrateToLatest(handle)).toEqual([]);

      const tables = (await handle.db.introspection.getTables()).map((table) => table.name).sort();
      // SQLite's search indexes for tasks and users are tables of their own with four of their
      // own inside each (FTS5); PostgreSQL's are indexes on tasks and users.
      const searchIndexTables = tables.filter(
        (name) => name.startsWith('tasks_search') || name.startsWith('users_search'),
      );
      expect(searchIndexTables).toEqual(
        handle.dialect === 'sqlite'
          ? ['tasks', 'users'].flatMap((table) =>
              ['', '_config', '_data', '_docsize', '_idx'].map((part) => `${table}_search${part}`),
            )
          : [],
      );
      expect(tables.filter((name) => !searchIndexTables.includes(name))).toEqual([
        'application_notes',
        'applications',
        'audit_entries',
        'backup_runs',
        'compensation_month_totals',
        'compensation_user_totals',
        'compensations',
        'creator_counts',
        'creator_publish_hours',
        'job_rounds',
        'mail_outbox',
        'notifications',
        'password_reset_tokens',
        'rate_limit_events',
        'resumable_upload_locks',
        'sessions',
        'sign_in_challenges',
        'sign_in_failures',
        'task_assignment_counts',
        'task_assignments',
        'task_reviews',
        'task_upload_claims',
        'task_uploads',
        'tasks',
        'translations',
        'two_factor_recovery_codes',
        'two_factor_secrets',
        'users',
      ]);
    });

    test('upgrade data already there: search text filled in, assignments "assigned" become "new"', async ({
      handle,
    }) => {
      await migrateToLatest(handle, '0004-rate-limits');
      const now = new Date().toISOString();
      const db = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      await db
        .insertInto('users')
        .values({
          id: 'u1',
          username: 'Jose',
          email: 'jose@example.com',
          first_name: 'José',
          last_name: null,
          password_hash: 'x',
          is_admin: 0,
          preferred_language: 'es',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await db
        .insertInto('tasks')
        .values({
          id: 't1',
          title: 'Sesión de fotos',
          description: 'Playa',
          due_date: now,
          content_type: 'photo',
          max_files: 10,
          status: 'new',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await db
        .insertInto('task_assignments')
        .values({
          id: 'a1',
          task_id: 't1',
          user_id: 'u1',
          status: 'assigned',
          created_at: now,
          updated_at: now,
        })
        .execute();

      expect(await migrateToLatest(handle)).toEqual([
        '0005-search-text',
        '0006-assignment-statuses',
        '0007-task-list-indexes',
        '0008-task-search-index',
        '0009-compensation-changes',
        '0010-compensation-overview-indexes',
        '0011-first-steps',
        '0012-task-reviews',
        '0013-task-upload-claims',
        '0014-assignment-reminders',
        '0015-user-search-index',
        '0016-creator-counts',
        '0018-upload-finishing-and-job-rounds',
        '0019-username-skeletons',
        '0042-application-id-type',
        '0043-mail-outbox',
        '0045-task-upload-views',
        '0048-user-list-index',
        '0051-backup-runs',
        '0052-two-factor',
        '0055-resumable-upload-locks',
        '0056-session-list',
        '0057-audit-log',
        '0058-username-skeleton-index-partial',
        '0059-notification-bell-indexes',
      ]);
      const user = await handle.db
        .selectFrom('users')
        .select('searchText')
        .executeTakeFirstOrThrow();
      expect(user.searchText).toBe('jose jose@example.com jose');
      const task = await handle.db
        .selectFrom('tasks')
        .select('searchText')
        .executeTakeFirstOrThrow();
      expect(task.searchText).toBe('sesion de fotos playa');
      const assignment = await handle.db
        .selectFrom('taskAssignments')
        .select('status')
        .executeTakeFirstOrThrow();
      expect(assignment.status).toBe('new');
    });

    test('index the tasks and count the assignments made before the task lists kept their indexes', async ({
      handle,
    }) => {
      await migrateToLatest(handle, '0007-task-list-indexes');
      const creator = await userOfAnOlderSchema(handle.db);
      const later = await createTask(handle.db, {
        title: 'Lantern parade',
        contentType: 'video',
        dueDate: '2026-09-01T10:00:00.000Z',
      });
      const sooner = await createTask(handle.db, {
        title: 'Harbour walk',
        contentType: 'photo',
        dueDate: '2026-08-01T10:00:00.000Z',
      });
      await assignTask(handle.db, { taskId: later.id, userId: creator.id, status: 'submitted' });
      await assignTask(handle.db, { taskId: sooner.id, userId: creator.id });

      await migrateToLatest(handle);
      const everything = { page: 1, status: 'all', contentType: 'all' } as const;
      const found = await listAdminTasks(handle.db, { ...everything, q: 'lantern' });
      expect(found.items.map((task) => task.id)).toEqual([later.id]);
      const mine = await listMyTasks(handle.db, creator.id, everything);
      expect(mine.items.map((task) => task.id)).toEqual([sooner.id, later.id]);
      expect(mine.counters).toEqual({ total: 2, inProgress: 0, submitted: 1, completed: 0 });
      const videos = await listMyTasks(handle.db, creator.id, {
        ...everything,
        contentType: 'video',
      });
      expect(videos).toMatchObject({ total: 1, items: [{ id: later.id }] });
    });

    test('give compensation entries made before the record of changes their creation and publication', async ({
      handle,
    }) => {
      await migrateToLatest(handle, '0007-task-list-indexes');
      const admin = await userOfAnOlderSchema(handle.db, { isAdmin: true });
      const creator = await userOfAnOlderSchema(handle.db);
      const draft = await createCompensation(handle.db, creator.id, {
        month: 1,
        createdBy: admin.id,
      });
      const published = await createCompensation(handle.db, creator.id, {
        month: 2,
        amountCents: 98_000,
        notes: 'February',
        status: 'published',
        createdBy: admin.id,
        publishedBy: admin.id,
        publishedAt: '2026-03-01T09:00:00.000Z',
      });

      await migrateToLatest(handle);
      // Migration 0057 moved the record of changes into the audit log, its values with it.
      const rows = await handle.db
        .selectFrom('auditEntries')
        .select(['subjectId', 'kind', 'actorId', 'at', 'params'])
        .where('subjectType', '=', 'compensation')
        .execute();
      const changes = rows
        .map(({ params, ...row }) => ({
          ...row,
          ...(JSON.parse(params) as { ordinal: number; amount: string; notes?: string }),
        }))
        .sort((a, b) => a.ordinal - b.ordinal);
      expect(changes).toHaveLength(3);
      expect(changes.filter((change) => change.subjectId === draft.id)).toEqual([
        expect.objectContaining({
          ordinal: 1,
          kind: 'compensation.created',
          actorId: admin.id,
          amount: '1000.00',
        }),
      ]);
      expect(changes.filter((change) => change.subjectId === published.id)).toEqual([
        expect.objectContaining({
          ordinal: 1,
          kind: 'compensation.created',
          at: published.createdAt,
        }),
        expect.objectContaining({
          ordinal: 2,
          kind: 'compensation.published',
          at: '2026-03-01T09:00:00.000Z',
          amount: '980.00',
          notes: 'February',
        }),
      ]);
    });

    test('move the ID document openings into the audit log, and keep it from changing', async ({
      handle,
    }) => {
      await migrateToLatest(handle, '0056-session-list');
      const admin = await userOfAnOlderSchema(handle.db, { isAdmin: true, username: 'viewer' });
      const application = await createApplication(handle.db);
      await sql`insert into application_document_views (id, application_id, viewer_id, viewed_at)
        values (${randomUUID()}, ${application.id}, ${admin.id}, ${'2026-04-01T10:00:00.000Z'})`.execute(
        handle.db,
      );

      await migrateToLatest(handle);
      const entries = await handle.db
        .selectFrom('auditEntries')
        .select(['kind', 'actorId', 'actorUsername', 'subjectType', 'subjectId', 'at', 'params'])
        .execute();
      expect(entries).toEqual([
        {
          kind: 'application.document_viewed',
          actorId: admin.id,
          actorUsername: 'viewer',
          subjectType: 'application',
          subjectId: application.id,
          at: '2026-04-01T10:00:00.000Z',
          params: '{}',
        },
      ]);
      await expect(
        handle.db.updateTable('auditEntries').set({ kind: 'user.deleted' }).execute(),
      ).rejects.toThrow(/never changed/);
      await expect(handle.db.deleteFrom('auditEntries').execute()).rejects.toThrow(/never/);
      expect(await handle.db.selectFrom('auditEntries').select('kind').execute()).toEqual([
        { kind: 'application.document_viewed' },
      ]);
    });

    test('count and sum the compensation recorded before the creators overview kept its totals', async ({
      handle,
    }) => {
      await migrateToLatest(handle, '0009-compensation-changes');
      const paid = await userOfAnOlderSchema(handle.db);
      const unpaid = await userOfAnOlderSchema(handle.db);
      // Paid, but an administrator: in the months' sums, not in the creators' counts (0016).
      const boss = await userOfAnOlderSchema(handle.db, { isAdmin: true });
      await createCompensation(handle.db, boss.id, {
        month: 1,
        amountCents: 2_000,
        status: 'published',
        publishedAt: '2026-02-02T10:00:00.000Z',
        updatedAt: '2026-02-02T10:00:00.000Z',
      });
      await createCompensation(handle.db, paid.id, {
        month: 1,
        amountCents: 98_000,
        status: 'published',
        publishedAt: '2026-02-01T09:00:00.000Z',
        updatedAt: '2026-02-01T09:00:00.000Z',
      });
      await createCompensation(handle.db, paid.id, {
        month: 2,
        amountCents: 50_000,
        updatedAt: '2026-03-01T09:00:00.000Z',
      });

      await migrateToLatest(handle);
      const totals = await handle.db
        .selectFrom('compensationUserTotals')
        .selectAll()
        .where('userId', 'in', [paid.id, unpaid.id])
        .execute();
      expect(totals.map((row) => ({ ...row, earnedCents: Number(row.earnedCents) }))).toEqual(
        expect.arrayContaining([
          {
            userId: paid.id,
            compensationCount: 2,
            publishedCount: 1,
            earnedCents: 98_000,
            lastPublishedAt: '2026-02-01T09:00:00.000Z',
            lastUpdatedAt: '2026-03-01T09:00:00.000Z',
          },
          {
            userId: unpaid.id,
            compensationCount: 0,
            publishedCount: 0,
            earnedCents: 0,
            lastPublishedAt: null,
            lastUpdatedAt: null,
          },
        ]),
      );
      const months = await handle.db.selectFrom('compensationMonthTotals').selectAll().execute();
      expect(months.map((row) => ({ ...row, publishedCents: Number(row.publishedCents) }))).toEqual(
        [{ year: 2026, month: 1, publishedCents: 100_000 }],
      );
      expect(await handle.db.selectFrom('creatorCounts').selectAll().execute()).toEqual([
        { id: 1, creators: 2, withEarnings: 1 },
      ]);
      expect(await handle.db.selectFrom('creatorPublishHours').selectAll().execute()).toEqual([
        { hour: '2026-02-01T09', creators: 1 },
      ]);
    });

    test('give each username its look-alike form; of names that already looked alike, the oldest keeps it', async ({
      handle,
    }) => {
      await migrateToLatest(handle, '0016-creator-counts');
      const oldest = await userOfAnOlderSchema(handle.db, {
        username: 'demo_admin',
        createdAt: '2026-01-01T00:00:00.000Z',
      });
      // A Cyrillic "а", and a zero with a zero-width space: made before usernames were checked.
      const cyrillic = await userOfAnOlderSchema(handle.db, {
        username: 'demo_\u0430dmin',
        createdAt: '2026-02-01T00:00:00.000Z',
      });
      const zero = await userOfAnOlderSchema(handle.db, {
        username: 'dem0_admin\u200b',
        createdAt: '2026-03-01T00:00:00.000Z',
      });
      const other = await userOfAnOlderSchema(handle.db, { username: 'Lucas' });

      await migrateToLatest(handle);
      const rows = await handle.db
        .selectFrom('users')
        .select(['id', 'username', 'usernameSkeleton'])
        .execute();
      const skeletonOf = (id: string) => rows.find((row) => row.id === id)?.usernameSkeleton;
      expect(skeletonOf(oldest.id)).toBe(usernameSkeleton('demo_admin'));
      expect(skeletonOf(cyrillic.id)).toBe(`${usernameSkeleton('demo_admin')}\n${cyrillic.id}`);
      expect(skeletonOf(zero.id)).toBe(`${usernameSkeleton('demo_admin')}\n${zero.id}`);
      expect(skeletonOf(other.id)).toBe(usernameSkeleton('Lucas'));
      // Everyone keeps their name; the look is taken for anyone new.
      expect(rows.map((row) => row.username)).toEqual(
        expect.arrayContaining(['demo_admin', 'demo_\u0430dmin', 'dem0_admin\u200b', 'Lucas']),
      );
      await expect(createUser(handle.db, { username: 'DEMO_ADMlN' })).rejects.toThrow();
    });
    test('give the sessions from before an id and their start as their last use', async ({
      handle,
    }) => {
      await migrateToLatest(handle, '0051-backup-runs');
      const user = await userOfAnOlderSchema(handle.db, { username: 'maria' });
      for (const [sid, sess] of [
        ['a'.repeat(64), JSON.stringify({ remember: true, createdAt: '2026-11-01T08:00:00.000Z' })],
        ['b'.repeat(64), 'not json'],
      ]) {
        await sql`insert into sessions (sid, user_id, sess, expire)
                  values (${sid}, ${user.id}, ${sess}, ${'2026-12-01T08:00:00.000Z'})`.execute(
          handle.db,
        );
      }
      await migrateToLatest(handle);
      const rows = await handle.db
        .selectFrom('sessions')
        .select(['sid', 'id', 'createdAt', 'lastSeenAt', 'userAgent'])
        .orderBy('sid')
        .execute();
      expect(rows[0]).toMatchObject({
        createdAt: '2026-11-01T08:00:00.000Z',
        lastSeenAt: '2026-11-01T08:00:00.000Z',
        userAgent: null,
      });
      expect(rows[1]!.createdAt).toBe(rows[1]!.lastSeenAt);
      expect(rows.map((row) => row.id)).toEqual([expect.any(String), expect.any(String)]);
      expect(rows[0]!.id).not.toBe(rows[1]!.id);
    });
  });

  test('keep usernames and emails unique regardless of case', async ({ handle }) => {
    const { db } = handle;
    await createUser(db, { username: 'Maria', email: 'maria@example.com' });
    await expect(
      createUser(db, { username: 'maria', email: 'other@example.com' }),
    ).rejects.toThrow();
    await expect(
      createUser(db, { username: 'someone', email: 'MARIA@example.com' }),
    ).rejects.toThrow();
  });

  test('refuse a status outside the domain list', async ({ handle }) => {
    const { db } = handle;
    const user = await createUser(db);
    await expect(createNotification(db, user.id, { type: 'gossip' as 'system' })).rejects.toThrow();
  });

  test("delete a person's notifications with them but keep their compensation history", async ({
    handle,
  }) => {
    const { db } = handle;
    const withNotifications = await createUser(db);
    await createNotification(db, withNotifications.id);
    await db.deleteFrom('users').where('id', '=', withNotifications.id).execute();
    const left = await db
      .selectFrom('notifications')
      .selectAll()
      .where('userId', '=', withNotifications.id)
      .execute();
    expect(left).toEqual([]);

    const paid = await createUser(db);
    await createCompensation(db, paid.id, { amountCents: 125_050 });
    await expect(db.deleteFrom('users').where('id', '=', paid.id).execute()).rejects.toThrow();
    const kept = await db
      .selectFrom('compensations')
      .select('amountCents')
      .where('userId', '=', paid.id)
      .execute();
    expect(kept).toEqual([{ amountCents: 125_050 }]);
  });

  test('hold the largest amount, 99,999,999.99, on both databases', async ({ handle }) => {
    const { db } = handle;
    const creator = await createUser(db);
    await createCompensation(db, creator.id, { amountCents: 9_999_999_999 });
    const row = await db
      .selectFrom('compensations')
      .select('amountCents')
      .executeTakeFirstOrThrow();
    expect(row.amountCents).toBe(9_999_999_999);
  });

  test('store booleans and timestamps the same way on both databases', async ({ handle }) => {
    const { db } = handle;
    const user = await createUser(db, { isAdmin: true });
    const row = await db
      .selectFrom('users')
      .select(['isAdmin', 'createdAt'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Boolean(row.isAdmin)).toBe(true);
    expect(row.createdAt).toBe(user.createdAt);
    expect(
      await db.selectFrom('users').select('id').where('id', '=', randomUUID()).execute(),
    ).toEqual([]);
  });
});
