import { sql, type Expression, type QueryCreator } from 'kysely';
import { listPageSize } from '../../../domain/lists.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/**
 * An application's related rows: its notes and the openings of its document (kept in the audit
 * log, decision 0057), read for a page of applications at once.
 */

type NoteRow = {
  id: string;
  applicationId: string;
  note: string;
  createdAt: string;
  authorUsername: string | null;
};
type DocumentViewRow = { applicationId: string; viewerUsername: string | null; viewedAt: string };
export type Related = { notes: NoteRow[]; documentViews: DocumentViewRow[] };

/** How many applications' related rows one query reads: a page's worth. */
const relatedBatch = listPageSize;

export type RelatedRow = {
  /** `page`: an application of the page that besidePageOnce()'s statement saw; nothing of its own. */
  kind: 'note' | 'view' | 'page';
  applicationId: string;
  id: string;
  note: string | null;
  at: string | null;
  username: string | null;
};

/**
 * The notes and document openings of the applications whose ids `applicationIds` gives (a list of
 * values, or a page's ids as a subquery), and, given a page's ids as `seenPage`, one `page` row for
 * each. Raw SQL selected from: a lone read (shared-reads.ts) at a quarter of the cost of building
 * the same union.
 */
export const relatedOf = (
  db: QueryCreator<Database>,
  applicationIds: Expression<unknown>,
  seenPage?: Expression<unknown>,
) =>
  db
    .selectFrom(
      sql<RelatedRow>`(
          select 'note' as kind, n.application_id, n.id, n.note, n.created_at as at, u.username
          from application_notes n left join users u on u.id = n.author_id
          where n.application_id in ${applicationIds}
          union all
          select 'view' as kind, a.subject_id as application_id, a.id, null as note, a.at,
            a.actor_username as username
          from audit_entries a
          where a.subject_type = 'application' and a.subject_id in ${applicationIds}
            and a.kind = 'application.document_viewed'
          ${
            seenPage
              ? sql`union all
          select 'page' as kind, p.id as application_id, p.id, null as note, null as at,
            null as username
          from ${seenPage} as p`
              : sql``
          }
        )`.as('related'),
    )
    .selectAll()
    .orderBy(
      sql`kind, case when kind = 'note' then at end, case when kind = 'view' then at end desc, id`,
    );

/** The related rows of `relatedBatch` applications (an id may repeat), built and compiled once. */
const relatedRows = compiledOnce(
  (db: Db, ...applicationIds: string[]) => relatedOf(db, sql`(${sql.join(applicationIds)})`),
  relatedBatch,
);

/**
 * The notes (oldest first) and document openings (newest first; kept in the audit log, decision
 * 0057) of these applications, in one query a page: a page of applications asks for both, so they
 * come back together rather than by two round trips.
 */
export async function relatedRowsOf(db: Db, applicationIds: string[]): Promise<RelatedRow[]> {
  const rows = [];
  for (let start = 0; start < applicationIds.length; start += relatedBatch) {
    const batch = applicationIds.slice(start, start + relatedBatch);
    // Always as many ids, so always the same statement: the first stands in for the missing.
    const padded = Array.from({ length: relatedBatch }, (_, index) => batch[index] ?? batch[0]!);
    rows.push(...(await relatedRows(db, ...padded)));
  }
  return rows;
}

/** Related rows by application id, for these applications only. */
export function byApplication(applicationIds: string[], rows: RelatedRow[]): Map<string, Related> {
  const related = new Map<string, Related>(
    applicationIds.map((id) => [id, { notes: [], documentViews: [] }]),
  );
  for (const row of rows) {
    const entry = related.get(row.applicationId);
    if (!entry || row.at === null) continue;
    if (row.kind === 'note') {
      entry.notes.push({
        id: row.id,
        applicationId: row.applicationId,
        note: row.note ?? '',
        createdAt: row.at,
        authorUsername: row.username,
      });
    } else if (row.kind === 'view') {
      entry.documentViews.push({
        applicationId: row.applicationId,
        viewedAt: row.at,
        viewerUsername: row.username,
      });
    }
  }
  return related;
}

export const nothingRelated: Related = { notes: [], documentViews: [] };
