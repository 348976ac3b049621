import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';
import { searchable } from '../../../domain/lists.ts';
import { centsToDecimal } from '../../../domain/money.ts';
import type { Dialect } from '../database.ts';
import type { ColumnTypes } from './column-types.ts';

/** The compensation actions as migration 0009 fixed them, and the audit kinds they become. */
const kindOfAction: Record<string, string> = {
  created: 'compensation.created',
  edited: 'compensation.edited',
  published: 'compensation.published',
  corrected: 'compensation.corrected',
};

/**
 * The audit log (decision 0057): one table of who did what and when, written in the transaction
 * of each act. The two records kept before it become part of it and go: each opening of an ID
 * document (`application_document_views`) and each change of a compensation entry
 * (`compensation_changes`, whose `ordinal`, amounts and notes move into the entry's values).
 *
 * No foreign keys: an entry outlives the account, application or entry it names, and a cascade
 * would change it. Triggers refuse any UPDATE or DELETE (and on PostgreSQL TRUNCATE), so not even
 * a mistaken query of the product changes the record.
 */
export function auditLogMigration(types: ColumnTypes, dialect: Dialect): Migration {
  return {
    async up(untyped: Kysely<unknown>) {
      await untyped.schema
        .createTable('audit_entries')
        .addColumn('id', types.id, (c) => c.primaryKey())
        .addColumn('at', types.timestamp, (c) => c.notNull())
        .addColumn('actor_id', types.id)
        .addColumn('actor_username', 'varchar(200)')
        .addColumn('kind', 'varchar(40)', (c) => c.notNull())
        .addColumn('subject_type', 'varchar(20)')
        .addColumn('subject_id', 'varchar(100)')
        .addColumn('params', 'text', (c) => c.notNull())
        .addColumn('address', 'varchar(100)')
        .addColumn('search_text', 'text', (c) => c.notNull())
        .execute();
      // The list, newest first; and the same narrowed by actor, by kind, and by subject (an
      // application's document openings, a compensation entry's changes).
      for (const [name, columns] of [
        ['audit_entries_at_index', ['at', 'id']],
        ['audit_entries_actor_index', ['actor_id', 'at']],
        ['audit_entries_kind_index', ['kind', 'at']],
        ['audit_entries_subject_index', ['subject_type', 'subject_id', 'at']],
      ] as const) {
        await untyped.schema
          .createIndex(name)
          .on('audit_entries')
          .columns([...columns])
          .execute();
      }

      const db = untyped as Kysely<Record<string, Record<string, string | number | null>>>;
      const insert = async (entry: {
        at: string;
        actorId: string | null;
        actorUsername: string | null;
        kind: string;
        subjectType: string;
        subjectId: string;
        params: Record<string, string | number>;
      }) => {
        const { params, ...rest } = entry;
        await db
          .insertInto('auditEntries')
          .values({
            id: randomUUID(),
            ...rest,
            params: JSON.stringify(params),
            address: null,
            searchText: searchable(entry.actorUsername, ...Object.values(params).map(String)),
          })
          .execute();
      };
      const at = (value: unknown) =>
        value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();

      const views = await db
        .selectFrom('applicationDocumentViews as view')
        .leftJoin('users as viewer', 'viewer.id', 'view.viewerId')
        .select(['view.applicationId', 'view.viewerId', 'view.viewedAt', 'viewer.username'])
        .execute();
      for (const view of views) {
        await insert({
          at: at(view.viewedAt),
          actorId: view.viewerId === null ? null : String(view.viewerId),
          actorUsername: (view.username as string | null) ?? null,
          kind: 'application.document_viewed',
          subjectType: 'application',
          subjectId: String(view.applicationId),
          // The applicant's name is read from the application while it exists, never kept.
          params: {},
        });
      }

      const changes = await db
        .selectFrom('compensationChanges as change')
        .innerJoin('compensations as entry', 'entry.id', 'change.compensationId')
        .leftJoin('users as creator', 'creator.id', 'entry.userId')
        .leftJoin('users as actor', 'actor.id', 'change.actorId')
        .select([
          'change.compensationId',
          'change.ordinal',
          'change.action',
          'change.actorId',
          'change.at',
          'change.amountCents',
          'change.notes',
          'change.previousAmountCents',
          'change.previousNotes',
          'entry.month',
          'entry.year',
          'creator.username as creatorUsername',
          'actor.username as actorUsername',
        ])
        .execute();
      for (const change of changes) {
        const params: Record<string, string | number> = {
          ordinal: Number(change.ordinal),
          username: String(change.creatorUsername ?? ''),
          period: `${change.year}-${String(change.month).padStart(2, '0')}`,
          amount: centsToDecimal(Number(change.amountCents)),
        };
        if (change.notes !== null) params.notes = String(change.notes);
        if (change.previousAmountCents !== null) {
          params.previousAmount = centsToDecimal(Number(change.previousAmountCents));
        }
        if (change.previousNotes !== null) params.previousNotes = String(change.previousNotes);
        await insert({
          at: at(change.at),
          actorId: change.actorId === null ? null : String(change.actorId),
          actorUsername: (change.actorUsername as string | null) ?? null,
          kind: kindOfAction[String(change.action)] ?? 'compensation.edited',
          subjectType: 'compensation',
          subjectId: String(change.compensationId),
          params,
        });
      }

      await untyped.schema.dropTable('application_document_views').execute();
      await untyped.schema.dropTable('compensation_changes').execute();

      if (dialect === 'postgres') {
        await sql`create function audit_entries_kept() returns trigger language plpgsql as $$
          begin
            raise exception 'audit entries are never changed or deleted';
          end $$`.execute(untyped);
        await sql`create trigger audit_entries_kept
          before update or delete or truncate on audit_entries
          for each statement execute function audit_entries_kept()`.execute(untyped);
      } else {
        await sql`create trigger audit_entries_unchanged before update on audit_entries
          begin select raise(abort, 'audit entries are never changed'); end`.execute(untyped);
        await sql`create trigger audit_entries_kept before delete on audit_entries
          begin select raise(abort, 'audit entries are never deleted'); end`.execute(untyped);
      }
    },
  };
}
