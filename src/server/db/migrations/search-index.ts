import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * A trigram index over `<table>.search_text`, so a search for a substring of three characters or
 * more finds its rows without reading every one (migrations 0008 and 0015). On SQLite an FTS5
 * table with the trigram tokenizer (`<table>_search`, external content over the row's rowid, kept
 * by triggers whoever writes the table, the rows already there indexed); on PostgreSQL a
 * `pg_trgm` GIN index that serves `LIKE '%...%'` as it is. `src/server/db/lists.ts` decides how
 * each search uses it.
 *
 * Migrations are history: a change here changes what those migrations did, so a new index goes
 * through this function, and a different index gets a function of its own.
 */
export async function createSearchIndex(
  db: Kysely<unknown>,
  dialect: Dialect,
  table: 'tasks' | 'users',
) {
  if (dialect === 'postgres') await createPostgresSearchIndex(db, table);
  else await createSqliteSearchIndex(db, table);
}

async function createSqliteSearchIndex(db: Kysely<unknown>, table: string) {
  const index = `${table}_search`;
  // The search text is folded already (searchable()), so the index compares it as it is:
  // case_sensitive 1 makes a trigram phrase the same test as LIKE '%...%' on that text.
  const statements = [
    `create virtual table ${index} using fts5(
      search_text, content = '${table}', tokenize = 'trigram case_sensitive 1')`,
    `create trigger ${index}_insert after insert on ${table} begin
       insert into ${index} (rowid, search_text) values (new.rowid, new.search_text);
     end`,
    `create trigger ${index}_update after update of search_text on ${table} begin
       insert into ${index} (${index}, rowid, search_text)
         values ('delete', old.rowid, old.search_text);
       insert into ${index} (rowid, search_text) values (new.rowid, new.search_text);
     end`,
    `create trigger ${index}_delete after delete on ${table} begin
       insert into ${index} (${index}, rowid, search_text)
         values ('delete', old.rowid, old.search_text);
     end`,
    // The rows already there.
    `insert into ${index} (${index}) values ('rebuild')`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function createPostgresSearchIndex(db: Kysely<unknown>, table: string) {
  // pg_trgm is a trusted extension (any owner of the database may create it), but a host may
  // not ship it: then the search reads every row as before (slower, never wrong), and the
  // migration still succeeds. The savepoint keeps the migration's transaction usable when the
  // extension is refused; "if not exists" makes a second creation a no-op.
  await sql`savepoint pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`release savepoint pg_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint pg_trgm`.execute(db);
    return;
  }
  await sql
    .raw(
      `create index ${table}_search_text_trigram_index on ${table}
      using gin (search_text gin_trgm_ops)`,
    )
    .execute(db);
}
