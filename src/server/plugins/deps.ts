import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Db, Dialect } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createNotifier, type Notify } from '../modules/notifications/notify.ts';
import { ensureAdministrator } from '../modules/users/service.ts';
import { loadDocumentKey } from '../storage/document-cipher.ts';
import { createDocumentVault, type DocumentVault } from '../storage/documents.ts';
import type { Storage } from '../storage/storage.ts';

/** The time as the application sees it: one clock everywhere, which tests can move. */
export type Clock = () => Date;

/**
 * What every service works with, handed over as one object: `service(deps, input)`. To make a
 * service part of a caller's transaction, pass `{ ...deps, db: trx }`.
 */
export interface Deps {
  db: Db;
  dialect: Dialect;
  storage: Storage;
  /** Applicants' ID documents: encrypted at rest, on top of `storage`. */
  documents: DocumentVault;
  mailer: Mailer;
  notify: Notify;
  clock: Clock;
  config: Config;
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The dependencies with the application's log. */
    deps: Deps;
  }
  interface FastifyRequest {
    /** The dependencies with this request's log (its lines carry the request id). */
    deps: Deps;
  }
}

/** The dependencies from their parts (the server's plugins, or a command-line tool's own). */
export async function createDeps(
  parts: Omit<Deps, 'documents' | 'notify' | 'clock'> & { clock?: Clock },
): Promise<Deps> {
  const clock = parts.clock ?? (() => new Date());
  const key = await loadDocumentKey({
    configured: parts.config.documents.encryptionKey,
    dataDir: parts.config.dataDir,
    isProduction: parts.config.isProduction,
    log: parts.log,
  });
  return {
    ...parts,
    documents: createDocumentVault(parts.storage, key),
    notify: createNotifier(clock),
    clock,
  };
}

/** Builds the dependencies once the database, mail and storage are there. */
export const depsPlugin = fp(
  async (app: FastifyInstance, options: { config: Config; clock?: Clock }) => {
    const deps = await createDeps({
      db: app.db,
      dialect: app.dialect,
      storage: app.storage,
      mailer: app.mailer,
      config: options.config,
      log: app.log,
      clock: options.clock,
    });
    app.decorate('deps', deps);
    app.decorateRequest('deps', null as unknown as Deps);
    app.addHook('onRequest', async (request) => {
      request.deps = { ...deps, log: request.log };
    });
    await ensureAdministrator(deps);
  },
  { name: 'deps', dependencies: ['database', 'mail', 'storage'] },
);
