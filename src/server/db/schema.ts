import type { ColumnType, Generated } from 'kysely';
import type { ApplicationStatus, DocumentType } from '../../domain/applications.ts';
import type { AuditKind, AuditSubjectType } from '../../domain/audit.ts';
import type { CompensationStatus } from '../../domain/compensation.ts';
import type { Language } from '../../domain/languages.ts';
import type { NotificationType } from '../../domain/notifications.ts';
import type { ContentType, ReviewDecision, TaskStatus } from '../../domain/tasks.ts';

/**
 * The database as Kysely sees it, in camelCase (CamelCasePlugin maps to the snake_case columns).
 * Timestamps are ISO-8601 strings on both dialects (see database.ts). Booleans are written as
 * booleans and read back as booleans on PostgreSQL but as 0/1 on SQLite, hence `Flag`.
 */
type Timestamp = string;
type Flag = ColumnType<boolean | 0 | 1, boolean, boolean>;
/** The searched fields, lowered and without accents; written by the table's repository. */
type SearchText = ColumnType<string, string | undefined, string>;
/** A moment that may not have come yet; a new row may leave it out. */
type NullableTimestamp = ColumnType<
  Timestamp | null,
  Timestamp | null | undefined,
  Timestamp | null
>;

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

export interface TasksTable {
  id: string;
  title: string;
  description: string;
  dueDate: Timestamp;
  contentType: ContentType;
  maxFiles: number;
  status: TaskStatus;
  createdBy: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  searchText: SearchText;
}

export interface TaskAssignmentsTable {
  id: string;
  taskId: string;
  userId: string;
  /** This creator's own progress on the task. */
  status: TaskStatus;
  submittedAt: Timestamp | null;
  completedAt: Timestamp | null;
  completedBy: string | null;
  /** When the reminder two days before the due date went out (claimed by setting it). */
  dueSoonRemindedAt: Generated<Timestamp | null>;
  /** When the reminder on the last day before the due date went out. */
  dueTodayRemindedAt: Generated<Timestamp | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /**
   * Copies of the task's due date and content type, for the creator's list to walk an index
   * (migration 0008): written by the database's triggers only, never by the application.
   */
  dueDate: ColumnType<Timestamp, never, never>;
  contentType: ColumnType<ContentType, never, never>;
}

/** How many assignments each creator has per status and content type, kept by triggers (0008). */
export interface TaskAssignmentCountsTable {
  userId: string;
  status: TaskStatus;
  contentType: ContentType;
  assignments: number;
}

export interface TaskUploadsTable {
  id: string;
  taskId: string;
  userId: string;
  fileName: string;
  /** Key of the file in storage; downloads go through a route that checks who asks. */
  fileKey: string;
  fileSize: number;
  fileType: string;
  uploadedAt: Timestamp;
  /** Key of the small WebP made from an image, beside the original; null when none (decision 0029). */
  thumbnailKey: string | null;
  /**
   * Key of the full-size JPEG made from a HEIC photo, beside the original, which browsers show in
   * its place; null for other files and when none was made (migration 0045, decision 0044).
   */
  viewKey: string | null;
}

/** A resumable (tus) upload under way, holding its place in the task's file limit until done. */
export interface TaskUploadClaimsTable {
  /** The tus upload's id. */
  id: string;
  taskId: string;
  userId: string;
  fileName: string;
  /** The length the upload declared when it was created. */
  fileSize: number;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  /** The task upload it became; set once, by the one request that finished it (decision 0039). */
  finishedUploadId: string | null;
}

/** Every review of one creator's submission (decision 0029), kept. */
export interface TaskReviewsTable {
  id: string;
  taskId: string;
  /** The assignee whose work was reviewed. */
  userId: string;
  reviewerId: string | null;
  decision: ReviewDecision;
  feedback: string | null;
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

/** A tus request holding a resumable upload, in whichever process (decision 0055). */
export interface ResumableUploadLocksTable {
  uploadId: string;
  holder: string;
  expiresAt: Timestamp;
  releaseRequested: Generated<number>;
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
