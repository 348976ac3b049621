import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import type { ColumnTypes } from './column-types.ts';

/**
 * The creators overview (GET /api/admin/influencers) at 20,000 creators with two years of
 * compensation each (bench/influencers.mjs; decision 0031). Summing 480,000 entries on every
 * request costs what the table holds, so two small tables keep the sums, written by triggers on
 * `compensations` whoever writes it (the compensation service, the demo seed, tests):
 * - `compensation_user_totals`: one row per user (made with the user), their entries counted and
 *   summed; the list sorts and filters on it, walking an index in each sort's order.
 * - `compensation_month_totals`: published compensation per calendar month; the monthly chart
 *   and Total Payouts read a dozen rows instead of every entry.
 * A new entry adds to its person's row; an edit or a delete recounts the row from the person's own
 * entries (two dozen rows), so the latest times stay exact when an entry goes. A month's sum moves
 * by the amount changed. The name sort walks an index over the same expression as the overview's
 * query; the stat cards count ranges of the earnings and publish-time indexes.
 */
export function compensationOverviewIndexesMigration(
  types: ColumnTypes,
  dialect: Dialect,
): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('compensation_user_totals')
        .addColumn('user_id', types.id, (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('compensation_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('published_count', 'integer', (c) => c.notNull().defaultTo(0))
        // bigint: a creator's compensation over the years outgrows PostgreSQL's integer.
        .addColumn('earned_cents', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('last_published_at', types.timestamp)
        .addColumn('last_updated_at', types.timestamp)
        .execute();
      await db.schema
        .createTable('compensation_month_totals')
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('month', 'integer', (c) => c.notNull())
        .addColumn('published_cents', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('compensation_month_totals_primary', ['year', 'month'])
        .execute();

      // The overview's sorts, each with the id that breaks ties, so a page is one index walk.
      await db.schema
        .createIndex('compensation_user_totals_earned_index')
        .on('compensation_user_totals')
        .columns(['earned_cents desc', 'user_id'])
        .execute();
      await db.schema
        .createIndex('compensation_user_totals_count_index')
        .on('compensation_user_totals')
        .columns(['compensation_count desc', 'user_id'])
        .execute();
      await db.schema
        .createIndex('compensation_user_totals_published_index')
        .on('compensation_user_totals')
        .columns(['last_published_at', 'user_id'])
        .execute();
      // Creators without entries come last: SQLite orders nulls last when descending already,
      // PostgreSQL must be told (in the index as in the query).
      if (dialect === 'postgres') {
        await sql`create index compensation_user_totals_updated_index on compensation_user_totals (last_updated_at desc nulls last, user_id)`.execute(
          db,
        );
      } else {
        await db.schema
          .createIndex('compensation_user_totals_updated_index')
          .on('compensation_user_totals')
          .columns(['last_updated_at desc', 'user_id'])
          .execute();
      }
      // Name, then username, case-insensitively: the same expression as overview-repository.ts.
      await sql`create index users_creator_name_index on users (is_admin, lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')), lower(username), id)`.execute(
        db,
      );

      if (dialect === 'postgres') await createPostgresTriggers(db);
      else await createSqliteTriggers(db);

      // Compensation recorded before this migration.
      await sql`
        insert into compensation_user_totals
          (user_id, compensation_count, published_count, earned_cents, last_published_at, last_updated_at)
        select users.id, count(compensations.id),
          coalesce(sum(case when compensations.status = 'published' then 1 else 0 end), 0),
          coalesce(sum(case when compensations.status = 'published' then compensations.amount_cents else 0 end), 0),
          max(compensations.published_at), max(compensations.updated_at)
        from users left join compensations on compensations.user_id = users.id
        group by users.id`.execute(db);
      await sql`
        insert into compensation_month_totals (year, month, published_cents)
        select year, month, sum(amount_cents) from compensations
        where status = 'published' group by year, month`.execute(db);
    },
  };
}

/**
 * A new entry added to its person's row: only ever more, so no recount. On PostgreSQL the update
 * waits for another writer's lock on the row and then adds to the row as that writer left it.
 */
const addEntry = `
  update compensation_user_totals set
    compensation_count = compensation_count + 1,
    published_count = published_count + case when new.status = 'published' then 1 else 0 end,
    earned_cents = earned_cents + case when new.status = 'published' then new.amount_cents else 0 end,
    last_published_at = case when last_published_at is null or new.published_at > last_published_at
      then new.published_at else last_published_at end,
    last_updated_at = case when last_updated_at is null or new.updated_at > last_updated_at
      then new.updated_at else last_updated_at end
  where user_id = new.user_id`;

/** A person's row recounted from their entries; `user` is `new.user_id` or `old.user_id`. */
const recountUser = (user: string) => `
  update compensation_user_totals set
    (compensation_count, published_count, earned_cents, last_published_at, last_updated_at) = (
      select count(*),
        coalesce(sum(case when status = 'published' then 1 else 0 end), 0),
        coalesce(sum(case when status = 'published' then amount_cents else 0 end), 0),
        max(published_at), max(updated_at)
      from compensations where user_id = ${user})
  where user_id = ${user}`;

async function createSqliteTriggers(db: Kysely<unknown>) {
  // SQLite runs one writer at a time, so a recount always sees every committed entry.
  const addPublished = `
    insert into compensation_month_totals (year, month, published_cents)
    select new.year, new.month, new.amount_cents where new.status = 'published'
    on conflict (year, month) do update set published_cents = published_cents + excluded.published_cents`;
  const removePublished = `
    update compensation_month_totals set published_cents = published_cents - old.amount_cents
    where old.status = 'published' and year = old.year and month = old.month`;
  const statements = [
    `create trigger users_compensation_totals_insert after insert on users begin
       insert into compensation_user_totals (user_id) values (new.id);
     end`,
    `create trigger compensations_totals_insert after insert on compensations begin
       ${addPublished};
       ${addEntry};
     end`,
    `create trigger compensations_totals_update after update on compensations begin
       ${removePublished};
       ${addPublished};
       ${recountUser('new.user_id')};
       ${recountUser('old.user_id')} and old.user_id <> new.user_id;
     end`,
    `create trigger compensations_totals_delete after delete on compensations begin
       ${removePublished};
       ${recountUser('old.user_id')};
     end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function createPostgresTriggers(db: Kysely<unknown>) {
  const statements = [
    `create function users_compensation_totals_insert() returns trigger language plpgsql as $$
     begin
       insert into compensation_user_totals (user_id) values (new.id);
       return null;
     end $$`,
    `create trigger users_compensation_totals_insert after insert on users
       for each row execute function users_compensation_totals_insert()`,
    // Locking the person's row first, in its own statement, makes a second writer wait for the
    // first to commit; the recount that follows takes a fresh snapshot that sees both entries.
    `create function compensation_user_totals_recount(person varchar) returns void language plpgsql as $$
     begin
       perform 1 from compensation_user_totals where user_id = person for update;
       ${recountUser('person')};
     end $$`,
    `create function compensations_totals_change() returns trigger language plpgsql as $$
     begin
       if tg_op in ('UPDATE', 'DELETE') and old.status = 'published' then
         update compensation_month_totals set published_cents = published_cents - old.amount_cents
         where year = old.year and month = old.month;
       end if;
       if tg_op in ('INSERT', 'UPDATE') then
         if new.status = 'published' then
           insert into compensation_month_totals (year, month, published_cents)
           values (new.year, new.month, new.amount_cents)
           on conflict (year, month) do update
             set published_cents = compensation_month_totals.published_cents + excluded.published_cents;
         end if;
         if tg_op = 'INSERT' then
           ${addEntry};
         else
           perform compensation_user_totals_recount(new.user_id);
         end if;
       end if;
       if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.user_id <> new.user_id) then
         perform compensation_user_totals_recount(old.user_id);
       end if;
       return null;
     end $$`,
    `create trigger compensations_totals_change after insert or update or delete on compensations
       for each row execute function compensations_totals_change()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
