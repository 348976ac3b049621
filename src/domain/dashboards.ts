import { z } from 'zod';

/**
 * When the person signed in before this visit: null on their first, so a banner says
 * "Welcome" rather than "Welcome back".
 */
const previousSignInAtSchema = z.string().nullable();

/** Why a backup failed, in words the dashboard and the administrators' notice give. */
export const backupFailures = [
  'disk_full',
  'not_allowed',
  'not_a_folder',
  'postgres_tools',
  'interrupted',
  'other',
] as const;
export type BackupFailure = (typeof backupFailures)[number];

export const backupStages = ['files', 'database', 'checking', 'done'] as const;

/** The backups as the administrators' dashboard shows them (decision 0051). */
export const backupStatusSchema = z.object({
  /** Hours between scheduled backups; 0 when the schedule is off. */
  everyHours: z.number(),
  /** The newest successful backup: when it ended, and its size in bytes. */
  last: z.object({ at: z.string(), bytes: z.number() }).nullable(),
  /** The newest run, when it failed after the last success. */
  failure: z
    .object({ at: z.string(), reason: z.enum(backupFailures), detail: z.string() })
    .nullable(),
  /** A backup under way, in any process. */
  running: z
    .object({
      startedAt: z.string(),
      stage: z.enum(backupStages),
      bytes: z.number(),
    })
    .nullable(),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;

/** GET /api/admin/dashboard: true figures from the database and the health check. */
export const adminDashboardSchema = z.object({
  previousSignInAt: previousSignInAtSchema,
  users: z.object({ total: z.number(), admins: z.number(), regular: z.number() }),
  applications: z.object({ total: z.number(), pending: z.number() }),
  tasks: z.object({
    total: z.number(),
    /** Creators' submissions not reviewed yet (decision 0029), one per assignment. */
    awaitingReview: z.number(),
  }),
  system: z.object({
    database: z.enum(['connected', 'unreachable']),
    /** ISO time the newest successful backup ended, or null: shown as 'Never'. */
    lastBackupAt: z.string().nullable(),
    backup: backupStatusSchema,
    /** Mails given up after their last attempt (decision 0038): how many, and the latest. */
    mail: z.object({
      failed: z.number(),
      lastFailure: z
        .object({
          recipient: z.string(),
          subject: z.string(),
          error: z.string(),
          failedAt: z.string(),
        })
        .nullable(),
    }),
  }),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

/** The profile fields that count towards completeness, in the order a checklist shows them. */
export const profileFields = ['username', 'email', 'firstName', 'lastName'] as const;
export type ProfileField = (typeof profileFields)[number];

/** GET /api/dashboard, for the signed-in creator. */
export const creatorDashboardSchema = z.object({
  previousSignInAt: previousSignInAtSchema,
  profile: z.object({
    /** Whole percent, 0 to 100. */
    completeness: z.number().int().min(0).max(100),
    /** Fields still empty; only administrators can fill in names (a person changes only their username). */
    missing: z.array(z.enum(profileFields)),
    /**
     * When the person last saved their profile in Settings; null until they do. A profile
     * filled in from their application is complete, but not yet one they have checked.
     */
    checkedAt: z.string().nullable(),
  }),
  tasks: z.object({
    /** Assigned tasks not yet completed (new, in progress or submitted for review). */
    open: z.number(),
    completed: z.number(),
  }),
  /** Sum of published compensation, as a decimal string ("1250.00"). */
  totalEarnings: z.string(),
});
export type CreatorDashboard = z.infer<typeof creatorDashboardSchema>;
