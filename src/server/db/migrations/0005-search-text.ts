import type { Kysely, Migration } from 'kysely';
import { searchable } from '../../../domain/lists.ts';

/**
 * Lists are searched in SQL, case- and accent-insensitively on both dialects (decision 0019):
 * each searchable table keeps `search_text`, its searched fields lowered and without accents,
 * written by its repository on every insert and update. Existing rows are filled in here.
 */
const searched = {
  users: ['username', 'email', 'first_name', 'last_name'],
  applications: ['first_name', 'last_name', 'email', 'personal_message'],
  tasks: ['title', 'description'],
} as const;

export function searchTextMigration(): Migration {
  return {
    async up(untyped: Kysely<unknown>) {
      // The tables as they stand in this migration, not as the application's types say.
      const db = untyped as Kysely<Record<string, Record<string, string | null>>>;
      for (const [table, columns] of Object.entries(searched)) {
        await db.schema
          .alterTable(table)
          .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
          .execute();
        const rows = await db
          .selectFrom(table)
          .select(['id', ...columns])
          .execute();
        for (const row of rows) {
          await db
            .updateTable(table)
            .set({ search_text: searchable(...columns.map((column) => row[column])) })
            .where('id', '=', row.id ?? '')
            .execute();
        }
      }
    },
  };
}
