import { z } from 'zod';
import { identifier } from './text.ts';
import { listQuerySchema, pageSchema } from './lists.ts';
import { formatMoney } from './money.ts';

/**
 * The audit log (decision 0057): who did what and when. Each entry has a kind from this list,
 * what it is about (`subjectType`, `subjectId`) and a few values (`params`) its summary is written
 * from, in the reader's language (catalogue keys `audit.summary.<kind>`).
 */
export const auditKinds = [
  'auth.signed_in',
  'auth.sign_in_failed',
  'auth.two_factor_code_wrong',
  'auth.two_factor_enabled',
  'auth.two_factor_disabled',
  'auth.two_factor_reset',
  'auth.sessions_ended',
  'user.created',
  'user.updated',
  'user.role_changed',
  'user.password_set',
  'user.password_changed',
  'user.password_reset',
  'user.deleted',
  'application.approved',
  'application.rejected',
  'application.document_viewed',
  'application.erased',
  'task.status_changed',
  'task.work_approved',
  'task.changes_requested',
  'compensation.created',
  'compensation.edited',
  'compensation.published',
  'compensation.corrected',
  'export.downloaded',
  'backup.started',
] as const;
export type AuditKind = (typeof auditKinds)[number];

export const auditSubjectTypes = [
  'user',
  'application',
  'task',
  'compensation',
  'export',
  'backup',
] as const;
export type AuditSubjectType = (typeof auditSubjectTypes)[number];

/** The values a summary is written from: names, a title, an amount, a month, a status. */
export type AuditParams = Record<string, string | number>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** Null for a failed sign-in under a name nobody holds, and for the server's own acts. */
  actorId: z.string().nullable(),
  /** The name as it was at the time (an account renamed or deleted later keeps its entries). */
  actorUsername: z.string().nullable(),
  kind: z.enum(auditKinds),
  subjectType: z.enum(auditSubjectTypes).nullable(),
  subjectId: z.string().nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** In English; screens write their own from `kind` and `params`. */
  summary: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A day as the filters take it: `2026-11-26`, in UTC. Anything else is no filter. */
const dayFilter = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00.000Z`)))
  .optional()
  .catch(undefined);

/**
 * GET /api/admin/audit: `?page=&q=&kind=&userId=&from=&to=`. `q` searches the actor's name and
 * the summary; `userId` is the actor; `from` and `to` are days, both included.
 */
export const auditListQuerySchema = listQuerySchema.extend({
  kind: z.enum(auditKinds).optional().catch(undefined),
  userId: identifier().optional().catch(undefined),
  from: dayFilter,
  to: dayFilter,
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
export type AuditFilter = Omit<AuditListQuery, 'page'>;
export const auditListSchema = pageSchema(auditEntrySchema);
export type AuditList = z.infer<typeof auditListSchema>;

/**
 * An entry's summary in the language `t` writes: its catalogue text with its values put in, the
 * amount written as money and a task's status by its name on screen.
 */
export function auditSummary(
  entry: { kind: AuditKind; params: AuditParams },
  t: (key: string, values?: Record<string, unknown>) => string,
  language: string,
): string {
  const values: Record<string, unknown> = { ...entry.params };
  const { amount, previousAmount, from, to, role } = entry.params;
  if (typeof amount === 'string') values.amount = formatMoney(amount, language);
  if (typeof previousAmount === 'string') {
    values.previousAmount = formatMoney(previousAmount, language);
  }
  if (entry.kind.startsWith('application.') && typeof entry.params.name !== 'string') {
    values.name = t('audit.erasedApplication');
  }
  if (typeof role === 'string') values.role = t(`audit.role.${role}`);
  if (entry.kind === 'task.status_changed') {
    if (typeof from === 'string') values.from = t(`tasks.status.${from}`);
    if (typeof to === 'string') values.to = t(`tasks.status.${to}`);
  }
  return t(`audit.summary.${entry.kind}`, values);
}
