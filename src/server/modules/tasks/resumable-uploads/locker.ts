import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { Db } from '../../../db/database.ts';

/**
 * A holder's lease: renewed every `renewEveryMs` while its request runs, so a process that
 * stopped holding a lock frees it this soon (within tus-js-client's retries, 9 s in all).
 */
const leaseMs = 5_000;
const renewEveryMs = 500;
/** How often a waiting request looks again, and how long it waits in all (tus's own default). */
const retryEveryMs = 100;
const acquireTimeoutMs = 30_000;

const leaseEnd = () => new Date(Date.now() + leaseMs).toISOString();

/**
 * The tus server's lock on an upload, held in the database so requests served by different
 * processes exclude each other (decision 0055; it replaces the tus library's in-memory lock of
 * decision 0028). As with that lock, a request that finds the upload held asks the holder to let
 * go (a client that lost its connection has started again) and waits for it; the holder sees
 * the request when it renews its lease and ends its own request. Leases run by each process's
 * clock, which must be in step (NTP) across machines.
 */
export function databaseLocker(db: Db): Locker {
  return { newLock: (uploadId) => new DatabaseLock(db, uploadId) };
}

class DatabaseLock implements Lock {
  private readonly holder = randomUUID();
  private renewing: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly uploadId: string,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const giveUpAt = Date.now() + acquireTimeoutMs;
    while (!(await this.take())) {
      if (signal.aborted || Date.now() > giveUpAt) throw ERRORS.ERR_LOCK_TIMEOUT;
      await this.db
        .updateTable('resumableUploadLocks')
        .set({ releaseRequested: 1 })
        .where('uploadId', '=', this.uploadId)
        .execute();
      await sleep(retryEveryMs);
    }
    this.renewing = setInterval(() => void this.renew(requestRelease), renewEveryMs);
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewing);
    await this.db
      .deleteFrom('resumableUploadLocks')
      .where('uploadId', '=', this.uploadId)
      .where('holder', '=', this.holder)
      .execute();
  }

  /**
   * Takes the upload when nobody holds it or the holder's lease has run out. The row is made
   * if missing, then claimed by one conditional update, which only one request can win.
   */
  private async take(): Promise<boolean> {
    const now = new Date().toISOString();
    await this.db
      .insertInto('resumableUploadLocks')
      .values({ uploadId: this.uploadId, holder: this.holder, expiresAt: leaseEnd() })
      .onConflict((conflict) => conflict.column('uploadId').doNothing())
      .execute();
    const taken = await this.db
      .updateTable('resumableUploadLocks')
      .set({ holder: this.holder, expiresAt: leaseEnd(), releaseRequested: 0 })
      .where('uploadId', '=', this.uploadId)
      .where((where) => where.or([where('holder', '=', this.holder), where('expiresAt', '<', now)]))
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) > 0;
  }

  /** Renews the lease; a waiting request, or a lease lost meanwhile, ends this one's request. */
  private async renew(requestRelease: RequestRelease): Promise<void> {
    try {
      const row = await this.db
        .updateTable('resumableUploadLocks')
        .set({ expiresAt: leaseEnd() })
        .where('uploadId', '=', this.uploadId)
        .where('holder', '=', this.holder)
        .returning('releaseRequested')
        .executeTakeFirst();
      if (!row || row.releaseRequested) {
        clearInterval(this.renewing);
        await requestRelease();
      }
    } catch {
      // A database that failed once is asked again at the next renewal; the lease still runs.
    }
  }
}

/** Removes the locks of requests whose process stopped while holding them. */
export async function removeLapsedLocks(db: Db, olderThan: Date): Promise<void> {
  await db
    .deleteFrom('resumableUploadLocks')
    .where('expiresAt', '<', olderThan.toISOString())
    .execute();
}
