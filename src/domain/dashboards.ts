import { z } from 'zod';

/** GET /api/admin/dashboard: true figures from the database and the health check. */
export const adminDashboardSchema = z.object({
  users: z.object({ total: z.number(), admins: z.number(), regular: z.number() }),
  applications: z.object({ total: z.number(), pending: z.number() }),
  tasks: z.object({ total: z.number() }),
  system: z.object({
    database: z.enum(['connected', 'unreachable']),
    /** ISO time of the last backup, or null: shown as 'Never'. */
    lastBackupAt: z.string().nullable(),
  }),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

/** The profile fields that count towards completeness, in the order a checklist shows them. */
export const profileFields = ['username', 'email', 'firstName', 'lastName'] as const;
export type ProfileField = (typeof profileFields)[number];

/** GET /api/dashboard, for the signed-in creator. */
export const influencerDashboardSchema = z.object({
  profile: z.object({
    /** Whole percent, 0 to 100. */
    completeness: z.number().int().min(0).max(100),
    /** Fields still empty; only administrators can fill in names (spec, Settings). */
    missing: z.array(z.enum(profileFields)),
  }),
  tasks: z.object({
    /** Assigned tasks not yet completed (new, in progress or submitted for review). */
    open: z.number(),
    completed: z.number(),
  }),
  /** Sum of published compensation, as a decimal string ("1250.00"). */
  totalEarnings: z.string(),
});
export type InfluencerDashboard = z.infer<typeof influencerDashboardSchema>;
