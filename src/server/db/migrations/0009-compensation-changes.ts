import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import type { ColumnTypes } from './column-types.ts';
import { oneOf } from './0001-initial.ts';

/** The actions, fixed here as this migration ships them. */
const actions = ['created', 'edited', 'published', 'corrected'];

/**
 * The record of every change to a compensation entry (decision 0023): who created, edited,
 * published or corrected an entry, when, and the amount and notes before and after. `ordinal`
 * numbers an entry's changes, so two made within the same millisecond still read in the order they
 * happened.
 *
 * Also widens `compensations.amount_cents` to 64 bits on PostgreSQL: the largest amount an entry
 * may hold (decision 0004), 99,999,999.99, is 9,999,999,999 cents, beyond a 32-bit integer.
 * SQLite's integers are 64-bit already.
 *
 * Entries made before this migration get their 'created' (and 'published') change from the
 * times and people the entry itself records, so no entry has an empty history.
 */
export function compensationChangesMigration(types: ColumnTypes, dialect: Dialect): Migration {
  return {
    async up(untyped: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`alter table compensations alter column amount_cents type bigint`.execute(untyped);
      }
      await untyped.schema
        .createTable('compensation_changes')
        .addColumn('id', types.id, (c) => c.primaryKey())
        .addColumn('compensation_id', types.id, (c) =>
          c.notNull().references('compensations.id').onDelete('cascade'),
        )
        .addColumn('ordinal', 'integer', (c) => c.notNull())
        .addColumn('action', 'varchar(20)', (c) => c.notNull())
        // SET NULL: the record outlives the administrator's account; it then reads "someone".
        .addColumn('actor_id', types.id, (c) => c.references('users.id').onDelete('set null'))
        .addColumn('at', types.timestamp, (c) => c.notNull())
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('notes', 'text')
        .addColumn('previous_amount_cents', 'bigint')
        .addColumn('previous_notes', 'text')
        .addUniqueConstraint('compensation_changes_ordinal_unique', ['compensation_id', 'ordinal'])
        .addCheckConstraint('compensation_changes_action_check', oneOf('action', actions))
        .addCheckConstraint(
          'compensation_changes_amount_check',
          sql`amount_cents >= 0 and (previous_amount_cents is null or previous_amount_cents >= 0)`,
        )
        .execute();
      await untyped.schema
        .createIndex('compensation_changes_actor_index')
        .on('compensation_changes')
        .column('actor_id')
        .execute();

      // The tables as they stand in this migration (camelCase: the handle maps to snake_case).
      const db = untyped as Kysely<Record<string, Record<string, string | number | null>>>;
      const entries = await db
        .selectFrom('compensations')
        .select([
          'id',
          'amountCents',
          'notes',
          'createdBy',
          'createdAt',
          'publishedBy',
          'publishedAt',
        ])
        .execute();
      for (const entry of entries) {
        const base = {
          compensationId: entry.id ?? '',
          amountCents: Number(entry.amountCents),
          notes: entry.notes ?? null,
          previousAmountCents: null,
          previousNotes: null,
        };
        const changes = [
          { ...base, action: 'created', actorId: entry.createdBy ?? null, at: entry.createdAt },
        ];
        if (entry.publishedAt) {
          changes.push({
            ...base,
            action: 'published',
            actorId: entry.publishedBy ?? null,
            at: entry.publishedAt,
          });
        }
        await db
          .insertInto('compensationChanges')
          .values(
            changes.map((change, index) => ({ id: randomUUID(), ordinal: index + 1, ...change })),
          )
          .execute();
      }
    },
  };
}
