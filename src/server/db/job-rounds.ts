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
