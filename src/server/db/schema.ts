import type { ColumnType, Generated } from 'kysely';
import type { ApplicationStatus, DocumentType } from '../../domain/applications.ts';
import type { AuditKind, AuditSubjectType } from '../../domain/audit.ts';
import type { CompensationStatus } from '../../domain/compensation.ts';
import type { Language } from '../../domain/languages.ts';
import type { NotificationType } from '../../domain/notifications.ts';
import type { Flag, NullableTimestamp, SearchText, Timestamp } from './schema-columns.ts';
import type {
  ResumableUploadLocksTable,
  TaskAssignmentCountsTable,
  TaskAssignmentsTable,
  TaskReviewsTable,
  TaskUploadClaimsTable,
  TaskUploadsTable,
  TasksTable,
} from './schema-tasks.ts';

/**
 * The database as Kysely sees it, in camelCase (CamelCasePlugin maps to the snake_case columns).
 * The task tables are in `schema-tasks.ts`, the column types every table uses in
 * `schema-columns.ts`.
 */
export interface UsersTable {
  id: string;
  username: string;
  /** The username's look-alike form, unique (users/look-alike.ts; migration 0019). */
  usernameSkeleton: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  passwordHash: string;
  isAdmin: Flag;
  preferredLanguage: Language;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  searchText: SearchText;
  /** This sign-in and the one before it: none before means the person's first visit. */
  lastSignInAt: NullableTimestamp;
  previousSignInAt: NullableTimestamp;
  /** When the person last saved their own profile in Settings. */
  profileCheckedAt: NullableTimestamp;
}

export interface SessionsTable {
  /** The SHA-256 of the cookie's token: the server's key, never sent. */
  sid: string;
  /** The session's name on the wire (GET /api/auth/sessions). */
  id: string;
  userId: string;
  sess: string;
  expire: Timestamp;
  userAgent: string | null;
  createdAt: Timestamp;
  /** When a request last used it, to within `lastSeenStepMs` (domain/auth.ts). */
  lastSeenAt: Timestamp;
}

