import { loadConfig } from '../../src/server/config.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AdminDashboard } from '../../src/domain/dashboards.ts';
import type { NotificationList } from '../../src/domain/notifications.ts';
import { scheduledBackup } from '../../src/server/backups/runs.ts';
import { listSnapshots } from '../../src/server/backups/snapshot-format.ts';
import { emptyTarget, envOf, runCli, writeStoredFiles } from '../support/backups.ts';
import { createUser } from '../support/factories.ts';
import { describe, expect, test, testClock } from '../support/fixtures.ts';
import { signedInClient } from '../support/sign-in.ts';
import { buildTestApp, type TestDatabase } from '../support/test-app.ts';

const hour = 3600_000;

describe('the scheduled backup', () => {
  test.override('clock', () => testClock('2026-03-01T10:00:00.000Z'));
  test.override('appEnv', { BACKUP_INTERVAL_HOURS: '1', BACKUP_KEEP: '2' });

  test('runs once a round across the processes sharing the database, and keeps the newest BACKUP_KEEP', async ({
    app,
    admin,
    appEnv,
    database,
    clock,
  }) => {
    const other = await buildTestApp(database, appEnv, { clock: clock.now });
    try {
      const backups = app.deps.config.backups.dir;
      // Not at every start: the first round is an hour after the installation first asks.
      expect(await scheduledBackup(app.deps)).toBeNull();
      expect(await listSnapshots(backups)).toEqual([]);

      const taken: string[] = [];
      for (let round = 0; round < 3; round++) {
        clock.advance(hour);
        const outcomes = await Promise.all([
          scheduledBackup(app.deps),
          scheduledBackup(other.app.deps),
        ]);
        const done = outcomes.filter((outcome) => outcome !== null);
        expect(done).toHaveLength(1);
        expect(done[0]!.status).toBe('succeeded');
        if (done[0]!.status === 'succeeded') taken.push(done[0]!.path);
        // Nothing more in the same round.
        expect(await scheduledBackup(other.app.deps)).toBeNull();
      }
      // The newest two are kept.
      expect((await listSnapshots(backups)).map((snapshot) => snapshot.path)).toEqual(
        taken.slice(1).reverse(),
      );
      const dashboard = (await admin.get('/api/admin/dashboard')).json<AdminDashboard>();
      expect(dashboard.system.backup.last?.bytes).toBeGreaterThan(0);
      expect(dashboard.system.lastBackupAt).toBe(dashboard.system.backup.last?.at);
      expect(dashboard.system.backup).toMatchObject({
        everyHours: 1,
        failure: null,
        running: null,
      });
    } finally {
      await other.close();
    }
  });

  test('a failed one is logged as an error, told to every administrator, and shown on the dashboard', async ({
    createApp,
    clock,
  }) => {
    const lines: string[] = [];
    const blocked = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'blocked-')), 'backups');
    fs.writeFileSync(blocked, 'a file where the folder should be');
    const { app } = await createApp(
      { BACKUP_INTERVAL_HOURS: '1', BACKUP_DIR: blocked, LOG_LEVEL: 'warn' },
      { clock: clock.now, logStream: { write: (line) => lines.push(line) } },
    );
    const admins = await Promise.all([
      createUser(app.deps.db, { isAdmin: true }),
      createUser(app.deps.db, { isAdmin: true, preferredLanguage: 'es' }),
    ]);
    expect(await scheduledBackup(app.deps)).toBeNull();
    clock.advance(hour);
    const outcome = await scheduledBackup(app.deps);
    expect(outcome).toMatchObject({ status: 'failed', reason: 'not_a_folder' });
    expect(lines.some((line) => /"level":50.*The backup failed/.test(line))).toBe(true);

    const [english, spanish] = await Promise.all(admins.map((user) => signedInClient(app, user)));
    const titles = async (client: typeof english) =>
      (await client!.get('/api/notifications'))
        .json<NotificationList>()
        .notifications.map((notification) => notification.title);
    expect(await titles(english)).toContain('Backup failed: the folder is not usable');
    expect(await titles(spanish)).toContain('La copia de seguridad falló: carpeta no válida');
    const dashboard = (await english!.get('/api/admin/dashboard')).json<AdminDashboard>();
    expect(dashboard.system.lastBackupAt).toBeNull();
    expect(dashboard.system.backup.failure).toMatchObject({ reason: 'not_a_folder' });
    fs.rmSync(path.dirname(blocked), { recursive: true, force: true });
  });

  test('is off with BACKUP_INTERVAL_HOURS=0', async ({ createApp, clock }) => {
    const { app } = await createApp({ BACKUP_INTERVAL_HOURS: '0' }, { clock: clock.now });
    clock.advance(48 * hour);
    expect(await scheduledBackup(app.deps)).toBeNull();
    expect(fs.existsSync(app.deps.config.backups.dir)).toBe(false);
  });
});

