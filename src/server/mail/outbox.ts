import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Dialect } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import type { MailDelivery, Mailer, MailMessage } from './mailer.ts';
import {
  claimDueMail,
  insertOutboxMail,
  markMailSent,
  recordMailFailure,
} from './outbox-repository.ts';

/**
 * How a mail is tried (decision 0038): at once, then after 1, 4, 16, 64 and 256 minutes; the
 * sixth failure gives it up. A delivery holds its mail for `claimMs`, far longer than the mailer's
 * time limits allow one sending to take, so no other process takes a mail still being sent.
 */
export const mailAttempts = 6;
const firstRetryMs = 60_000;
const retryFactor = 4;
const claimMs = 5 * 60_000;

/** When a mail that has failed `attempts` times is tried again. */
export function nextAttemptAfter(attempts: number, now: Date): Date {
  return new Date(now.getTime() + firstRetryMs * retryFactor ** (attempts - 1));
}

/** A mail queued already claimed by this process, to be delivered by its caller after the commit. */
export interface ClaimedMail {
  id: string;
  token: string;
  message: MailMessage;
}

/** What queueing needs of the caller: its transaction, its clock and its after-commit hook. */
type QueueingDeps = Pick<Deps, 'db' | 'clock' | 'afterCommit'>;

/**
 * Every mail the product sends goes through here (decision 0038). It is written to the
 * `mail_outbox` table in the transaction of the act that causes it, already rendered, so a mail
 * exists exactly when its act does and survives the process; it is delivered from the table once
 * the act commits, by every process's periodic round, and after a restart.
 */
export interface MailOutbox {
  /** Queues a mail within the transaction of `deps`; delivery starts once that commits. */
  queue(deps: QueueingDeps, message: MailMessage): Promise<void>;
  /**
   * Queues a mail claimed by this process, for a caller that tells a person at once what became
   * of it: after the commit it calls `deliverClaimed`. Should this process stop first, the claim
   * runs out and the periodic round delivers it.
   */
  queueClaimed(deps: QueueingDeps, message: MailMessage): Promise<ClaimedMail>;
  /** Delivers a mail from `queueClaimed`: where it went, or the sender's refusal (retried later). */
  deliverClaimed(mail: ClaimedMail): Promise<MailDelivery>;
  /**
   * Delivers every mail due, one at a time, each claimed first; answers how many went out.
   * Rounds in one process follow each other: a call's round starts after it was made.
   */
  deliverDue(): Promise<number>;
  /** Starts a round without waiting for it; calls while one is waiting share it. */
  deliverSoon(): void;
  /** Takes no more rounds and waits for those under way. */
  close(): Promise<void>;
}

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 1000);

function claimUntil(now: Date): string {
  return new Date(now.getTime() + claimMs).toISOString();
}

/** What delivering needs: the database itself (never a transaction), the clock, the mailer, a log. */
interface Delivery {
  db: Db;
  dialect: Dialect;
  clock: () => Date;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** Records a failed attempt: to be retried, or given up and logged as an error. */
async function recordFailure(
  { db, clock, log }: Delivery,
  mail: ClaimedMail,
  attempts: number,
  error: unknown,
): Promise<void> {
  const now = clock();
  const givenUp = attempts >= mailAttempts;
  const outcome = givenUp
    ? { error: errorText(error), failedAt: now.toISOString() }
    : { error: errorText(error), nextAttemptAt: nextAttemptAfter(attempts, now).toISOString() };
  if ((await recordMailFailure(db, mail, outcome)) === undefined) return;
  const details = { err: error, mailId: mail.id, to: mail.message.to, attempts };
  if (givenUp) log.error(details, `Mail not delivered after ${attempts} attempts; given up`);
  else log.warn(details, 'Mail not delivered; it will be tried again');
}

/** One attempt at a claimed mail that has failed `failures` times before. */
async function attempt(
  delivery: Delivery,
  mail: ClaimedMail,
  failures: number,
): Promise<MailDelivery> {
  let where: MailDelivery;
  try {
    where = await delivery.mailer.send(mail.message);
  } catch (error) {
    await recordFailure(delivery, mail, failures + 1, error);
    throw error;
  }
  if (!(await markMailSent(delivery.db, mail, delivery.clock().toISOString()))) {
    delivery.log.warn({ mailId: mail.id }, 'A mail was delivered after its claim ran out');
  }
  return where;
}

/** Claims and tries every mail due, one at a time, until none is left; answers how many went. */
async function deliverDueMail(delivery: Delivery): Promise<number> {
  let sent = 0;
  for (;;) {
    const now = delivery.clock();
    const token = randomUUID();
    const row = await claimDueMail(delivery.db, delivery.dialect, {
      now: now.toISOString(),
      until: claimUntil(now),
      token,
    });
    if (!row) return sent;
    const message = { to: row.recipient, subject: row.subject, text: row.text, html: row.html };
    const went = await attempt(delivery, { id: row.id, token, message }, row.attempts).then(
      () => true,
      () => false,
    );
    if (went) sent += 1;
  }
}

async function insertMail(deps: QueueingDeps, message: MailMessage, claimToken?: string) {
  const now = deps.clock();
  const id = randomUUID();
  await insertOutboxMail(deps.db, {
    id,
    recipient: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    createdAt: now.toISOString(),
    nextAttemptAt: now.toISOString(),
    claimedUntil: claimToken ? claimUntil(now) : null,
    claimToken: claimToken ?? null,
  });
  return id;
}

/**
 * Runs `round` one at a time in this process: a call while one runs waits for it and then shares
 * the next, so every call is followed by a round that starts after it. After `close`, no more.
 */
function roundsInTurn(round: () => Promise<number>) {
  let closed = false;
  let previous: Promise<unknown> = Promise.resolve();
  let waiting: Promise<number> | undefined;
  return {
    run(): Promise<number> {
      if (closed) return Promise.resolve(0);
      if (!waiting) {
        const next = previous.then(() => {
          waiting = undefined;
          return round();
        });
        waiting = next;
        previous = next.catch(() => undefined);
      }
      return waiting;
    },
    async close(): Promise<void> {
      closed = true;
      await previous;
    },
  };
}

export function createMailOutbox(delivery: Delivery): MailOutbox {
  const rounds = roundsInTurn(() => deliverDueMail(delivery));
  const claimedUnderWay = new Set<Promise<unknown>>();
  const deliverSoon = () => {
    rounds
      .run()
      .catch((error: unknown) => delivery.log.warn({ err: error }, 'Mail delivery failed'));
  };
  return {
    async queue(deps, message) {
      await insertMail(deps, message);
      deps.afterCommit(deliverSoon);
    },
    async queueClaimed(deps, message) {
      const token = randomUUID();
      return { id: await insertMail(deps, message, token), token, message };
    },
    deliverClaimed(mail) {
      const delivered = attempt(delivery, mail, 0);
      const settled = delivered.catch(() => undefined);
      claimedUnderWay.add(settled);
      void settled.finally(() => claimedUnderWay.delete(settled));
      return delivered;
    },
    deliverDue: () => rounds.run(),
    deliverSoon,
    async close() {
      await Promise.all([rounds.close(), ...claimedUnderWay]);
    },
  };
}
