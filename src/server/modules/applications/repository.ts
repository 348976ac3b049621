import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { applicationsApi } from '../../../domain/api/applications.ts';
import { pathOf } from '../../../domain/api/endpoint.ts';
import {
  applicationStatuses,
  type Application,
  type ApplicationListQuery,
  type ApplicationStatus,
  type SocialAccount,
} from '../../../domain/applications.ts';
import { listPageSize, searchable, type Page } from '../../../domain/lists.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';
import { pageOf, pageOnce, whereSearch } from '../../db/lists.ts';
import type { ApplicationsTable } from '../../db/schema.ts';

export type ApplicationRow = Selectable<ApplicationsTable>;
type NoteRow = {
  id: string;
  applicationId: string;
  note: string;
  createdAt: string;
  authorUsername: string | null;
};
type DocumentViewRow = { applicationId: string; viewerUsername: string | null; viewedAt: string };
type Related = { notes: NoteRow[]; documentViews: DocumentViewRow[] };

/** The document's address on the web, served to administrators only. */
const documentUrl = (fileKey: string) =>
  pathOf(applicationsApi.document, { file: path.posix.basename(fileKey) });

/** The columns administrators see (`toApplication`): the search text stays behind. */
const shownApplicationColumns = [
  'id',
  'firstName',
  'lastName',
  'email',
  'phone',
  'country',
  'city',
  'state',
  'socialAccounts',
  'documentType',
  'idType',
  'documentNumber',
  'documentFileKey',
  'documentFileType',
  'personalMessage',
  'heardAboutUs',
  'language',
  'status',
  'adminNotes',
  'reviewedBy',
  'reviewedAt',
  'createdUserId',
  'submittedAt',
  'updatedAt',
] as const satisfies readonly (keyof ApplicationRow)[];

type ListedApplicationRow = Pick<ApplicationRow, (typeof shownApplicationColumns)[number]>;

/** The one mapping from rows to what administrators see. */
function toApplication(row: ListedApplicationRow, { notes, documentViews }: Related): Application {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    country: row.country,
    city: row.city,
    state: row.state,
    socialAccounts: JSON.parse(row.socialAccounts) as SocialAccount[],
    documentType: row.documentType,
    idType: row.idType,
    documentNumber: row.documentNumber,
    documentImageUrl: row.documentFileKey ? documentUrl(row.documentFileKey) : null,
    documentMimeType: row.documentFileKey ? row.documentFileType : null,
    documentViews: documentViews.map(({ viewerUsername, viewedAt }) => ({
      viewerUsername,
      viewedAt,
    })),
    personalMessage: row.personalMessage,
    heardAboutUs: row.heardAboutUs,
    language: row.language,
    status: row.status,
    adminNotes: row.adminNotes,
    notes: notes.map(({ id, note, authorUsername, createdAt }) => ({
      id,
      note,
      authorUsername,
      createdAt,
    })),
    reviewedBy: row.reviewedBy,
    reviewedAt: row.reviewedAt,
    createdUserId: row.createdUserId,
    submittedAt: row.submittedAt,
    updatedAt: row.updatedAt,
  };
}

/** How many applications' related rows one query reads: a page's worth. */
const relatedBatch = listPageSize;

/**
 * The related rows of `relatedBatch` applications (an id may repeat), built and compiled once
 * (compiledOnce()). Raw SQL selected from: a lone read (shared-reads.ts) at a quarter of the cost
 * of building the same union.
 */
const relatedRows = compiledOnce(
  (db: Db, ...applicationIds: string[]) =>
    db
      .selectFrom(
        sql<{
          kind: 'note' | 'view';
          applicationId: string;
          id: string;
          note: string | null;
          at: string;
          username: string | null;
        }>`(
          select 'note' as kind, n.application_id, n.id, n.note, n.created_at as at, u.username
          from application_notes n left join users u on u.id = n.author_id
          where n.application_id in (${sql.join(applicationIds)})
          union all
          select 'view' as kind, a.subject_id as application_id, a.id, null as note, a.at,
            a.actor_username as username
          from audit_entries a
          where a.subject_type = 'application' and a.subject_id in (${sql.join(applicationIds)})
            and a.kind = 'application.document_viewed'
        )`.as('related'),
      )
      .selectAll()
      .orderBy(
        sql`kind, case when kind = 'note' then at end, case when kind = 'view' then at end desc, id`,
      ),
  relatedBatch,
);

/**
 * The notes (oldest first) and document openings (newest first; kept in the audit log, decision
 * 0057) of these applications, by application id, in one query a page: a page of applications
 * asks for both, so they come back together rather than by two round trips.
 */
async function relatedTo(db: Db, applicationIds: string[]): Promise<Map<string, Related>> {
  const related = new Map<string, Related>(
    applicationIds.map((id) => [id, { notes: [], documentViews: [] }]),
  );
  const rows = [];
  for (let start = 0; start < applicationIds.length; start += relatedBatch) {
    const batch = applicationIds.slice(start, start + relatedBatch);
    // Always as many ids, so always the same statement: the first stands in for the missing.
    const padded = Array.from({ length: relatedBatch }, (_, index) => batch[index] ?? batch[0]!);
    rows.push(...(await relatedRows(db, ...padded)));
  }
  for (const row of rows) {
    const entry = related.get(row.applicationId);
    if (!entry) continue;
    if (row.kind === 'note') {
      entry.notes.push({
        id: row.id,
        applicationId: row.applicationId,
        note: row.note ?? '',
        createdAt: row.at,
        authorUsername: row.username,
      });
    } else {
      entry.documentViews.push({
        applicationId: row.applicationId,
        viewedAt: row.at,
        viewerUsername: row.username,
      });
    }
  }
  return related;
}

