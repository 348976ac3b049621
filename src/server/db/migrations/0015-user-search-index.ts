import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * The creators overview at 20,000 creators (bench/influencers.mjs; decision 0022).
 *
 * `users.search_text` gets the trigram index the tasks got in migration 0008, the same way: on
 * SQLite an FTS5 table with the trigram tokenizer (`users_search`, external content over the
 * user's rowid, kept by triggers whoever writes a user, the users already there indexed), on
 * PostgreSQL a `pg_trgm` GIN index that serves `LIKE '%...%'` as it is. Without the pg_trgm
 * extension PostgreSQL keeps reading every row: slower, never wrong. `src/server/db/lists.ts`
 * decides how each search uses the index.
 */
export function userSearchIndexMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') await createPostgresSearchIndex(db);
      else await createSqliteSearchIndex(db);
    },
  };
}

async function createSqliteSearchIndex(db: Kysely<unknown>) {
  // The search text is folded already (searchable()), so the index compares it as it is:
  // case_sensitive 1 makes a trigram phrase the same test as LIKE '%...%' on that text.
  await sql`create virtual table users_search using fts5(
      search_text, content = 'users', tokenize = 'trigram case_sensitive 1')`.execute(db);
  const statements = [
    `create trigger users_search_insert after insert on users begin
       insert into users_search (rowid, search_text) values (new.rowid, new.search_text);
     end`,
    `create trigger users_search_update after update of search_text on users begin
       insert into users_search (users_search, rowid, search_text)
         values ('delete', old.rowid, old.search_text);
       insert into users_search (rowid, search_text) values (new.rowid, new.search_text);
     end`,
    `create trigger users_search_delete after delete on users begin
       insert into users_search (users_search, rowid, search_text)
         values ('delete', old.rowid, old.search_text);
     end`,
    // The users already there.
    `insert into users_search (users_search) values ('rebuild')`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function createPostgresSearchIndex(db: Kysely<unknown>) {
  // As in migration 0008: a host without pg_trgm keeps the LIKE over every row, and the
  // savepoint keeps the migration's transaction usable when the extension is refused (0008 has
  // usually created it already; "if not exists" makes that a no-op).
  await sql`savepoint pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`release savepoint pg_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint pg_trgm`.execute(db);
    return;
  }
  await sql`create index users_search_text_trigram_index on users
    using gin (search_text gin_trgm_ops)`.execute(db);
}