export interface TranslationsTable {
  id: string;
  key: string;
  en: string;
  es: string;
  pt: string;
  description: string | null;
  category: Generated<string>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ApplicationsTable {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  country: string;
  city: string;
  state: string;
  /** JSON text: a list of { network, handle, followers, url? }. */
  socialAccounts: string;
  documentType: DocumentType;
  /** The ID type the applicant picked ("State ID"); null when not sent (migration 0042). */
  idType: ColumnType<string | null, string | null | undefined, string | null>;
  documentNumber: string;
  /** Key of the encrypted ID document in storage; never a public URL. */
  documentFileKey: string | null;
  documentFileType: string | null;
  personalMessage: string;
  heardAboutUs: string | null;
  /** The language the application was made in; its mails answer in it. */
  language: ColumnType<Language, Language | undefined, Language>;
  status: ApplicationStatus;
  adminNotes: string | null;
  reviewedBy: string | null;
  reviewedAt: Timestamp | null;
  createdUserId: string | null;
  /** When it was last rejected; its document is deleted a configured number of days later. */
  rejectedAt: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  submittedAt: Timestamp;
  updatedAt: Timestamp;
  searchText: SearchText;
}

/** Every note an administrator left on an application, with its author. */
export interface ApplicationNotesTable {
  id: string;
  applicationId: string;
  authorId: string | null;
  note: string;
  createdAt: Timestamp;
}

export interface CompensationsTable {
  id: string;
  userId: string;
  month: number;
  year: number;
  amountCents: number;
  status: CompensationStatus;
  notes: string | null;
  createdBy: string | null;
  publishedAt: Timestamp | null;
  publishedBy: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/**
 * Each person's entries counted and summed, one row per user, kept by triggers on compensations
 * (migration 0010): the creators overview sorts and filters on it without reading every entry.
 */
export interface CompensationUserTotalsTable {
  userId: string;
  compensationCount: ColumnType<number, number | undefined, number>;
  publishedCount: ColumnType<number, number | undefined, number>;
  earnedCents: ColumnType<number, number | undefined, number>;
  lastPublishedAt: Timestamp | null;
  lastUpdatedAt: Timestamp | null;
}

/** Published compensation per calendar month, kept by triggers (migration 0010). */
export interface CompensationMonthTotalsTable {
  year: number;
  month: number;
  publishedCents: number;
}

/** The creators counted (one row, id 1), kept by triggers (migration 0016). */
export interface CreatorCountsTable {
  id: number;
  creators: number;
  withEarnings: number;
}

/** Creators by the UTC hour ('YYYY-MM-DDTHH') of their latest publish (migration 0016). */
export interface CreatorPublishHoursTable {
  hour: string;
  creators: number;
}

export interface NotificationsTable {
  id: string;
  userId: string;
  title: string;
  message: string;
  type: NotificationType;
  relatedId: string | null;
  isRead: Flag;
  createdAt: Timestamp;
}

export interface PasswordResetTokensTable {
  id: string;
  userId: string;
  /** SHA-256 of the token in the mailed link; the token itself is never stored. */
  tokenHash: string;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  createdAt: Timestamp;
}

/** A person's authenticator (migration 0052): set up, then in force from `enabledAt`. */
export interface TwoFactorSecretsTable {
  userId: string;
  /** The TOTP key, sealed by `deps.secrets` (decision 0052); never stored in the clear. */
  secret: string;
  enabledAt: NullableTimestamp;
  /** The time-step of the last code accepted: a code is taken once. */
  lastUsedStep: ColumnType<number | null, number | null | undefined, number | null>;
  createdAt: Timestamp;
}

/** Single-use recovery codes, by their SHA-256. */
export interface TwoFactorRecoveryCodesTable {
  id: string;
  userId: string;
  codeHash: string;
  usedAt: NullableTimestamp;
}

/** Between the password step and the code step: the hash of the browser's challenge cookie. */
export interface SignInChallengesTable {
  id: string;
  userId: string;
  tokenHash: string;
  remember: Flag;
  expiresAt: Timestamp;
  usedAt: NullableTimestamp;
  createdAt: Timestamp;
}

export interface SignInFailuresTable {
  id: string;
  accountKey: string;
  address: string;
  failedAt: Timestamp;
}

/** Requests counted for a limit of so many per window (rate-limits/admission.ts). */
export interface RateLimitEventsTable {
  id: string;
  action: string;
  /** An address, or an account's id. */
  key: string;
  occurredAt: Timestamp;
}

/** When a job that runs once across processes may next run (decision 0039). */
export interface JobRoundsTable {
  job: string;
  nextRoundAt: Timestamp;
}

/** A backup, under way or ended (decision 0051). */
export interface BackupRunsTable {
  id: string;
  trigger: 'schedule' | 'manual' | 'command';
  status: 'running' | 'succeeded' | 'failed';
  /** The process taking it: `host:pid`. */
  owner: string;
  startedAt: Timestamp;
  heartbeatAt: Timestamp;
  finishedAt: Timestamp | null;
  stage: string | null;
  progressBytes: Generated<number>;
  snapshot: string | null;
  bytes: number | null;
  failure: string | null;
  error: string | null;
}

/**
 * A mail to send, written in the transaction of the act that causes it, and delivered from here
 * (decision 0038). Sent mails keep their row, their body emptied.
 */
export interface MailOutboxTable {
  id: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  createdAt: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  nextAttemptAt: Timestamp;
  /** A delivery under way holds the mail until then; after it, another may take it. */
  claimedUntil: NullableTimestamp;
  /** Who holds the claim: only its holder marks the mail sent or failed. */
  claimToken: ColumnType<string | null, string | null | undefined, string | null>;
  sentAt: NullableTimestamp;
  /** Given up after the last attempt; administrators see these on their dashboard. */
  failedAt: NullableTimestamp;
  lastError: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * The audit log (decision 0057): who did what and when, written in the transaction of the act.
 * Never updated or deleted (triggers refuse it); it also holds the ID document openings and the
 * compensation entries' changes (migration 0057).
 */
export interface AuditEntriesTable {
  id: string;
  at: Timestamp;
  actorId: string | null;
  /** The actor's name at the time; for a failed sign-in, the name typed. */
  actorUsername: string | null;
  kind: AuditKind;
  subjectType: AuditSubjectType | null;
  subjectId: string | null;
  /** JSON text: the values the summary is written from (AuditParams). */
  params: string;
  /** The address a sign-in came from. */
  address: string | null;
  /** The actor's name and the values, lowered and without accents (the list's search). */
  searchText: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  translations: TranslationsTable;
  applications: ApplicationsTable;
  applicationNotes: ApplicationNotesTable;
  tasks: TasksTable;
  taskAssignments: TaskAssignmentsTable;
  taskAssignmentCounts: TaskAssignmentCountsTable;
  taskUploads: TaskUploadsTable;
  taskUploadClaims: TaskUploadClaimsTable;
  taskReviews: TaskReviewsTable;
  compensations: CompensationsTable;
  compensationUserTotals: CompensationUserTotalsTable;
  compensationMonthTotals: CompensationMonthTotalsTable;
  creatorCounts: CreatorCountsTable;
  creatorPublishHours: CreatorPublishHoursTable;
  notifications: NotificationsTable;
  passwordResetTokens: PasswordResetTokensTable;
  signInFailures: SignInFailuresTable;
  twoFactorSecrets: TwoFactorSecretsTable;
  twoFactorRecoveryCodes: TwoFactorRecoveryCodesTable;
  signInChallenges: SignInChallengesTable;
  rateLimitEvents: RateLimitEventsTable;
  jobRounds: JobRoundsTable;
  mailOutbox: MailOutboxTable;
  backupRuns: BackupRunsTable;
  resumableUploadLocks: ResumableUploadLocksTable;
  auditEntries: AuditEntriesTable;
}
