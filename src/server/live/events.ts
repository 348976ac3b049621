import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db, Dialect } from '../db/database.ts';

/**
 * What one process tells every process the moment a change commits (decision 0054): a person has
 * a new notification, or some of a person's sessions have ended (a sign-out, a password change,
 * a deleted account). Small on purpose: ids only; a listener reads the rest from the database.
 */
export type LiveEvent =
  | { kind: 'notification'; userId: string; notificationId: string }
  | { kind: 'sessions-ended'; userId: string };

/** What announcing needs of the caller: its transaction and its after-commit hook. */
export interface AnnouncingDeps {
  db: Db;
  afterCommit(task: () => void): void;
}

/**
 * Live events between the processes serving one database. On PostgreSQL through LISTEN/NOTIFY:
 * `pg_notify` runs in the caller's transaction, so it is delivered when that commits and never
 * when it rolls back, to every process listening (this one included), on one dedicated
 * connection per process that is opened by the first subscriber. On SQLite, which one process
 * serves, in memory once the change commits.
 */
export interface LiveEvents {
  /** Announces `event` to every process once the change of `deps` commits. */
  announce(deps: AnnouncingDeps, event: LiveEvent): Promise<void>;
  /**
   * Starts listening, on PostgreSQL: resolves once the connection listens (or has failed once,
   * and keeps trying in the background), so a stream opened after start-up misses nothing.
   */
  start(): Promise<void>;
  /** Calls `listener` with every event announced from now on; answers the unsubscribe. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /**
   * Calls `listener` when events may have been missed: the listening connection was lost and is
   * back. Whoever keeps state from events reads it again from the database.
   */
  onResume(listener: () => void): () => void;
  /** Stops listening. */
  close(): Promise<void>;
}

const channel = 'live_events';
/** Reconnecting after a lost connection waits this long, doubling up to the most. */
const firstRetryMs = 250;
const mostRetryMs = 10_000;

function parseEvent(payload: string | undefined): LiveEvent | undefined {
  try {
    const event = JSON.parse(payload ?? '') as LiveEvent;
    return typeof event.userId === 'string' ? event : undefined;
  } catch {
    return undefined;
  }
}

export function createLiveEvents(options: {
  dialect: Dialect;
  databaseUrl: string | undefined;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}): LiveEvents {
  const emitter = new EventEmitter();
  // Every stream of the process listens through one subscription per hub, not one per stream.
  emitter.setMaxListeners(0);
  const emit = (event: LiveEvent) => emitter.emit('event', event);

  if (options.dialect === 'sqlite' || !options.databaseUrl) {
    return {
      announce: async (deps, event) => deps.afterCommit(() => emit(event)),
      subscribe: (listener) => {
        emitter.on('event', listener);
        return () => emitter.off('event', listener);
      },
      start: async () => {},
      onResume: () => () => {},
      close: async () => {},
    };
  }

  const databaseUrl = options.databaseUrl;
  let client: pg.Client | undefined;
  let starting: Promise<void> | undefined;
  let closed = false;
  let retryMs = firstRetryMs;
  let retryTimer: NodeJS.Timeout | undefined;
  let missed = false;

  const connect = async () => {
    if (closed) return;
    const candidate = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: 5000,
    });
    client = candidate;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      missed = true;
      candidate.removeAllListeners('notification');
      void candidate.end().catch(() => {});
      if (client === candidate) client = undefined;
      if (closed) return;
      options.log.warn(
        { err: error, retryMs },
        'Lost the live-events connection to the database; reconnecting',
      );
      retryTimer = setTimeout(() => void connect(), retryMs);
      retryMs = Math.min(retryMs * 2, mostRetryMs);
    };
    candidate.on('error', onLost);
    candidate.on('end', () => onLost());
    candidate.on('notification', (message) => {
      const event = parseEvent(message.payload);
      if (event) emit(event);
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${channel}`);
    } catch (error) {
      onLost(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (closed) return void candidate.end().catch(() => {});
    retryMs = firstRetryMs;
    // Events announced while no connection listened were missed: listeners read their state again.
    if (missed) {
      missed = false;
      options.log.info('The live-events connection listens again');
      emitter.emit('resume');
    }
  };

  return {
    announce: async (deps, event) => {
      await sql`select pg_notify(${channel}, ${JSON.stringify(event)})`.execute(deps.db);
    },
    start: () => (starting ??= connect()),
    subscribe: (listener) => {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    onResume: (listener) => {
      emitter.on('resume', listener);
      return () => emitter.off('resume', listener);
    },
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
