import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/**
 * What a creator's dashboard needs to say true things on a first visit (decision 0026):
 * when the person last signed in and the time before that (no earlier sign-in: a first visit,
 * "Welcome" rather than "Welcome back"), and when they themselves last saved their profile in
 * Settings (a profile filled in from their application is not one they have checked).
 */
export function firstStepsMigration(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ['last_sign_in_at', 'previous_sign_in_at', 'profile_checked_at']) {
        await db.schema.alterTable('users').addColumn(column, types.timestamp).execute();
      }
    },
  };
}