const nothingRelated: Related = { notes: [], documentViews: [] };

/** How many applications there are, and how many await a first look. */
export async function countApplications(db: Db): Promise<{ total: number; pending: number }> {
  const row = await db
    .selectFrom('applications')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn
        .sum<number>(eb.case().when('status', '=', 'pending').then(1).else(0).end())
        .as('pending'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), pending: Number(row.pending ?? 0) };
}

/**
 * A page of the applications list: searched over names, email and personal message, filtered by
 * status, newest first; each with its whole note history (oldest first) and the openings of its
 * document (newest first).
 */
export async function listApplications(
  db: Db,
  query: ApplicationListQuery,
): Promise<Page<Application>> {
  const page = await applicationsPage(db, query);
  const related = await relatedTo(
    db,
    page.items.map((row) => row.id),
  );
  return {
    ...page,
    items: page.items.map((row) => toApplication(row, related.get(row.id) ?? nothingRelated)),
  };
}

const listedApplications = (db: Db) =>
  db.selectFrom('applications').select(shownApplicationColumns);
const newestFirst = <Query extends ReturnType<typeof listedApplications>>(query: Query) =>
  query.orderBy('submittedAt', 'desc').orderBy('id');
/** Without a search, each page's query is built once (pageOnce()), with the status written in. */
const everyApplicationPage = pageOnce((db: Db) => newestFirst(listedApplications(db)), 0);
const statusPages = Object.fromEntries(
  applicationStatuses.map((status) => [
    status,
    pageOnce(
      (db: Db) => newestFirst(listedApplications(db).where('status', '=', sql.lit(status))),
      0,
    ),
  ]),
) as Record<ApplicationStatus, typeof everyApplicationPage>;

function applicationsPage(db: Db, query: ApplicationListQuery) {
  const asRow = (row: ListedApplicationRow) => row;
  if (!query.q) {
    return query.status === 'all'
      ? everyApplicationPage(db, query, asRow)
      : statusPages[query.status](db, query, asRow);
  }
  let rows = whereSearch(listedApplications(db), 'searchText', query.q);
  if (query.status !== 'all') rows = rows.where('status', '=', query.status);
  return pageOf(newestFirst(rows), query, asRow);
}

export async function findApplication(db: Db, id: string): Promise<Application | undefined> {
  const row = await findApplicationRow(db, id);
  return row
    ? toApplication(row, (await relatedTo(db, [id])).get(id) ?? nothingRelated)
    : undefined;
}

export function findApplicationRow(db: Db, id: string) {
  return db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The row, locked against a concurrent review on PostgreSQL (SQLite runs one writer at a time). */
export function findApplicationRowForUpdate(db: Db, dialect: 'sqlite' | 'postgres', id: string) {
  const query = db.selectFrom('applications').selectAll().where('id', '=', id);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

export function findApplicationByDocument(db: Db, fileKey: string) {
  return db
    .selectFrom('applications')
    .select(['id', 'documentFileType'])
    .where('documentFileKey', '=', fileKey)
    .executeTakeFirst();
}

/** Whether this email already has an application waiting for a decision. */
export async function hasOpenApplication(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('applications')
    .select('id')
    .where('email', '=', email)
    .where('status', 'in', ['pending', 'under_review'])
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertApplication(db: Db, row: Insertable<ApplicationsTable>): Promise<void> {
  const searchText = searchable(row.firstName, row.lastName, row.email, row.personalMessage);
  await db
    .insertInto('applications')
    .values({ ...row, searchText })
    .execute();
}

/**
 * Changes an application unless it is approved (approved is final). False when nothing changed
 * because it was approved meanwhile.
 */
export async function updateUnlessApproved(
  db: Db,
  id: string,
  changes: Updateable<ApplicationsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('applications')
    .set(changes)
    .where('id', '=', id)
    .where('status', '!=', 'approved')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertNote(
  db: Db,
  note: { applicationId: string; authorId: string; note: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('applicationNotes')
    .values({ id: randomUUID(), ...note })
    .execute();
}

/** Rejected before `rejectedBefore` and still holding a document. */
export function rejectedWithDocument(db: Db, rejectedBefore: string) {
  return db
    .selectFrom('applications')
    .select(['id', 'documentFileKey'])
    .where('status', '=', 'rejected')
    .where('rejectedAt', '<=', rejectedBefore)
    .where('documentFileKey', 'is not', null)
    .execute();
}

export async function forgetDocument(db: Db, id: string, fileKey: string, now: string) {
  // Only if still rejected with that file: a change of heart meanwhile keeps the document.
  const result = await db
    .updateTable('applications')
    .set({ documentFileKey: null, documentFileType: null, updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'rejected')
    .where('documentFileKey', '=', fileKey)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteApplication(db: Db, id: string): Promise<string | null | undefined> {
  const row = await db
    .deleteFrom('applications')
    .where('id', '=', id)
    .returning('documentFileKey')
    .executeTakeFirst();
  return row ? row.documentFileKey : undefined;
}
