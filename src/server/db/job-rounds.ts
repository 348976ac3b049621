import type { Db } from './database.ts';

/**
 * Claims this round of a job that must run in one process only (decision 0039): answers true to
 * the one caller that moves the job's next round from at or before `now` to `now + everyMs`, and
 * false to every other caller until then. Other jobs claim their pieces of work instead
 * (`runPeriodically`); this is for work that has no rows to claim, such as walking storage.
 */
export async function claimJobRound(
  db: Db,
  { job, now, everyMs }: { job: string; now: Date; everyMs: number },
): Promise<boolean> {
  const due = now.toISOString();
  const next = new Date(now.getTime() + everyMs).toISOString();
  await db
    .insertInto('jobRounds')
    .values({ job, nextRoundAt: due })
    .onConflict((conflict) => conflict.column('job').doNothing())
    .execute();
  const result = await db
    .updateTable('jobRounds')
    .set({ nextRoundAt: next })
    .where('job', '=', job)
    .where('nextRoundAt', '<=', due)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Sets a job's rounds going without claiming one: its first round is due at `firstAt` unless it
 * has one already, and a round due after `latestAt` (the interval was shortened) is brought to
 * `latestAt`.
 */
export async function planJobRound(
  db: Db,
  { job, firstAt, latestAt }: { job: string; firstAt: Date; latestAt: Date },
): Promise<void> {
  await db
    .insertInto('jobRounds')
    .values({ job, nextRoundAt: firstAt.toISOString() })
    .onConflict((conflict) => conflict.column('job').doNothing())
    .execute();
  await db
    .updateTable('jobRounds')
    .set({ nextRoundAt: latestAt.toISOString() })
    .where('job', '=', job)
    .where('nextRoundAt', '>', latestAt.toISOString())
    .execute();
}
