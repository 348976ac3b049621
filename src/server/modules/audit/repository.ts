import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type {
  AuditEntry,
  AuditFilter,
  AuditKind,
  AuditListQuery,
  AuditParams,
  AuditSubjectType,
} from '../../../domain/audit.ts';
import { auditSummary } from '../../../domain/audit.ts';
import { searchable, type Page } from '../../../domain/lists.ts';
import type { Db } from '../../db/database.ts';
import { pageOf, whereSearch } from '../../db/lists.ts';
import type { AuditEntriesTable } from '../../db/schema.ts';
import type { Clock } from '../../deps.ts';
import { textsIn } from '../../texts.ts';

/** Who did it: the account, by its id and its name at the time. */
export interface AuditActor {
  id: string | null;
  username: string | null;
}

export interface AuditRecord {
  actor: AuditActor | null;
  kind: AuditKind;
  subject?: { type: AuditSubjectType; id: string };
  params?: AuditParams;
  /** The address a sign-in came from. */
  address?: string;
}

/** A failed sign-in's typed name is kept, never more of it than this. */
const actorNameMaxLength = 200;

/**
 * Records one act in the audit log (decision 0057). Call it with the `db` of the act's own
 * transaction (the `deps` that `withTransaction` hands over): the entry commits with the act or
 * not at all. There is no function to change or delete an entry, and the table's triggers refuse
 * both.
 */
export async function recordAudit(
  { db, clock }: { db: Db; clock: Clock },
  record: AuditRecord,
): Promise<void> {
  await insertAuditEntry(db, clock().toISOString(), record);
}

/** `recordAudit` at a time the act read under its lock (a compensation entry's change). */
export async function insertAuditEntry(db: Db, at: string, record: AuditRecord): Promise<void> {
  const params = record.params ?? {};
  const actorUsername = record.actor?.username?.slice(0, actorNameMaxLength) ?? null;
  await db
    .insertInto('auditEntries')
    .values({
      id: randomUUID(),
      at,
      actorId: record.actor?.id ?? null,
      actorUsername,
      kind: record.kind,
      subjectType: record.subject?.type ?? null,
      subjectId: record.subject?.id ?? null,
      params: JSON.stringify(params),
      address: record.address ?? null,
      searchText: searchable(actorUsername, ...Object.values(params).map(String)),
    })
    .execute();
}

type AuditRow = Selectable<AuditEntriesTable> & {
  applicantFirstName?: string | null;
  applicantLastName?: string | null;
};

function paramsOf(row: AuditRow): AuditParams {
  let params: AuditParams;
  try {
    params = JSON.parse(row.params) as AuditParams;
  } catch {
    params = {};
  }
  // An applicant is named from their application while it exists: the log keeps no personal
  // data of theirs, so erasing an application erases its name here too (decision 0057).
  if (row.subjectType === 'application' && row.applicantFirstName != null) {
    params.name = `${row.applicantFirstName} ${row.applicantLastName ?? ''}`.trim();
  }
  return params;
}

const english = textsIn('en');

export function toAuditEntry(row: AuditRow): AuditEntry {
  const params = paramsOf(row);
  return {
    id: row.id,
    at: row.at,
    actorId: row.actorId,
    actorUsername: row.actorUsername,
    kind: row.kind,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    params,
    summary: auditSummary({ kind: row.kind, params }, english, 'en'),
  };
}

/** The day after `day` (`YYYY-MM-DD`), at midnight UTC: `to` includes its whole day. */
function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

function matching(db: Db, filter: AuditFilter) {
  let query = whereSearch(
    db.selectFrom('auditEntries').selectAll('auditEntries'),
    'auditEntries.searchText',
    filter.q,
  );
  if (filter.kind) query = query.where('auditEntries.kind', '=', filter.kind);
  if (filter.userId) query = query.where('auditEntries.actorId', '=', filter.userId);
  if (filter.from) query = query.where('auditEntries.at', '>=', `${filter.from}T00:00:00.000Z`);
  if (filter.to) query = query.where('auditEntries.at', '<', dayAfter(filter.to));
  return query
    .leftJoin('applications', (join) =>
      join
        .onRef('applications.id', '=', 'auditEntries.subjectId')
        .on('auditEntries.subjectType', '=', 'application'),
    )
    .select([
      'applications.firstName as applicantFirstName',
      'applications.lastName as applicantLastName',
    ]);
}

/** A page of the log, newest first. */
export function listAuditEntries(db: Db, query: AuditListQuery): Promise<Page<AuditEntry>> {
  return pageOf(
    matching(db, query).orderBy('auditEntries.at', 'desc').orderBy('auditEntries.id', 'desc'),
    query,
    toAuditEntry,
  );
}

const exportBatchSize = 1000;

/** Every entry the filter matches, newest first, a batch at a time (keyset: at, then id). */
export async function* auditRows(db: Db, filter: AuditFilter): AsyncGenerator<AuditEntry> {
  let cursor: { at: string; id: string } | undefined;
  for (;;) {
    let query = matching(db, filter);
    if (cursor) {
      const { at, id } = cursor;
      query = query.where((eb) =>
        eb.or([
          eb('auditEntries.at', '<', at),
          eb.and([eb('auditEntries.at', '=', at), eb('auditEntries.id', '<', id)]),
        ]),
      );
    }
    const rows = await query
      .orderBy('auditEntries.at', 'desc')
      .orderBy('auditEntries.id', 'desc')
      .limit(exportBatchSize)
      .execute();
    for (const row of rows) yield toAuditEntry(row);
    if (rows.length < exportBatchSize) return;
    const last = rows.at(-1)!;
    cursor = { at: last.at, id: last.id };
  }
}

/** How many entries there are about one subject (the next change's number of an entry). */
export async function countEntriesAbout(
  db: Db,
  subjectType: AuditSubjectType,
  subjectId: string,
  kinds: readonly AuditKind[],
): Promise<number> {
  const row = await db
    .selectFrom('auditEntries')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('subjectType', '=', subjectType)
    .where('subjectId', '=', subjectId)
    .where('kind', 'in', kinds)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
