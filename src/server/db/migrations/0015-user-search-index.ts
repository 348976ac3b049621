import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { createSearchIndex } from './search-index.ts';

/**
 * The creators overview at 20,000 creators (bench/influencers.mjs; decision 0022):
 * `users.search_text` gets the trigram index the tasks got in migration 0008, the same way
 * (`createSearchIndex`).
 */
export function userSearchIndexMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await createSearchIndex(db, dialect, 'users');
    },
  };
}
