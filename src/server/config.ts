import path from 'node:path';
import { z } from 'zod';
import { defaultSiteSettings, type SiteSettings } from '../domain/site.ts';
import { passwordLength, usernameLength } from '../domain/users.ts';

/** An empty variable (common in .env files) means "not set". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const webUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

const configSchema = z.object({
  PORT: z.preprocess(
    (value) => (value === undefined || value === '' ? 3000 : Number(value)),
    z.number({ error: 'must be a number' }).int('must be a whole number').min(0).max(65535),
  ),
  HOST: optional(z.string()).transform((value) => value ?? '127.0.0.1'),
  DATA_DIR: optional(z.string()).transform((value) => path.resolve(value ?? './data')),
  DATABASE_URL: optional(
    z.url({
      protocol: /^postgres(ql)?$/,
      error: 'must be a postgres:// URL (leave it unset for the embedded SQLite database)',
    }),
  ),
  APP_URL: optional(webUrl),
  LOG_LEVEL: optional(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  ).transform((value) => value ?? 'info'),
  ADMIN_USERNAME: optional(
    z
      .string()
      .min(usernameLength.min, `must be at least ${usernameLength.min} characters`)
      .max(usernameLength.max),
  ),
  ADMIN_EMAIL: optional(z.email('must be an email address')),
  ADMIN_PASSWORD: optional(
    z
      .string()
      .min(passwordLength.min, `must be at least ${passwordLength.min} characters`)
      .max(passwordLength.max),
  ),
  NODE_ENV: optional(z.string()),
  REQUIRE_ADMIN_2FA: optional(
    z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }),
  ),
  TRUST_PROXY: optional(
    z.string().regex(/^(true|false|\d+|[\w.:/-]+(,[\w.:/-]+)*)$/, {
      error:
        'must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses',
    }),
  ),
  DOCUMENT_ENCRYPTION_KEY: optional(
    z
      .string()
      .transform((value) => Buffer.from(value, 'base64'))
      .refine(
        (key) => key.length === 32,
        'must be 32 bytes in base64 (make one with: openssl rand -base64 32)',
      ),
  ),
  TASK_UPLOAD_MAX_BYTES: z.preprocess(
    (value) => (value === undefined || value === '' ? 2 * 1024 ** 3 : Number(value)),
    z
      .number({ error: 'must be a number of bytes' })
      .int('must be a whole number of bytes')
      .min(1024, 'must be at least 1024 bytes')
      .max(64 * 1024 ** 3, 'must be at most 64 GiB'),
  ),
  APPLICATION_DOCUMENT_RETENTION_DAYS: z.preprocess(
    (value) => (value === undefined || value === '' ? 30 : Number(value)),
    z
      .number({ error: 'must be a number of days' })
      .int('must be a whole number of days')
      .min(1, 'must be at least 1 day')
      .max(3650, 'must be at most 3650 days'),
  ),
  S3_ENDPOINT: optional(webUrl),
  S3_BUCKET: optional(
    z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name'),
  ),
  S3_REGION: optional(z.string()),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: optional(z.enum(['true', 'false'], { error: 'must be true or false' })),
  BACKUP_DIR: optional(z.string()),
  BACKUP_INTERVAL_HOURS: z.preprocess(
    (value) => (value === undefined || value === '' ? 24 : Number(value)),
    z
      .number({ error: 'must be a number of hours' })
      .min(0, 'must be 0 (off) or more')
      .max(24 * 366, 'must be at most a year'),
  ),
  BACKUP_KEEP: z.preprocess(
    (value) => (value === undefined || value === '' ? 14 : Number(value)),
    z
      .number({ error: 'must be a number of snapshots' })
      .int('must be a whole number of snapshots')
      .min(1, 'must keep at least 1 snapshot')
      .max(10_000),
  ),
  BACKUP_MAX_MIB_PER_SECOND: z.preprocess(
    (value) => (value === undefined || value === '' ? 16 : Number(value)),
    z
      .number({ error: 'must be a number of MiB per second' })
      .min(0, 'must be 0 (no limit) or more'),
  ),
  NOTIFICATION_STREAMS_MAX: z.preprocess(
    (value) => (value === undefined || value === '' ? 2000 : Number(value)),
    z
      .number({ error: 'must be a number of streams' })
      .int('must be a whole number of streams')
      .min(1, 'must be at least 1')
      .max(1_000_000),
  ),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
  MAIL_FROM: optional(z.string().regex(/@/, 'must contain an email address')),
  FAN_SITE_URL: optional(webUrl),
  SIGNUP_URL: optional(webUrl),
  SISTER_AUTH_URL: optional(webUrl),
  SITE_NAME: optional(z.string()),
  SITE_LEGAL_ENTITY: optional(z.string()),
  SITE_TAGLINE: optional(z.string()),
  SITE_CITY: optional(z.string()),
  SITE_CONTACT_EMAIL: optional(z.email('must be an email address')),
  SOCIAL_INSTAGRAM_URL: optional(webUrl),
  SOCIAL_TIKTOK_URL: optional(webUrl),
  SOCIAL_X_URL: optional(webUrl),
  SOCIAL_YOUTUBE_URL: optional(webUrl),
});

export type RawConfig = z.infer<typeof configSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** When set, PostgreSQL; otherwise the embedded SQLite file in dataDir. */
  databaseUrl: string | undefined;
  /** Public base URL without a trailing slash, for links and canonical tags. */
  appUrl: string;
  logLevel: RawConfig['LOG_LEVEL'];
  /**
   * Which proxies may say who the client is (X-Forwarded-For). Off by default: trusting it
   * unconditionally would let anyone dodge the per-address limits by sending the header.
   */
  trustProxy: boolean | string[];
  /** NODE_ENV=production: warnings about unsafe defaults are raised at start-up. */
  isProduction: boolean;
  /**
   * Administrators must have a second factor: one without it can only set it up (decision
   * 0052). REQUIRE_ADMIN_2FA; on by default in production.
   */
  requireAdminTwoFactor: boolean;
  documents: {
    /** AES-256 key for ID documents at rest; unset, one is generated once into DATA_DIR. */
    encryptionKey: Buffer | undefined;
    /** A rejected application's document is deleted this many days after the rejection. */
    retentionDays: number;
  };
  tasks: {
    /** Each file a creator uploads to a task may be at most this many bytes. */
    uploadMaxBytes: number;
  };
  /** When set, stored files live in this S3-compatible bucket instead of DATA_DIR (decision 0055). */
  s3:
    | {
        bucket: string;
        region: string;
        /** A self-hosted or other provider's store; unset, AWS itself. */
        endpoint: string | undefined;
        /** Addresses as `endpoint/bucket/key`, which most self-hosted stores need. */
        forcePathStyle: boolean;
        /** Unset, the SDK's own chain (AWS_* variables, an instance or task role). */
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      }
    | undefined;
  admin: { username: string; email: string; password: string | undefined };
  backups: {
    /** Where snapshots are written (`npm run backup`, the schedule). */
    dir: string;
    /** Hours between the scheduled snapshots; 0 turns the schedule off. */
    intervalHours: number;
    /** How many of the newest snapshots the schedule keeps. */
    keep: number;
    /** The stored files are copied at most this fast; 0 leaves the pace to the disk. */
    maxBytesPerSecond: number;
  };
  notifications: {
    /** Live streams of the bell this process holds at most, of everyone together (decision 0054). */
    streamsMax: number;
  };
  mail: { smtpUrl: string | undefined; from: string };
  links: {
    fanSite: string | undefined;
    signup: string | undefined;
    sisterAuth: string | undefined;
  };
  /**
   * The agency's identity on the public site; the outside links are in `links`, the document
   * retention in `documents`.
   */
  site: Omit<SiteSettings, 'fanSiteUrl' | 'signupUrl' | 'sisterAuthUrl' | 'documentRetentionDays'>;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once, at boot. A bad value stops start-up with a message naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `  ${name}: ${issue.message} (got ${JSON.stringify(env[name])})`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example.`);
  }
  const raw = parsed.data;
  const s3 = s3Settings(raw);
  const browsableHost = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(raw.HOST)
    ? 'localhost'
    : raw.HOST;
  const agencyName = raw.SITE_NAME ?? defaultSiteSettings.agencyName;
  return {
    port: raw.PORT,
    host: raw.HOST,
    dataDir: raw.DATA_DIR,
    databaseUrl: raw.DATABASE_URL,
    appUrl: (raw.APP_URL ?? `http://${browsableHost}:${raw.PORT}`).replace(/\/+$/, ''),
    logLevel: raw.LOG_LEVEL,
    trustProxy: parseTrustProxy(raw.TRUST_PROXY),
    isProduction: raw.NODE_ENV === 'production',
    requireAdminTwoFactor:
      raw.REQUIRE_ADMIN_2FA === undefined
        ? raw.NODE_ENV === 'production'
        : raw.REQUIRE_ADMIN_2FA === 'true' || raw.REQUIRE_ADMIN_2FA === '1',
    documents: {
      encryptionKey: raw.DOCUMENT_ENCRYPTION_KEY,
      retentionDays: raw.APPLICATION_DOCUMENT_RETENTION_DAYS,
    },
    tasks: { uploadMaxBytes: raw.TASK_UPLOAD_MAX_BYTES },
    s3,
    admin: {
      username: raw.ADMIN_USERNAME ?? 'admin',
      email: raw.ADMIN_EMAIL ?? 'admin@example.com',
      password: raw.ADMIN_PASSWORD,
    },
    backups: {
      dir: raw.BACKUP_DIR ? path.resolve(raw.BACKUP_DIR) : path.join(raw.DATA_DIR, 'backups'),
      intervalHours: raw.BACKUP_INTERVAL_HOURS,
      keep: raw.BACKUP_KEEP,
      maxBytesPerSecond: raw.BACKUP_MAX_MIB_PER_SECOND * 1024 * 1024,
    },
    notifications: { streamsMax: raw.NOTIFICATION_STREAMS_MAX },
    mail: { smtpUrl: raw.SMTP_URL, from: senderOf(raw.MAIL_FROM, agencyName) },
    links: { fanSite: raw.FAN_SITE_URL, signup: raw.SIGNUP_URL, sisterAuth: raw.SISTER_AUTH_URL },
    site: {
      agencyName,
      legalEntity: raw.SITE_LEGAL_ENTITY ?? defaultSiteSettings.legalEntity,
      tagline: raw.SITE_TAGLINE,
      city: raw.SITE_CITY ?? defaultSiteSettings.city,
      contactEmail: raw.SITE_CONTACT_EMAIL ?? defaultSiteSettings.contactEmail,
      social: Object.fromEntries(
        Object.entries({
          instagram: raw.SOCIAL_INSTAGRAM_URL,
          tiktok: raw.SOCIAL_TIKTOK_URL,
          x: raw.SOCIAL_X_URL,
          youtube: raw.SOCIAL_YOUTUBE_URL,
        }).filter(([, url]) => url !== undefined),
      ),
    },
  };
}

