import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type {
  AdminCompensation,
  Compensation,
  CompensationStatus,
} from '../../../domain/compensation.ts';
import type { CompensationFields } from '../../../domain/compensation-input.ts';
import type { Language } from '../../../domain/languages.ts';
import { centsToDecimal } from '../../../domain/money.ts';
import { periodValue } from '../../../domain/months.ts';
import { greetingName, type User } from '../../../domain/users.ts';
import { isUniqueViolation } from '../../db/constraints.ts';
import type { Db } from '../../db/database.ts';
import { lockKeys } from '../../db/locks.ts';
import { withTransaction, type Deps } from '../../deps.ts';
import { fieldError, DomainError } from '../../errors.ts';
import { textsIn } from '../../texts.ts';
import { creatorsAmong, findUserById } from '../users/repository.ts';
import { csvStream } from './csv.ts';
import { compensationMail, compensationNotification, type CompensationNews } from './mails.ts';
import {
  changesOf,
  claimPublication,
  compensationsOf,
  exportBatch,
  findCompensationRow,
  insertChange,
  insertCompensation,
  onePerCreatorAndMonth,
  toCompensation,
  updateCompensationFields,
  type CompensationRow,
  type ExportCursor,
  type ExportRow,
} from './repository.ts';
import { notify } from '../notifications/notify.ts';

const notFound = () => new DomainError('not_found', 'compensation.not_found');

/**
 * Tells the creator of an entry by a notification and by mail, both within the change, so they
 * exist exactly when the change does (the mail is delivered once it commits, decision 0038).
 */
async function tellCreator(
  deps: Deps,
  entry: { id: string; userId: string },
  news: CompensationNews,
): Promise<void> {
  const creator = await findUserById(deps.db, entry.userId);
  if (!creator) throw notFound();
  await notify(deps, creator.id, compensationNotification(entry.id, news));
  await deps.outbox.queue(
    deps,
    compensationMail({
      to: creator.email,
      name: greetingName(creator),
      language: creator.preferredLanguage,
      news,
      appUrl: deps.config.appUrl,
    }),
  );
}

/** The lock key of one entry's changes (decision 0037). */
export const entryKey = (id: string) => `compensation:${id}`;

/**
 * Takes the entry's lock for the rest of the transaction, then reads the clock: changes to one
 * entry are made one at a time, so read after the lock their times follow the order of its
 * record (decision 0037). Read before it, a change that waited would carry an earlier time than
 * the one it waited for.
 */
async function lockEntryThenReadClock(deps: Deps, id: string): Promise<string> {
  await lockKeys(deps.db, deps.dialect, [entryKey(id)]);
  return deps.clock().toISOString();
}

/**
 * An administrator records a creator's compensation for a month, as a draft. One entry per
 * creator and month: the unique key decides, so two at once give one entry and one 409.
 */
