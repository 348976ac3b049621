import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import type { ColumnTypes } from './column-types.ts';
import { createSearchIndex } from './search-index.ts';

/**
 * The task lists at 100,000 tasks, second part (the benchmark bench/task-lists.mjs;
 * decision 0022).
 *
 * A search for a substring of three characters or more finds its rows through a trigram index
 * over `tasks.search_text` instead of reading every row (`createSearchIndex`).
 *
 * A creator's own list is ordered by the task's due date and filtered by its content type: each
 * assignment carries a copy of both (kept by triggers when the task changes), so the list walks
 * an index of the creator's assignments in due order and stops after a page instead of joining
 * and sorting every one of them. `task_assignment_counts` keeps how many assignments each creator
 * has per status and content type (triggers again), so the counters and the filtered totals are
 * a dozen rows whatever the creator holds.
 */
export function taskSearchIndexMigration(types: ColumnTypes, dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await createSearchIndex(db, dialect, 'tasks');

      await sql`alter table task_assignments add column due_date ${sql.raw(types.timestamp)}`.execute(
        db,
      );
      await sql`alter table task_assignments add column content_type varchar(10)`.execute(db);
      await sql`update task_assignments set
          due_date = (select due_date from tasks where tasks.id = task_assignments.task_id),
          content_type = (select content_type from tasks where tasks.id = task_assignments.task_id)`.execute(
        db,
      );
      // The creator's list in due order, and the same within one status (which also serves the
      // counters' recount below); task_id breaks ties as tasks.id did.
      await db.schema
        .createIndex('task_assignments_user_due_index')
        .on('task_assignments')
        .columns(['user_id', 'due_date', 'task_id'])
        .execute();
      await db.schema.dropIndex('task_assignments_user_index').execute();
      await db.schema
        .createIndex('task_assignments_user_index')
        .on('task_assignments')
        .columns(['user_id', 'status', 'due_date', 'task_id'])
        .execute();
      // The administrators' list filtered by content type, walked in its own order.
      await db.schema
        .createIndex('tasks_content_type_created_index')
        .on('tasks')
        .columns(['content_type', 'created_at', 'id'])
        .execute();

      await db.schema
        .createTable('task_assignment_counts')
        .addColumn('user_id', types.id, (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('status', 'varchar(20)', (c) => c.notNull())
        .addColumn('content_type', 'varchar(10)', (c) => c.notNull())
        .addColumn('assignments', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('task_assignment_counts_primary', [
          'user_id',
          'status',
          'content_type',
        ])
        .execute();
      await sql`insert into task_assignment_counts (user_id, status, content_type, assignments)
        select user_id, status, content_type, count(*) from task_assignments
        group by user_id, status, content_type`.execute(db);

      if (dialect === 'postgres') await createPostgresAssignmentTriggers(db);
      else await createSqliteAssignmentTriggers(db);
    },
  };
}

async function createSqliteAssignmentTriggers(db: Kysely<unknown>) {
  const addCount = (status: string, contentType: string, userId: string) => `
    insert into task_assignment_counts (user_id, status, content_type, assignments)
      select ${userId}, ${status}, ${contentType}, 1 where true
      on conflict (user_id, status, content_type) do update set assignments = assignments + 1`;
  const removeCount = (status: string, contentType: string, userId: string) => `
    update task_assignment_counts set assignments = assignments - 1
      where user_id = ${userId} and status = ${status} and content_type = ${contentType}`;
  const statements = [
    // SQLite cannot change a row before it is written, so a new assignment gets its task's due
    // date and content type just after; that update is not a move between counts (see below).
    `create trigger task_assignments_counts_insert after insert on task_assignments begin
       update task_assignments set (due_date, content_type) =
         (select due_date, content_type from tasks where tasks.id = new.task_id)
       where id = new.id;
       ${addCount('new.status', '(select content_type from tasks where tasks.id = new.task_id)', 'new.user_id')};
     end`,
    `create trigger task_assignments_counts_update
       after update of user_id, status, content_type on task_assignments
       when old.content_type is not null begin
       ${removeCount('old.status', 'old.content_type', 'old.user_id')};
       ${addCount('new.status', 'new.content_type', 'new.user_id')};
     end`,
    `create trigger task_assignments_counts_delete after delete on task_assignments begin
       ${removeCount('old.status', 'old.content_type', 'old.user_id')};
     end`,
    `create trigger tasks_assignment_copies_update after update of due_date, content_type on tasks
       when old.due_date is not new.due_date or old.content_type is not new.content_type begin
       update task_assignments set due_date = new.due_date, content_type = new.content_type
       where task_id = new.id;
     end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function createPostgresAssignmentTriggers(db: Kysely<unknown>) {
  const statements = [
    `create function task_assignments_copy_task() returns trigger language plpgsql as $$
     begin
       select due_date, content_type into new.due_date, new.content_type
       from tasks where id = new.task_id;
       return new;
     end $$`,
    `create trigger task_assignments_copy_task before insert on task_assignments
       for each row execute function task_assignments_copy_task()`,
    `create function task_assignment_count_add(person varchar, state varchar, kind varchar, delta integer)
       returns void language plpgsql as $$
     begin
       -- Taking one away only updates: when a deleted user takes their assignments with them,
       -- their counts are gone already and must not be made again.
       if delta < 0 then
         update task_assignment_counts set assignments = assignments + delta
         where user_id = person and status = state and content_type = kind;
       else
         insert into task_assignment_counts (user_id, status, content_type, assignments)
         values (person, state, kind, delta)
         on conflict (user_id, status, content_type) do update
           set assignments = task_assignment_counts.assignments + excluded.assignments;
       end if;
     end $$`,
    // An assignment that moves takes one from its old count and gives one to its new: the two
    // rows are always changed in the same order (by status, then content type), so two moves in
    // opposite directions at once wait for each other instead of deadlocking.
    `create function task_assignments_counts_change() returns trigger language plpgsql as $$
     begin
       if tg_op = 'INSERT' then
         perform task_assignment_count_add(new.user_id, new.status, new.content_type, 1);
       elsif tg_op = 'DELETE' then
         perform task_assignment_count_add(old.user_id, old.status, old.content_type, -1);
       elsif (old.user_id, old.status, old.content_type) is distinct from
             (new.user_id, new.status, new.content_type) then
         if (old.user_id, old.status, old.content_type) < (new.user_id, new.status, new.content_type) then
           perform task_assignment_count_add(old.user_id, old.status, old.content_type, -1);
           perform task_assignment_count_add(new.user_id, new.status, new.content_type, 1);
         else
           perform task_assignment_count_add(new.user_id, new.status, new.content_type, 1);
           perform task_assignment_count_add(old.user_id, old.status, old.content_type, -1);
         end if;
       end if;
       return null;
     end $$`,
    `create trigger task_assignments_counts_change
       after insert or delete or update of user_id, status, content_type on task_assignments
       for each row execute function task_assignments_counts_change()`,
    `create function tasks_assignment_copies_update() returns trigger language plpgsql as $$
     begin
       update task_assignments set due_date = new.due_date, content_type = new.content_type
       where task_id = new.id;
       return null;
     end $$`,
    `create trigger tasks_assignment_copies_update after update of due_date, content_type on tasks
       for each row
       when (old.due_date is distinct from new.due_date or old.content_type is distinct from new.content_type)
       execute function tasks_assignment_copies_update()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