/** S3's largest single copy, which a finished resumable upload takes to its task key. */
const largestS3Copy = 5 * 1024 ** 3;

/**
 * The S3_* variables, checked together: none (local disk), or a bucket and a region, with both
 * keys or neither. A half-made set stops start-up naming what is missing, never falls back to
 * the disk.
 */
function s3Settings(raw: RawConfig): Config['s3'] {
  const given = (
    [
      'S3_ENDPOINT',
      'S3_BUCKET',
      'S3_REGION',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
    ] as const
  ).filter((name) => raw[name] !== undefined);
  if (given.length === 0) return undefined;
  const problems: string[] = [];
  if (!raw.S3_BUCKET) problems.push('S3_BUCKET: must be set when any S3_* variable is');
  if (!raw.S3_REGION) {
    problems.push('S3_REGION: must be set when any S3_* variable is (self-hosted: us-east-1)');
  }
  if (Boolean(raw.S3_ACCESS_KEY_ID) !== Boolean(raw.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither');
  }
  if (raw.TASK_UPLOAD_MAX_BYTES > largestS3Copy) {
    problems.push('TASK_UPLOAD_MAX_BYTES: must be at most 5 GiB with S3 (its largest copy)');
  }
  if (problems.length > 0) {
    throw new ConfigError(
      `Invalid object storage configuration (${given.join(', ')} set):\n` +
        `${problems.map((line) => `  ${line}`).join('\n')}\n` +
        'Set none of the S3_* variables to keep files on the local disk. See .env.example.',
    );
  }
  return {
    bucket: raw.S3_BUCKET!,
    region: raw.S3_REGION!,
    endpoint: raw.S3_ENDPOINT,
    forcePathStyle: raw.S3_FORCE_PATH_STYLE === 'true',
    credentials:
      raw.S3_ACCESS_KEY_ID && raw.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: raw.S3_ACCESS_KEY_ID, secretAccessKey: raw.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/**
 * The sender of every mail. A bare MAIL_FROM address (or none) is sent under the site's name, so
 * the inbox shows the same name as the site; a MAIL_FROM with a name of its own is kept as given.
 */
function senderOf(mailFrom: string | undefined, agencyName: string): string {
  const address = mailFrom?.trim() ?? 'no-reply@example.com';
  if (address.includes('<')) return address;
  return `"${agencyName.replace(/["\\]/g, '\\$&')}" <${address}>`;
}

function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',');
}
