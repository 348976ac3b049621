import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/**
 * What a person sees of their signed-in sessions (decision 0056): an `id` to name one by on the
 * wire (the primary key `sid` is the hash a cookie is checked against, and stays in the server),
 * the browser's user agent, when the session began and, to within minutes, when it was last used.
 * Sessions from before keep their start (from `sess`) and show it as their last use.
 */
export function sessionListMigration(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // One column per statement: SQLite adds no more at once.
      for (const [name, type] of [
        ['id', types.id],
        ['user_agent', 'varchar(300)'],
        ['created_at', types.timestamp],
        ['last_seen_at', types.timestamp],
      ] as const) {
        await db.schema.alterTable('sessions').addColumn(name, type).execute();
      }
      const { rows } = await sql<{
        sid: string;
        sess: string;
      }>`select sid, sess from sessions`.execute(db);
      for (const row of rows) {
        let createdAt: string | undefined;
        try {
          createdAt = (JSON.parse(row.sess) as { createdAt?: string }).createdAt;
        } catch {
          createdAt = undefined;
        }
        const at = createdAt ?? new Date().toISOString();
        await sql`update sessions set id = ${randomUUID()}, created_at = ${at}, last_seen_at = ${at}
                  where sid = ${row.sid}`.execute(db);
      }
      await db.schema
        .createIndex('sessions_id_unique')
        .on('sessions')
        .unique()
        .column('id')
        .execute();
    },
  };
}
