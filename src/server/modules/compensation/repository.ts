import type { Selectable } from 'kysely';
import type { AuditKind, AuditParams } from '../../../domain/audit.ts';
import type {
  Compensation,
  CompensationAction,
  CompensationChange,
  CompensationStatus,
} from '../../../domain/compensation.ts';
import { periodValue } from '../../../domain/months.ts';
import { centsToDecimal } from '../../../domain/money.ts';
import type { Db, Dialect } from '../../db/database.ts';
import type { CompensationsTable } from '../../db/schema.ts';
import { countEntriesAbout, insertAuditEntry, type AuditActor } from '../audit/repository.ts';

/** Whether anything was ever published to the person: compensation history that must be kept. */
export async function hasPublishedCompensation(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('compensations')
    .select('id')
    .where('userId', '=', userId)
    .where('status', '=', 'published')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteDraftCompensations(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom('compensations')
    .where('userId', '=', userId)
    .where('status', '=', 'draft')
    .execute();
}

/** The person's published earnings in cents. */
export async function publishedCentsOf(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('compensations')
    .select((eb) => eb.fn.sum<number>('amountCents').as('cents'))
    .where('userId', '=', userId)
    .where('status', '=', 'published')
    .executeTakeFirstOrThrow();
  // sum() of no rows is null; PostgreSQL hands sums back as text.
  return Number(row.cents ?? 0);
}

// ---- entries

export type CompensationRow = Selectable<CompensationsTable>;

/** The one mapping from a row to what the API shows: cents become a decimal string. */
export function toCompensation(row: CompensationRow): Compensation {
  return {
    id: row.id,
    userId: row.userId,
    month: Number(row.month),
    year: Number(row.year),
    amount: centsToDecimal(Number(row.amountCents)),
    status: row.status,
    notes: row.notes,
    createdBy: row.createdBy,
    publishedAt: row.publishedAt,
    publishedBy: row.publishedBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Breaking it is "this creator already has compensation for that month" (isUniqueViolation). */
export const onePerCreatorAndMonth = {
  constraint: 'compensations_user_period_unique',
  table: 'compensations',
  columns: ['user_id', 'year', 'month'],
} as const;

export async function insertCompensation(db: Db, row: CompensationRow): Promise<void> {
  await db.insertInto('compensations').values(row).execute();
}

/**
 * One entry. `lockOn: 'postgres'` holds it until the transaction ends, so a change decided on
 * what was read (edit or correction) cannot cross a publication; SQLite runs one writer at a time.
 */
export async function findCompensationRow(
  db: Db,
  id: string,
  lockOn?: Dialect,
): Promise<CompensationRow | undefined> {
  let query = db.selectFrom('compensations').selectAll().where('id', '=', id);
  if (lockOn === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updateCompensationFields(
  db: Db,
  id: string,
  changes: { amountCents: number; notes: string | null; updatedAt: string },
): Promise<CompensationRow> {
  return db
    .updateTable('compensations')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Publishes a draft: one conditional UPDATE, so of two publications at once exactly one changes
 * the row (the other waits for it, then finds it no longer a draft). The published entry when
 * this one did, undefined otherwise.
 */
export async function claimPublication(
  db: Db,
  id: string,
  stamp: { publishedAt: string; publishedBy: string },
): Promise<CompensationRow | undefined> {
  return db
    .updateTable('compensations')
    .set({ status: 'published', ...stamp, updatedAt: stamp.publishedAt })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .returningAll()
    .executeTakeFirst();
}

/** A month's drafts, in the order of their ids (the order their version is computed in). */
export async function draftsOfMonth(
  db: Db,
  period: { year: number; month: number },
): Promise<CompensationRow[]> {
  return db
    .selectFrom('compensations')
    .selectAll()
    .where('year', '=', period.year)
    .where('month', '=', period.month)
    .where('status', '=', 'draft')
    .orderBy('id')
    .execute();
}

/** Of these people, those who already have an entry for the month. */
export async function usersWithEntryFor(
  db: Db,
  userIds: readonly string[],
  period: { year: number; month: number },
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < userIds.length; start += 500) {
    const rows = await db
      .selectFrom('compensations')
      .select('userId')
      .where('year', '=', period.year)
      .where('month', '=', period.month)
      .where('userId', 'in', userIds.slice(start, start + 500))
      .execute();
    for (const row of rows) found.add(row.userId);
  }
  return found;
}

/** GET /api/admin/compensations: every entry, newest month first, narrowed by status and year. */
export async function listCompensations(
  db: Db,
  filter: { status: CompensationStatus | 'all'; year?: number | undefined },
): Promise<Compensation[]> {
  let query = db.selectFrom('compensations').selectAll();
  if (filter.status !== 'all') query = query.where('status', '=', filter.status);
  if (filter.year !== undefined) query = query.where('year', '=', filter.year);
  const rows = await query
    .orderBy('year', 'desc')
    .orderBy('month', 'desc')
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toCompensation);
}

/** A person's entries, newest year then month first (the unique key's index serves it). */
export async function compensationsOf(
  db: Db,
  userId: string,
  only?: CompensationStatus,
): Promise<Compensation[]> {
  let query = db.selectFrom('compensations').selectAll().where('userId', '=', userId);
  if (only) query = query.where('status', '=', only);
  const rows = await query.orderBy('year', 'desc').orderBy('month', 'desc').execute();
  return rows.map(toCompensation);
}

// ---- the record of changes, kept in the audit log (decision 0057)

const kindOfAction = {
  created: 'compensation.created',
  edited: 'compensation.edited',
  published: 'compensation.published',
  corrected: 'compensation.corrected',
} as const satisfies Record<CompensationAction, AuditKind>;
const actionOfKind = new Map<AuditKind, CompensationAction>(
  Object.entries(kindOfAction).map(([action, kind]) => [kind, action as CompensationAction]),
);
const changeKinds = Object.values(kindOfAction);

export interface NewChange {
  compensationId: string;
  action: CompensationAction;
  actor: AuditActor;
  /** The entry's creator and month, which the log's summary names. */
  entry: { userId: string; month: number; year: number };
  at: string;
  amountCents: number;
  notes: string | null;
  previousAmountCents: number | null;
  previousNotes: string | null;
}

/**
 * Records a change of an entry in the audit log, numbered within the entry. Run after the entry's
 * row is written or locked: changes to one entry never number in parallel.
 */
export async function insertChange(db: Db, change: NewChange): Promise<void> {
  const [ordinal, creator] = await Promise.all([
    countEntriesAbout(db, 'compensation', change.compensationId, changeKinds),
    db
      .selectFrom('users')
      .select('username')
      .where('id', '=', change.entry.userId)
      .executeTakeFirst(),
  ]);
  const params: AuditParams = {
    ordinal: ordinal + 1,
    username: creator?.username ?? '',
    period: periodValue(change.entry),
    amount: centsToDecimal(change.amountCents),
  };
  if (change.notes !== null) params.notes = change.notes;
  if (change.previousAmountCents !== null) {
    params.previousAmount = centsToDecimal(change.previousAmountCents);
  }
  if (change.previousNotes !== null) params.previousNotes = change.previousNotes;
  await insertAuditEntry(db, change.at, {
    actor: change.actor,
    kind: kindOfAction[change.action],
    subject: { type: 'compensation', id: change.compensationId },
    params,
  });
}

/**
 * The changes of a person's entries, each entry's oldest first, keyed by entry. `by` is the
 * administrator's account as it is now, null once it is gone.
 */
export async function changesOf(
  db: Db,
  userId: string,
): Promise<Map<string, CompensationChange[]>> {
  const rows = await db
    .selectFrom('auditEntries as change')
    .innerJoin('compensations as entry', 'entry.id', 'change.subjectId')
    .leftJoin('users as actor', 'actor.id', 'change.actorId')
    .select([
      'change.id',
      'change.subjectId',
      'change.kind',
      'change.at',
      'change.params',
      'actor.id as actorId',
      'actor.username as actorUsername',
    ])
    .where('entry.userId', '=', userId)
    .where('change.subjectType', '=', 'compensation')
    .where('change.kind', 'in', changeKinds)
    .execute();
  const changes = new Map<string, (CompensationChange & { ordinal: number })[]>();
  for (const row of rows) {
    const params = JSON.parse(row.params) as AuditParams;
    const text = (value: string | number | undefined) =>
      value === undefined ? null : String(value);
    const list = changes.get(row.subjectId ?? '') ?? [];
    list.push({
      id: row.id,
      ordinal: Number(params.ordinal ?? 0),
      action: actionOfKind.get(row.kind) ?? 'edited',
      at: row.at,
      by:
        row.actorId && row.actorUsername ? { id: row.actorId, username: row.actorUsername } : null,
      amount: String(params.amount ?? '0.00'),
      notes: text(params.notes),
      previousAmount: text(params.previousAmount),
      previousNotes: text(params.previousNotes),
    });
    changes.set(row.subjectId ?? '', list);
  }
  return new Map(
    [...changes].map(([id, list]) => [
      id,
      list.sort((a, b) => a.ordinal - b.ordinal).map(({ ordinal: _ordinal, ...change }) => change),
    ]),
  );
}

// ---- the CSV exports

export interface ExportRow {
  id: string;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  month: number;
  year: number;
  amountCents: number;
  status: CompensationStatus;
  publishedAt: string | null;
  notes: string | null;
}

/** Where the previous batch ended, in the export's order. */
export type ExportCursor = Pick<ExportRow, 'year' | 'month' | 'username' | 'id'>;

/**
 * One batch of the export in the order of the sheet (year, month, creator), after `cursor`:
 * the rows are read in batches so a large export never sits in memory whole.
 */
export async function exportBatch(
  db: Db,
  filter: { year?: number | undefined; userId?: string; status?: CompensationStatus },
  cursor: ExportCursor | undefined,
  size: number,
): Promise<ExportRow[]> {
  let query = db
    .selectFrom('compensations as entry')
    .innerJoin('users as creator', 'creator.id', 'entry.userId')
    .select([
      'entry.id',
      'creator.username',
      'creator.email',
      'creator.firstName',
      'creator.lastName',
      'entry.month',
      'entry.year',
      'entry.amountCents',
      'entry.status',
      'entry.publishedAt',
      'entry.notes',
    ]);
  if (filter.year !== undefined) query = query.where('entry.year', '=', filter.year);
  if (filter.userId !== undefined) query = query.where('entry.userId', '=', filter.userId);
  if (filter.status !== undefined) query = query.where('entry.status', '=', filter.status);
  if (cursor) {
    query = query.where((eb) =>
      eb(
        eb.refTuple('entry.year', 'entry.month', 'creator.username', 'entry.id'),
        '>',
        eb.tuple(cursor.year, cursor.month, cursor.username, cursor.id),
      ),
    );
  }
  const rows = await query
    .orderBy('entry.year')
    .orderBy('entry.month')
    .orderBy('creator.username')
    .orderBy('entry.id')
    .limit(size)
    .execute();
  return rows.map((row) => ({
    ...row,
    month: Number(row.month),
    year: Number(row.year),
    amountCents: Number(row.amountCents),
  }));
}