export async function createCompensation(
  deps: Deps,
  { fields, admin }: { fields: CompensationFields; admin: User },
): Promise<Compensation> {
  const now = deps.clock().toISOString();
  const entry = {
    id: randomUUID(),
    userId: fields.userId,
    month: fields.month,
    year: fields.year,
    amountCents: fields.amount,
    status: 'draft' as const,
    notes: fields.notes,
    createdBy: admin.id,
    publishedAt: null,
    publishedBy: null,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await withTransaction(deps, async ({ db }) => {
      const [creator] = await creatorsAmong(db, [fields.userId]);
      if (!creator) throw fieldError('invalid', 'userId', 'compensation.user_unknown');
      await insertCompensation(db, entry);
      await insertChange(db, {
        compensationId: entry.id,
        action: 'created',
        actor: admin,
        entry: fields,
        at: now,
        amountCents: fields.amount,
        notes: fields.notes,
        previousAmountCents: null,
        previousNotes: null,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, onePerCreatorAndMonth)) {
      throw new DomainError('conflict', 'compensation.duplicate', {
        params: { month: fields.month, year: fields.year, period: periodValue(fields) },
      });
    }
    throw error;
  }
  return toCompensation(entry);
}

/**
 * Amount and notes. A draft is simply edited; a published entry is corrected: the earlier amount
 * and notes stay in its record, and the creator is told by a notification and by mail (decision
 * 0023). Sending what is already there changes nothing and tells no one.
 */
export async function updateCompensation(
  deps: Deps,
  {
    id,
    changes,
    admin,
  }: { id: string; changes: { amount: number; notes: string | null }; admin: User },
): Promise<Compensation> {
  const updated = await withTransaction(deps, async (deps) => {
    const now = await lockEntryThenReadClock(deps, id);
    const entry = await findCompensationRow(deps.db, id, deps.dialect);
    if (!entry) throw notFound();
    const previousAmountCents = Number(entry.amountCents);
    if (previousAmountCents === changes.amount && entry.notes === changes.notes) {
      return entry;
    }
    const row = await updateCompensationFields(deps.db, id, {
      amountCents: changes.amount,
      notes: changes.notes,
      updatedAt: now,
    });
    const isCorrection = entry.status === 'published';
    await insertChange(deps.db, {
      compensationId: id,
      action: isCorrection ? 'corrected' : 'edited',
      actor: admin,
      entry: { userId: entry.userId, month: Number(entry.month), year: Number(entry.year) },
      at: now,
      amountCents: changes.amount,
      notes: changes.notes,
      previousAmountCents,
      previousNotes: entry.notes,
    });
    if (!isCorrection) return row;
    const news = {
      month: Number(entry.month),
      year: Number(entry.year),
      amount: centsToDecimal(changes.amount),
      previousAmount: centsToDecimal(previousAmountCents),
      notes: changes.notes,
    };
    await tellCreator(deps, entry, news);
    return row;
  });
  return toCompensation(updated);
}

/**
 * Records the publication of an entry just claimed (`claimPublication`) and tells its creator, in
 * the transaction of the claim: one history row, one notice and one mail per publication.
 */
export async function recordPublication(
  deps: Deps,
  entry: CompensationRow,
  { admin, now }: { admin: User; now: string },
): Promise<void> {
  await insertChange(deps.db, {
    compensationId: entry.id,
    action: 'published',
    actor: admin,
    entry: { userId: entry.userId, month: Number(entry.month), year: Number(entry.year) },
    at: now,
    amountCents: Number(entry.amountCents),
    notes: entry.notes,
    previousAmountCents: null,
    previousNotes: null,
  });
  const news = {
    month: Number(entry.month),
    year: Number(entry.year),
    amount: centsToDecimal(Number(entry.amountCents)),
    notes: entry.notes,
  };
  await tellCreator(deps, entry, news);
}

/**
 * Publishes a draft to its creator, who is told by a notification and by mail. The conditional
 * UPDATE is the claim: of two publications at once one changes the row (the other waits for it,
 * then finds it published), and the creator hears once. Publishing a published entry is a
 * repeat: answered as it stands, recorded and told to no one (decision 0041).
 */
export async function publishCompensation(
  deps: Deps,
  { id, admin }: { id: string; admin: User },
): Promise<Compensation> {
  const entry = await withTransaction(deps, async (deps) => {
    const now = await lockEntryThenReadClock(deps, id);
    const entry = await claimPublication(deps.db, id, { publishedAt: now, publishedBy: admin.id });
    if (!entry) {
      const published = await findCompensationRow(deps.db, id);
      if (!published) throw notFound();
      return published;
    }
    await recordPublication(deps, entry, { admin, now });
    return entry;
  });
  return toCompensation(entry);
}

/** A person's entries for the administrators' screen, each with its record of changes. */
export async function compensationHistoryOf(
  deps: Deps,
  { userId }: { userId: string },
): Promise<AdminCompensation[]> {
  if (!(await findUserById(deps.db, userId))) throw new DomainError('not_found', 'user.not_found');
  const [entries, changes] = await Promise.all([
    compensationsOf(deps.db, userId),
    changesOf(deps.db, userId),
  ]);
  return entries.map((entry) => ({ ...entry, history: changes.get(entry.id) ?? [] }));
}

const exportBatchSize = 1000;

async function* exportRows(
  db: Db,
  filter: { year?: number | undefined; userId?: string | undefined; status?: CompensationStatus },
): AsyncGenerator<ExportRow> {
  let cursor: ExportCursor | undefined;
  for (;;) {
    const batch = await exportBatch(db, filter, cursor, exportBatchSize);
    yield* batch;
    if (batch.length < exportBatchSize) return;
    cursor = batch.at(-1);
  }
}

const creatorName = (row: ExportRow) =>
  [row.firstName, row.lastName].filter(Boolean).join(' ') || row.username;

/**
 * A sheet's header in its reader's language (the catalogues' `csv.*` texts); the server writes
 * it, like a mail, in the language of the account that asks.
 */
function csvHeader(language: Language, columns: readonly CsvColumn[]): string[] {
  const t = textsIn(language);
  return columns.map((column) => t(`csv.compensation.${column}`));
}
type CsvColumn =
  | 'creator'
  | 'username'
  | 'email'
  | 'month'
  | 'year'
  | 'amount'
  | 'status'
  | 'publishedAt'
  | 'notes';

/** The administrators' sheet: every creator's compensation, or one creator's; of one year or all. */
export function adminExport(
  deps: Deps,
  {
    language,
    ...filter
  }: { year?: number | undefined; userId?: string | undefined; language: Language },
): Readable {
  async function* rows() {
    for await (const row of exportRows(deps.db, filter)) {
      yield [
        creatorName(row),
        row.username,
        row.email,
        row.month,
        row.year,
        centsToDecimal(row.amountCents),
        row.status,
        row.publishedAt,
        row.notes,
      ];
    }
  }
  return csvStream(
    csvHeader(language, [
      'creator',
      'username',
      'email',
      'month',
      'year',
      'amount',
      'status',
      'publishedAt',
      'notes',
    ]),
    rows(),
  );
}

/**
 * A creator's own sheet: their published compensation only, as on their screen; of the year it
 * shows, or all years. The header in the creator's language.
 */
export function creatorExport(
  deps: Deps,
  { user, year }: { user: User; year?: number | undefined },
): Readable {
  async function* rows() {
    for await (const row of exportRows(deps.db, { userId: user.id, status: 'published', year })) {
      yield [row.month, row.year, centsToDecimal(row.amountCents), row.publishedAt, row.notes];
    }
  }
  return csvStream(
    csvHeader(user.preferredLanguage, ['month', 'year', 'amount', 'publishedAt', 'notes']),
    rows(),
  );
}
