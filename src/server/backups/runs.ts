import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BackupFailure, BackupStatus } from '../../domain/dashboards.ts';
import { backupStages } from '../../domain/dashboards.ts';
import type { Config } from '../config.ts';
import type { Db, Dialect } from '../db/database.ts';
import { claimJobRound, planJobRound } from '../db/job-rounds.ts';
import { recordAudit, type AuditActor } from '../modules/audit/repository.ts';
import { lockKeys } from '../db/locks.ts';
import type { Clock } from '../deps.ts';
import type { LiveEvents } from '../live/events.ts';
import { catalogueNotification, notify } from '../modules/notifications/notify.ts';
import { administratorIds } from '../modules/users/repository.ts';
import { existingDocumentKey } from './document-key.ts';
import { freshRunningRun, insertRun, newestRuns, updateRun } from './repository.ts';
import { listSnapshots } from './snapshot-format.ts';
import { takeSnapshot, type BackupProgress } from './take-snapshot.ts';

/** What a backup needs: the server's dependencies, or the command's own. */
export interface BackupDeps {
  db: Db;
  dialect: Dialect;
  config: Config;
  clock: Clock;
  /** A failed backup notifies the administrators, which their bells hear of live. */
  live: LiveEvents;
  afterCommit(task: () => void): void;
  log: {
    info(details: object, message: string): void;
    error(details: object, message: string): void;
  };
}

export type BackupTrigger = 'schedule' | 'manual' | 'command';

/** A run under way writes its heartbeat this often; one silent for `staleAfterMs` was interrupted. */
const heartbeatMs = 2000;
const staleAfterMs = 60_000;

export type BackupOutcome =
  | { status: 'succeeded'; runId: string; path: string; bytes: number; removed: string[] }
  | { status: 'failed'; runId: string; reason: BackupFailure; detail: string };

/**
 * Records a new run unless one is under way (its heartbeat fresh) in any process: answers its id,
 * or null. Under a key lock, so two starts at once make one run.
 */
async function startRun(
  deps: BackupDeps,
  trigger: BackupTrigger,
  actor: AuditActor | undefined,
): Promise<string | null> {
  const now = deps.clock();
  return deps.db.transaction().execute(async (trx) => {
    await lockKeys(trx, deps.dialect, ['backup-run']);
    const running = await freshRunningRun(trx, new Date(now.getTime() - staleAfterMs));
    if (running && isAliveOwner(running.owner)) return null;
    if (running) {
      // Its process is gone (killed): it was interrupted, and says so.
      await updateRun(trx, running.id, {
        status: 'failed',
        failure: 'interrupted',
        finishedAt: now.toISOString(),
      });
    }
    const id = randomUUID();
    await insertRun(trx, {
      id,
      trigger,
      status: 'running',
      owner: thisOwner,
      startedAt: now.toISOString(),
      heartbeatAt: now.toISOString(),
      stage: 'files',
    });
    // Every backup started is in the audit log: by the administrator who asked, or the server's.
    await recordAudit(
      { db: trx, clock: deps.clock },
      {
        actor: actor ?? null,
        kind: 'backup.started',
        subject: { type: 'backup', id },
        params: { trigger },
      },
    );
    return id;
  });
}

const thisOwner = `${os.hostname()}:${process.pid}`;

