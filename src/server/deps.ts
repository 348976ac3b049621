import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle, type Db, type Dialect } from './db/database.ts';
import { createLiveEvents, type LiveEvents } from './live/events.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createMailOutbox, type MailOutbox } from './mail/outbox.ts';
import { loadDocumentKey } from './storage/document-cipher.ts';
import { createDocumentVault, type DocumentVault } from './storage/documents.ts';
import { createS3Storage } from './storage/s3-storage.ts';
import { createSecretBox, type SecretBox } from './storage/secret-box.ts';
import { createLocalStorage, storageDir, type Storage } from './storage/storage.ts';

/** The time as the application sees it: one clock everywhere, which tests can move. */
export type Clock = () => Date;

/**
 * What every service works with, handed over as one object: `service(deps, input)`. Route
 * handlers take it from `request.deps` (its log carries the request id); start-up code and
 * periodic jobs from `app.deps`. Nothing reaches the database, storage or mail another way.
 */
export interface Deps {
  db: Db;
  dialect: Dialect;
  storage: Storage;
  /** Applicants' ID documents: encrypted at rest, on top of `storage`. */
  documents: DocumentVault;
  /** Secrets kept in rows (authenticator keys): sealed under a key derived from the documents'. */
  secrets: SecretBox;
  /** The transport; only the outbox calls it. */
  mailer: Mailer;
  /** Every mail is queued here, in the transaction of its act (decision 0038). */
  outbox: MailOutbox;
  /** What every process is told once a change commits: new notifications, ended sessions. */
  live: LiveEvents;
  clock: Clock;
  config: Config;
  log: FastifyBaseLogger;
  /**
   * Runs `task` once the change under way is committed: within `withTransaction`, after its
   * commit (never, if it rolls back); outside one, at once. For work that must not start before
   * the change is visible to others, such as delivering the mail it queued.
   */
  afterCommit(task: () => void): void;
}

/**
 * The dependencies of the server and of the command-line tools, from the configuration: the
 * database (or one already opened, as tests hand in), storage (the S3 bucket when configured,
 * else local disk) and the mailer.
 */
export async function createDeps(
  config: Config,
  options: { log: FastifyBaseLogger; database?: DatabaseHandle; clock?: Clock },
): Promise<Deps> {
  const clock = options.clock ?? (() => new Date());
  const { db, dialect } = options.database ?? openDatabase(config);
  const storage = config.s3
    ? createS3Storage(config.s3)
    : createLocalStorage(storageDir(config.dataDir));
  const key = await loadDocumentKey({
    configured: config.documents.encryptionKey,
    dataDir: config.dataDir,
    isProduction: config.isProduction,
    log: options.log,
  });
  const mailer = createMailer(config, options.log, clock);
  return {
    db,
    dialect,
    storage,
    documents: createDocumentVault(storage, key),
    secrets: createSecretBox(key),
    mailer,
    outbox: createMailOutbox({ db, dialect, clock, mailer, log: options.log }),
    live: createLiveEvents({ dialect, databaseUrl: config.databaseUrl, log: options.log }),
    clock,
    config,
    log: options.log,
    afterCommit: (task) => task(),
  };
}

/** Lets the mail deliveries under way finish, stops listening, then closes the database. */
export async function closeDeps(deps: Deps): Promise<void> {
  await deps.outbox.close();
  await deps.mailer.close();
  await deps.live.close();
  await deps.db.destroy();
}

/**
 * Runs `work` in one transaction: every service it calls with the `deps` it is given takes part.
 * Inside a transaction already, it joins that one. What it hands to `afterCommit` runs once the
 * transaction commits.
 */
export async function withTransaction<T>(deps: Deps, work: (deps: Deps) => Promise<T>): Promise<T> {
  if (deps.db.isTransaction) return work(deps);
  const committed: (() => void)[] = [];
  const result = await deps.db
    .transaction()
    .execute((trx) => work({ ...deps, db: trx, afterCommit: (task) => void committed.push(task) }));
  for (const task of committed) task();
  return result;
}
