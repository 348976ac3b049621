import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/**
 * The mail outbox (decision 0038): every mail the product sends is written here in the
 * transaction of the act that causes it, rendered (recipient, subject, text and HTML in the
 * reader's language), and delivered from here. A delivery claims its row until `claimed_until`
 * under `claim_token`, so two processes never send one mail at once; `sent_at` marks it sent,
 * `failed_at` given up after its last attempt, with `last_error` for the administrators.
 */
export function mailOutboxMigration(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', types.id, (c) => c.primaryKey())
        .addColumn('recipient', 'varchar(254)', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('html', 'text', (c) => c.notNull())
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', types.timestamp, (c) => c.notNull())
        .addColumn('claimed_until', types.timestamp)
        .addColumn('claim_token', types.id)
        .addColumn('sent_at', types.timestamp)
        .addColumn('failed_at', types.timestamp)
        .addColumn('last_error', 'text')
        .execute();
      // The deliverer's question: which mails still to send are due.
      await db.schema
        .createIndex('mail_outbox_due_index')
        .on('mail_outbox')
        .column('next_attempt_at')
        .where(sql.ref('sent_at'), 'is', null)
        .where(sql.ref('failed_at'), 'is', null)
        .execute();
      // The dashboard's: the mails given up, latest first.
      await db.schema
        .createIndex('mail_outbox_failed_index')
        .on('mail_outbox')
        .column('failed_at')
        .where(sql.ref('failed_at'), 'is not', null)
        .execute();
    },
  };
}
