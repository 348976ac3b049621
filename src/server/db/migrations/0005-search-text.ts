import type { Kysely, Migration } from 'kysely';
import { searchable } from '../../../domain/lists.ts';

/**
 * Lists are searched in SQL, case- and accent-insensitively on both dialects (decision 0019):
 * each searchable table keeps `search_text`, its searched fields lowered and without accents,
 * written by its repository on every insert and update. Existing rows are filled in here.
 */
const searched = {
  users: ['username', 'email', 'firstName', 'lastName'],
  applications: ['firstName', 'lastName', 'email', 'personalMessage'],
  tasks: ['title', 'description'],
} as const;

export function searchTextMigration(): Migration {
  return {
    async up(untyped: Kysely<unknown>) {
      // The tables as they stand in this migration, not as the application's types say. Names
      // are camelCase like everywhere: the database handle maps them to the snake_case columns.
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
            .set({ searchText: searchable(...columns.map((column) => row[column])) })
            .where('id', '=', row.id ?? '')
            .execute();
        }
      }
    },
  };
}