/** Whether the process that owns a run may still be at it (always, when on another machine). */
function isAliveOwner(owner: string): boolean {
  const at = owner.lastIndexOf(':');
  const [host, pid] = [owner.slice(0, at), Number(owner.slice(at + 1))];
  if (host !== os.hostname()) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Why a backup failed, for the administrators: what to do, not a stack trace. */
export function failureOf(error: unknown): BackupFailure {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return 'disk_full';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return 'not_allowed';
  if (code === 'ENOTDIR' || code === 'EEXIST') return 'not_a_folder';
  if (error instanceof Error && error.name === 'BackupToolError') return 'postgres_tools';
  return 'other';
}

/**
 * Takes one backup and records it (decision 0051): the run's progress while it goes, then its
 * snapshot and size, or its failure, logged as an error and told to every administrator. After a
 * success the newest BACKUP_KEEP snapshots are kept and older ones removed. Answers null when a
 * backup is already under way; never throws.
 */
export async function runBackup(
  deps: BackupDeps,
  trigger: BackupTrigger,
  options: { onStart?: (runId: string) => void; actor?: AuditActor } = {},
): Promise<BackupOutcome | null> {
  const runId = await startRun(deps, trigger, options.actor);
  if (!runId) return null;
  options.onStart?.(runId);
  let progress: BackupProgress = { stage: 'files', bytes: 0, files: 0 };
  const beat = () =>
    updateRun(
      deps.db,
      runId,
      {
        heartbeatAt: deps.clock().toISOString(),
        stage: progress.stage,
        progressBytes: progress.bytes,
      },
      { whileRunning: true },
    ).catch(() => {});
  const heartbeat = setInterval(() => void beat(), heartbeatMs);
  heartbeat.unref();
  try {
    const taken = await takeSnapshot(deps.config, {
      documentKey: existingDocumentKey(deps.config),
      runId,
      onProgress: (next) => (progress = next),
    });
    clearInterval(heartbeat);
    await updateRun(deps.db, runId, {
      status: 'succeeded',
      finishedAt: deps.clock().toISOString(),
      heartbeatAt: deps.clock().toISOString(),
      stage: 'done',
      progressBytes: taken.manifest.bytes,
      snapshot: path.basename(taken.path),
      bytes: taken.manifest.bytes,
    });
    const removed = await pruneSnapshots(deps.config);
    deps.log.info(
      { snapshot: taken.path, bytes: taken.manifest.bytes, removed: removed.length },
      'Backup taken',
    );
    return { status: 'succeeded', runId, path: taken.path, bytes: taken.manifest.bytes, removed };
  } catch (error) {
    clearInterval(heartbeat);
    const reason = failureOf(error);
    const detail = error instanceof Error ? error.message : String(error);
    deps.log.error({ err: error, reason }, 'The backup failed');
    const finishedAt = deps.clock().toISOString();
    await updateRun(deps.db, runId, {
      status: 'failed',
      finishedAt,
      heartbeatAt: finishedAt,
      failure: reason,
      error: detail,
    }).catch(() => {});
    await tellAdministrators(deps, reason).catch((notifyError: unknown) =>
      deps.log.error(
        { err: notifyError },
        'Could not tell the administrators of the failed backup',
      ),
    );
    return { status: 'failed', runId, reason, detail };
  }
}

async function tellAdministrators(deps: BackupDeps, reason: BackupFailure): Promise<void> {
  for (const id of await administratorIds(deps.db)) {
    await notify(
      deps,
      id,
      catalogueNotification('system', `notification.backupFailed.${reason}`, {
        dir: deps.config.backups.dir,
      }),
    );
  }
}

/** Records a run of `npm run backup` once it has ended: its snapshot and size, or why it failed. */
export async function recordEndedRun(
  db: Db,
  run: { startedAt: Date } & ({ snapshot: string; bytes: number } | { error: unknown }),
): Promise<void> {
  const now = new Date().toISOString();
  const ended =
    'error' in run
      ? {
          status: 'failed' as const,
          failure: failureOf(run.error),
          error: run.error instanceof Error ? run.error.message : String(run.error),
        }
      : {
          status: 'succeeded' as const,
          stage: 'done',
          snapshot: run.snapshot,
          bytes: run.bytes,
          progressBytes: run.bytes,
        };
  await insertRun(db, {
    id: randomUUID(),
    trigger: 'command',
    owner: thisOwner,
    startedAt: run.startedAt.toISOString(),
    heartbeatAt: now,
    finishedAt: now,
    ...ended,
  });
}

/** Keeps the newest BACKUP_KEEP snapshots of BACKUP_DIR and removes the others. */
export async function pruneSnapshots(config: Config): Promise<string[]> {
  const older = (await listSnapshots(config.backups.dir)).slice(config.backups.keep);
  for (const snapshot of older)
    await fs.promises.rm(snapshot.path, { recursive: true, force: true });
  return older.map((snapshot) => snapshot.name);
}

/** How often every process asks whether the scheduled backup is due. */
export const scheduleCheckMs = 60_000;
const job = 'backup';

/**
 * The scheduled backup: every BACKUP_INTERVAL_HOURS, once across every process sharing the
 * database (`job_rounds`). A new installation's first round is due an hour after it first asks
 * (or sooner with a shorter interval), not at every start; a shortened interval applies at once.
 */
export async function scheduledBackup(deps: BackupDeps): Promise<BackupOutcome | null> {
  if (!(await claimScheduledBackup(deps))) return null;
  return runBackup(deps, 'schedule');
}

/** Whether this process has the scheduled backup's round that is due now (see scheduledBackup). */
export async function claimScheduledBackup(deps: BackupDeps): Promise<boolean> {
  const everyMs = deps.config.backups.intervalHours * 3600_000;
  if (everyMs <= 0) return false;
  const now = deps.clock();
  await planJobRound(deps.db, {
    job,
    firstAt: new Date(now.getTime() + Math.min(everyMs, 3600_000)),
    latestAt: new Date(now.getTime() + everyMs),
  });
  return claimJobRound(deps.db, { job, now, everyMs });
}

/** The backups' state for the administrators' dashboard. */
export async function backupStatus(
  deps: Pick<BackupDeps, 'db' | 'config' | 'clock'>,
): Promise<BackupStatus> {
  const { db } = deps;
  const { succeeded: last, latest } = await newestRuns(db);
  const stale = new Date(deps.clock().getTime() - staleAfterMs).toISOString();
  const running =
    latest?.status === 'running' && latest.heartbeatAt > stale && isAliveOwner(latest.owner)
      ? latest
      : undefined;
  const interrupted = latest?.status === 'running' && !running ? latest : undefined;
  const failed = latest?.status === 'failed' ? latest : undefined;
  const stage = backupStages.find((candidate) => candidate === running?.stage) ?? 'files';
  return {
    everyHours: deps.config.backups.intervalHours,
    last: last?.finishedAt ? { at: last.finishedAt, bytes: Number(last.bytes ?? 0) } : null,
    failure: failed
      ? {
          at: failed.finishedAt ?? failed.startedAt,
          reason: (failed.failure ?? 'other') as BackupFailure,
          detail: failed.error ?? '',
        }
      : interrupted
        ? { at: interrupted.heartbeatAt, reason: 'interrupted', detail: '' }
        : null,
    running: running
      ? { startedAt: running.startedAt, stage, bytes: Number(running.progressBytes) }
      : null,
  };
}
