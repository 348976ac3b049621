import { Migrator, type Migration } from 'kysely';
import type { DatabaseHandle } from './database.ts';
import { columnTypes } from './migrations/column-types.ts';
import { initialMigration } from './migrations/0001-initial.ts';
import { accountsMigration } from './migrations/0002-accounts.ts';
import { applicationsMigration } from './migrations/0003-applications.ts';
import { rateLimitsMigration } from './migrations/0004-rate-limits.ts';
import { searchTextMigration } from './migrations/0005-search-text.ts';
import { assignmentStatusesMigration } from './migrations/0006-assignment-statuses.ts';
import { taskListIndexesMigration } from './migrations/0007-task-list-indexes.ts';
import { taskSearchIndexMigration } from './migrations/0008-task-search-index.ts';
import { compensationChangesMigration } from './migrations/0009-compensation-changes.ts';
import { compensationOverviewIndexesMigration } from './migrations/0010-compensation-overview-indexes.ts';
import { firstStepsMigration } from './migrations/0011-first-steps.ts';
import { taskReviewsMigration } from './migrations/0012-task-reviews.ts';
import { taskUploadClaimsMigration } from './migrations/0013-task-upload-claims.ts';
import { assignmentRemindersMigration } from './migrations/0014-assignment-reminders.ts';
import { userSearchIndexMigration } from './migrations/0015-user-search-index.ts';
import { creatorCountsMigration } from './migrations/0016-creator-counts.ts';
import { uploadFinishingAndJobRoundsMigration } from './migrations/0018-upload-finishing-and-job-rounds.ts';
import { usernameSkeletonsMigration } from './migrations/0019-username-skeletons.ts';
import { applicationIdTypeMigration } from './migrations/0042-application-id-type.ts';
import { mailOutboxMigration } from './migrations/0043-mail-outbox.ts';
import { taskUploadViewsMigration } from './migrations/0045-task-upload-views.ts';
import { userListIndexMigration } from './migrations/0048-user-list-index.ts';
import { backupRunsMigration } from './migrations/0051-backup-runs.ts';
import { twoFactorMigration } from './migrations/0052-two-factor.ts';
import { resumableUploadLocksMigration } from './migrations/0055-resumable-upload-locks.ts';
import { sessionListMigration } from './migrations/0056-session-list.ts';
import { auditLogMigration } from './migrations/0057-audit-log.ts';
import { usernameSkeletonIndexPartialMigration } from './migrations/0058-username-skeleton-index-partial.ts';
import { notificationBellIndexesMigration } from './migrations/0059-notification-bell-indexes.ts';

/** Every migration, in order. Add new ones at the end; never edit one that has shipped. */
function allMigrations(handle: DatabaseHandle): Record<string, Migration> {
  const types = columnTypes(handle.dialect);
  return {
    '0001-initial': initialMigration(types),
    '0002-accounts': accountsMigration(types),
    '0003-applications': applicationsMigration(types),
    '0004-rate-limits': rateLimitsMigration(types),
    '0005-search-text': searchTextMigration(),
    '0006-assignment-statuses': assignmentStatusesMigration(types, handle.dialect),
    '0007-task-list-indexes': taskListIndexesMigration(),
    '0008-task-search-index': taskSearchIndexMigration(types, handle.dialect),
    '0009-compensation-changes': compensationChangesMigration(types, handle.dialect),
    '0010-compensation-overview-indexes': compensationOverviewIndexesMigration(
      types,
      handle.dialect,
    ),
    '0011-first-steps': firstStepsMigration(types),
    '0012-task-reviews': taskReviewsMigration(types),
    '0013-task-upload-claims': taskUploadClaimsMigration(types),
    '0014-assignment-reminders': assignmentRemindersMigration(types),
    '0015-user-search-index': userSearchIndexMigration(handle.dialect),
    '0016-creator-counts': creatorCountsMigration(handle.dialect),
    '0018-upload-finishing-and-job-rounds': uploadFinishingAndJobRoundsMigration(types),
    '0019-username-skeletons': usernameSkeletonsMigration(),
    '0042-application-id-type': applicationIdTypeMigration(),
    '0043-mail-outbox': mailOutboxMigration(types),
    '0045-task-upload-views': taskUploadViewsMigration(),
    '0048-user-list-index': userListIndexMigration(),
    '0051-backup-runs': backupRunsMigration(types),
    '0052-two-factor': twoFactorMigration(types),
    '0055-resumable-upload-locks': resumableUploadLocksMigration(types),
    '0056-session-list': sessionListMigration(types),
    '0057-audit-log': auditLogMigration(types, handle.dialect),
    '0058-username-skeleton-index-partial': usernameSkeletonIndexPartialMigration(),
    '0059-notification-bell-indexes': notificationBellIndexesMigration(),
  };
}

/**
 * Brings the database to the latest schema, or (tests of an upgrade) up to the migration named.
 * Already up to date is a no-op.
 */
export async function migrateToLatest(handle: DatabaseHandle, upTo?: string): Promise<string[]> {
  const migrations = allMigrations(handle);
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations },
    // Areas built side by side reserve their numbers: one that lands after a higher number has
    // already run on a database (0008 after 0009) still runs there, instead of failing start-up.
    allowUnorderedMigrations: true,
  });
  const { error, results = [] } = upTo
    ? await migrator.migrateTo(upTo)
    : await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
      cause: error,
    });
  }
  return results
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
