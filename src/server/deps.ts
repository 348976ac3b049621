import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle, type Db, type Dialect } from './db/database.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { loadDocumentKey } from './storage/document-cipher.ts';
import { createDocumentVault, type DocumentVault } from './storage/documents.ts';
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
  mailer: Mailer;
  clock: Clock;
  config: Config;
  log: FastifyBaseLogger;
}

/**
 * The dependencies of the server and of the command-line tools, from the configuration: the
 * database (or one already opened, as tests hand in), local storage and the mailer.
 */
export async function createDeps(
  config: Config,
  options: { log: FastifyBaseLogger; database?: DatabaseHandle; clock?: Clock },
): Promise<Deps> {
  const clock = options.clock ?? (() => new Date());
  const { db, dialect } = options.database ?? openDatabase(config);
  const storage = createLocalStorage(storageDir(config.dataDir));
  const key = await loadDocumentKey({
    configured: config.documents.encryptionKey,
    dataDir: config.dataDir,
    isProduction: config.isProduction,
    log: options.log,
  });
  return {
    db,
    dialect,
    storage,
    documents: createDocumentVault(storage, key),
    mailer: createMailer(config, options.log),
    clock,
    config,
    log: options.log,
  };
}

/** Lets pending mail go out, then closes the database. */
export async function closeDeps(deps: Deps): Promise<void> {
  await deps.mailer.close();
  await deps.db.destroy();
}

/**
 * Runs `work` in one transaction: every service it calls with the `deps` it is given takes part.
 * Inside a transaction already, it joins that one.
 */
export function withTransaction<T>(deps: Deps, work: (deps: Deps) => Promise<T>): Promise<T> {
  if (deps.db.isTransaction) return work(deps);
  return deps.db.transaction().execute((trx) => work({ ...deps, db: trx }));
}
