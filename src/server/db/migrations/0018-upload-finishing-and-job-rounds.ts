import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/**
 * Finishing resumable uploads once, and periodic jobs that run once across processes
 * (decision 0039):
 * - `task_upload_claims.finished_upload_id`: the task upload a finished upload became. Setting it
 *   where it is still null is the finish's claim, so of several requests finishing one upload at
 *   once exactly one records the file; the others, and a client asking later, read the finished
 *   state from it. A finished claim no longer counts under the file limit (its file does) and
 *   goes when it expires.
 * - `job_rounds`: when each job that must not run in two processes at once may next run. A round
 *   is claimed by moving `next_round_at` on where it has come.
 */
export function uploadFinishingAndJobRoundsMigration(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('task_upload_claims')
        .addColumn('finished_upload_id', types.id)
        .execute();
      await db.schema
        .createTable('job_rounds')
        .addColumn('job', 'varchar(100)', (c) => c.primaryKey())
        .addColumn('next_round_at', types.timestamp, (c) => c.notNull())
        .execute();
    },
  };
}