describe("'Back up now'", () => {
  test('starts one, shows its progress, starts no second meanwhile, and the restore knows it ended well', async ({
    app,
    admin,
    database,
    creator,
  }) => {
    writeStoredFiles(database.dataDir, 'bulk', 40, 1024 * 1024);
    const started = await admin.post('/api/admin/backups');
    expect(started.statusCode).toBe(202);
    expect(started.json<AdminDashboard['system']['backup']>().running).toMatchObject({
      stage: expect.stringMatching(/^(files|database|checking|done)$/),
    });
    // Asked again meanwhile (a double tap, a second administrator): nothing new starts, and the
    // answer is the backup under way.
    const again = await admin.post('/api/admin/backups');
    expect(again.statusCode).toBe(202);
    expect(again.json<AdminDashboard['system']['backup']>().running?.startedAt).toBe(
      started.json<AdminDashboard['system']['backup']>().running?.startedAt,
    );
    expect((await creator.post('/api/admin/backups')).statusCode).toBe(403);

    await expect
      .poll(
        async () =>
          (await admin.get('/api/admin/dashboard')).json<AdminDashboard>().system.backup.running,
        { timeout: 60_000, interval: 200 },
      )
      .toBeNull();
    const { system } = (await admin.get('/api/admin/dashboard')).json<AdminDashboard>();
    expect(system.backup.failure).toBeNull();
    expect(system.backup.last?.bytes).toBeGreaterThan(40 * 1024 * 1024);
    expect(system.lastBackupAt).toBe(system.backup.last?.at);

    // Restored, the snapshot's own run reads as the success it was, not as interrupted.
    const [snapshot] = await listSnapshots(app.deps.config.backups.dir);
    const target = await emptyTarget(os.tmpdir());
    try {
      const restore = await runCli('restore', [snapshot!.path], envOf(target));
      expect(restore.code).toBe(0);
      const restored = await buildTestApp({
        ...target,
        dialect: target.databaseUrl ? 'postgres' : 'sqlite',
        open: () => {
          throw new Error('not used');
        },
      } satisfies TestDatabase);
      try {
        const answer = await restored.app.inject({
          url: '/api/admin/dashboard',
          headers: { cookie: admin.cookie },
        });
        expect(answer.statusCode).toBe(200);
        const backup = answer.json<AdminDashboard>().system.backup;
        expect(backup.failure).toBeNull();
        expect(backup.running).toBeNull();
        expect(backup.last?.bytes).toBe(system.backup.last?.bytes);
      } finally {
        await restored.close();
      }
    } finally {
      await target.remove();
    }
  }, 90_000);
});

describe('the BACKUP_MAX_MIB_PER_SECOND setting', () => {
  test('paces the copy at 16 MiB/s unless told otherwise; 0 leaves it to the disk', () => {
    expect(loadConfig({}).backups.maxBytesPerSecond).toBe(16 * 1024 * 1024);
    expect(loadConfig({ BACKUP_MAX_MIB_PER_SECOND: '0' }).backups.maxBytesPerSecond).toBe(0);
    expect(loadConfig({ BACKUP_MAX_MIB_PER_SECOND: '2.5' }).backups.maxBytesPerSecond).toBe(
      2.5 * 1024 * 1024,
    );
    expect(() => loadConfig({ BACKUP_MAX_MIB_PER_SECOND: '-1' })).toThrow(
      /BACKUP_MAX_MIB_PER_SECOND: must be 0 \(no limit\) or more/,
    );
    expect(() => loadConfig({ BACKUP_MAX_MIB_PER_SECOND: 'fast' })).toThrow(
      /BACKUP_MAX_MIB_PER_SECOND: must be a number of MiB per second/,
    );
  });
});
