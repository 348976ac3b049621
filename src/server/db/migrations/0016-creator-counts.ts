import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * The creators overview's stat cards at any number of creators (decision 0031). Counting the
 * creators, those with earnings and those active on every request stepped through one index entry
 * per creator, so the counts are kept instead, by triggers, whoever writes:
 * - `creator_counts`: one row (id 1) with the number of creators (users who are not
 *   administrators) and of those whose earned cents are above zero.
 * - `creator_publish_hours`: creators counted by the UTC hour of their latest publish
 *   ('YYYY-MM-DDTHH'). 'Active' (latest publish within 30 days of the app's clock) is the sum of
 *   the hours after the one the window starts in (at most 720 rows and those ahead), plus the
 *   creators whose latest publish falls in that hour at or after the window's start, counted
 *   exactly from `compensation_user_totals`.
 * Triggers on `compensation_user_totals` (a creator's row made or moved by the compensation
 * triggers of migration 0010) and on `users` (deleted, made or no longer an administrator) keep
 * both right.
 */
export function creatorCountsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('creator_counts')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('creators', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('with_earnings', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('creator_publish_hours')
        .addColumn('hour', 'varchar(13)', (c) => c.primaryKey())
        .addColumn('creators', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      const hour = publishHour(dialect);
      // The creators already there.
      await sql
        .raw(
          `insert into creator_counts (id, creators, with_earnings)
           select 1, count(users.id),
             coalesce(sum(case when compensation_user_totals.earned_cents > 0 then 1 else 0 end), 0)
           from users left join compensation_user_totals on compensation_user_totals.user_id = users.id
           where users.is_admin = false`,
        )
        .execute(db);
      await sql
        .raw(
          `insert into creator_publish_hours (hour, creators)
           select ${hour('compensation_user_totals.last_published_at')}, count(*)
           from compensation_user_totals join users on users.id = compensation_user_totals.user_id
           where users.is_admin = false and compensation_user_totals.last_published_at is not null
           group by ${hour('compensation_user_totals.last_published_at')}`,
        )
        .execute(db);

      if (dialect === 'postgres') await createPostgresTriggers(db);
      else await createSqliteTriggers(db);
    },
  };
}

/** The UTC hour of a timestamp as 'YYYY-MM-DDTHH', as overview-repository.ts cuts the window's start. */
function publishHour(dialect: Dialect) {
  return dialect === 'postgres'
    ? (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`
    : (column: string) => `substr(${column}, 1, 13)`;
}

async function createSqliteTriggers(db: Kysely<unknown>) {
  const hour = publishHour('sqlite');
  /** One more (or fewer, `by` -1) creator in the hour of `at`, when there is one. */
  const moveHour = (at: string, by: string) => `
    insert into creator_publish_hours (hour, creators)
    select ${hour(at)}, ${by} where ${at} is not null
    on conflict (hour) do update set creators = creators + excluded.creators`;
  const isCreator = (user: string) =>
    `exists (select 1 from users where id = ${user} and is_admin = 0)`;
  const earning = (cents: string) => `(case when ${cents} > 0 then 1 else 0 end)`;
  const statements = [
    `create trigger creator_counts_totals_insert after insert on compensation_user_totals
     when ${isCreator('new.user_id')} begin
       update creator_counts set creators = creators + 1,
         with_earnings = with_earnings + ${earning('new.earned_cents')} where id = 1;
       ${moveHour('new.last_published_at', '1')};
     end`,
    `create trigger creator_counts_totals_update after update on compensation_user_totals
     when (${earning('new.earned_cents')} <> ${earning('old.earned_cents')}
       or ${hour('new.last_published_at')} is not ${hour('old.last_published_at')})
       and ${isCreator('new.user_id')} begin
       update creator_counts set with_earnings = with_earnings
         + ${earning('new.earned_cents')} - ${earning('old.earned_cents')} where id = 1;
       ${moveHour('old.last_published_at', '-1')};
       ${moveHour('new.last_published_at', '1')};
     end`,
    // Before the delete, while the person's totals row is there; a delete refused
    // (compensation kept) takes these changes back with it.
    `create trigger creator_counts_user_delete before delete on users
     when old.is_admin = 0 begin
       update creator_counts set creators = creators - 1,
         with_earnings = with_earnings - coalesce((select ${earning('earned_cents')}
           from compensation_user_totals where user_id = old.id), 0) where id = 1;
       update creator_publish_hours set creators = creators - 1
       where hour = (select ${hour('last_published_at')} from compensation_user_totals
         where user_id = old.id);
     end`,
    `create trigger creator_counts_user_admin after update of is_admin on users
     when old.is_admin <> new.is_admin begin
       update creator_counts set
         creators = creators + (case when new.is_admin = 0 then 1 else -1 end),
         with_earnings = with_earnings + (case when new.is_admin = 0 then 1 else -1 end)
           * coalesce((select ${earning('earned_cents')} from compensation_user_totals
             where user_id = new.id), 0)
       where id = 1;
       insert into creator_publish_hours (hour, creators)
       select ${hour('last_published_at')}, (case when new.is_admin = 0 then 1 else -1 end)
       from compensation_user_totals where user_id = new.id and last_published_at is not null
       on conflict (hour) do update set creators = creators + excluded.creators;
     end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function createPostgresTriggers(db: Kysely<unknown>) {
  const hour = publishHour('postgres');
  const statements = [
    `create function creator_publish_hours_move(at_hour varchar, step integer) returns void
     language plpgsql as $$
     begin
       if at_hour is not null then
         insert into creator_publish_hours (hour, creators) values (at_hour, step)
         on conflict (hour) do update set creators = creator_publish_hours.creators + excluded.creators;
       end if;
     end $$`,
    `create function creator_counts_totals_change() returns trigger language plpgsql as $$
     declare
       old_earning integer := 0;
       new_earning integer := case when new.earned_cents > 0 then 1 else 0 end;
       old_hour varchar := null;
       new_hour varchar := ${hour('new.last_published_at')};
     begin
       if tg_op = 'UPDATE' then
         old_earning := case when old.earned_cents > 0 then 1 else 0 end;
         old_hour := ${hour('old.last_published_at')};
         if old_earning = new_earning and old_hour is not distinct from new_hour then
           return null;
         end if;
       end if;
       if not exists (select 1 from users where id = new.user_id and not is_admin) then
         return null;
       end if;
       if tg_op = 'INSERT' or old_earning <> new_earning then
         update creator_counts set
           creators = creators + case when tg_op = 'INSERT' then 1 else 0 end,
           with_earnings = with_earnings + new_earning - old_earning
         where id = 1;
       end if;
       if old_hour is distinct from new_hour then
         perform creator_publish_hours_move(old_hour, -1);
         perform creator_publish_hours_move(new_hour, 1);
       end if;
       return null;
     end $$`,
    `create trigger creator_counts_totals_change after insert or update on compensation_user_totals
       for each row execute function creator_counts_totals_change()`,
    // Before the delete, while the person's totals row is there; a delete refused
    // (compensation kept) takes these changes back with it.
    `create function creator_counts_user_change() returns trigger language plpgsql as $$
     declare
       person varchar;
       step integer;
       earning integer;
       published timestamptz;
     begin
       if tg_op = 'DELETE' then
         person := old.id;
         step := -1;
       else
         person := new.id;
         step := case when new.is_admin then -1 else 1 end;
       end if;
       select case when earned_cents > 0 then 1 else 0 end, last_published_at
         into earning, published
         from compensation_user_totals where user_id = person;
       update creator_counts set
         creators = creators + step,
         with_earnings = with_earnings + step * coalesce(earning, 0)
       where id = 1;
       perform creator_publish_hours_move(${hour('published')}, step);
       if tg_op = 'DELETE' then return old; end if;
       return null;
     end $$`,
    `create trigger creator_counts_user_delete before delete on users
       for each row when (not old.is_admin) execute function creator_counts_user_change()`,
    `create trigger creator_counts_user_admin after update of is_admin on users
       for each row when (old.is_admin is distinct from new.is_admin)
       execute function creator_counts_user_change()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
