import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/**
 * Every backup the server or `npm run backup` takes (decision 0051): when it began, how it ended,
 * the snapshot's name and size, or why it failed (`failure`, a reason the dashboard words) and
 * the error itself. A run under way says how far it got
 * (`progress_bytes`) and stays `running` with its `heartbeat_at` moving; one whose heartbeat
 * stopped, or whose process (`owner`, host and process id) is gone, was interrupted.
 */
export function backupRunsMigration(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('backup_runs')
        .addColumn('id', types.id, (c) => c.primaryKey())
        .addColumn('trigger', 'varchar(16)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('owner', 'varchar(300)', (c) => c.notNull())
        .addColumn('started_at', types.timestamp, (c) => c.notNull())
        .addColumn('heartbeat_at', types.timestamp, (c) => c.notNull())
        .addColumn('finished_at', types.timestamp)
        .addColumn('stage', 'varchar(16)')
        .addColumn('progress_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('snapshot', 'varchar(64)')
        .addColumn('bytes', 'bigint')
        .addColumn('failure', 'varchar(32)')
        .addColumn('error', 'text')
        .execute();
      await db.schema
        .createIndex('backup_runs_started_index')
        .on('backup_runs')
        .column('started_at')
        .execute();
    },
  };
}
