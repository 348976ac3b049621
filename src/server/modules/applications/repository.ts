import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { sql, type Insertable, type QueryCreator, type Selectable, type Updateable } from 'kysely';
import { applicationsApi } from '../../../domain/api/applications.ts';
import { pathOf } from '../../../domain/api/endpoint.ts';
import {
  applicationStatuses,
  type Application,
  type ApplicationListQuery,
  type ApplicationStatus,
  type SocialAccount,
} from '../../../domain/applications.ts';
import { searchable, type Page } from '../../../domain/lists.ts';
import type { Db } from '../../db/database.ts';
import { besidePageOnce, pageOf, pageOnce, whereSearch } from '../../db/lists.ts';
import {
  byApplication,
  nothingRelated,
  relatedOf,
  relatedRowsOf,
  type Related,
  type RelatedRow,
} from './related-rows.ts';
import type { ApplicationsTable, Database } from '../../db/schema.ts';

export type ApplicationRow = Selectable<ApplicationsTable>;
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
 * document (newest first). Without a search, the page and its related rows are asked for in the
 * same turn (besidePageOnce()); an application that the related rows' statement did not see on
 * its page (one was submitted or deleted between the two) has its own read again.
 */
export async function listApplications(
  db: Db,
  query: ApplicationListQuery,
): Promise<Page<Application>> {
  let page: Page<ListedApplicationRow>;
  let relatedRows: RelatedRow[];
  if (query.q) {
    page = await searchedPage(db, query);
    relatedRows = await relatedRowsOf(
      db,
      page.items.map((row) => row.id),
    );
  } else {
    const pages = query.status === 'all' ? everyApplicationPage : statusPages[query.status];
    [page, relatedRows] = await Promise.all([
      pages.rows(db, query, (row) => row),
      pages.related(db, query),
    ]);
    const seen = new Set(
      relatedRows.filter((row) => row.kind === 'page').map((row) => row.applicationId),
    );
    const unseen = page.items.filter((row) => !seen.has(row.id)).map((row) => row.id);
    if (unseen.length > 0) relatedRows = [...relatedRows, ...(await relatedRowsOf(db, unseen))];
  }
  const related = byApplication(
    page.items.map((row) => row.id),
    relatedRows,
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

/**
 * Without a search, each page's statements are built once (pageOnce(), besidePageOnce()), with
 * the status written in.
 */
function listPages(build: (db: Db) => ReturnType<typeof listedApplications>) {
  return {
    rows: pageOnce(build),
    // The page's ids are read once, as `seen_page`, for both the related rows and the `page` rows.
    related: besidePageOnce(build, (db, pageRows) =>
      relatedOf(
        // Only the raw SQL reads `seen_page`: the tables' types need not know it.
        db.with('seenPage', () =>
          pageRows.clearSelect().select('applications.id'),
        ) as unknown as QueryCreator<Database>,
        sql`(select id from seen_page)`,
        sql`seen_page`,
      ),
    ),
  };
}
const everyApplicationPage = listPages((db) => newestFirst(listedApplications(db)));
const statusPages = Object.fromEntries(
  applicationStatuses.map((status) => [
    status,
    listPages((db) => newestFirst(listedApplications(db).where('status', '=', sql.lit(status)))),
  ]),
) as Record<ApplicationStatus, typeof everyApplicationPage>;

function searchedPage(db: Db, query: ApplicationListQuery) {
  let rows = whereSearch(listedApplications(db), 'searchText', query.q);
  if (query.status !== 'all') rows = rows.where('status', '=', query.status);
  return pageOf(newestFirst(rows), query, (row: ListedApplicationRow) => row);
}

export async function findApplication(db: Db, id: string): Promise<Application | undefined> {
  const row = await findApplicationRow(db, id);
  return row
    ? toApplication(
        row,
        byApplication([id], await relatedRowsOf(db, [id])).get(id) ?? nothingRelated,
      )
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
