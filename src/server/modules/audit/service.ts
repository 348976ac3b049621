import type { Readable } from 'node:stream';
import { auditSummary, type AuditFilter } from '../../../domain/audit.ts';
import type { Language } from '../../../domain/languages.ts';
import type { Deps } from '../../deps.ts';
import { textsIn } from '../../texts.ts';
import { csvStream } from '../compensation/csv.ts';
import { auditRows, recordAudit } from './repository.ts';

/**
 * A download of a CSV file (or an archive) is an act of its own: recorded as it starts, by the
 * person downloading, with the file's name and the filter that chose its rows.
 */
export async function recordExport(
  deps: Deps,
  { user, file, filter }: { user: { id: string; username: string }; file: string; filter?: string },
): Promise<void> {
  await recordAudit(deps, {
    actor: user,
    kind: 'export.downloaded',
    subject: { type: 'export', id: file },
    params: filter ? { file, filter } : { file },
  });
}

const columns = ['at', 'actor', 'kind', 'subject', 'summary'] as const;

/**
 * The log as CSV, newest first, with the same filters as the screen: header, kind names and
 * summaries in the reader's language, every cell guarded against formulas (csv.ts). The export is
 * itself recorded, before its rows are read.
 */
export async function exportAudit(
  deps: Deps,
  {
    filter,
    user,
  }: { filter: AuditFilter; user: { id: string; username: string; preferredLanguage: Language } },
): Promise<Readable> {
  await recordExport(deps, {
    user,
    file: 'audit-log.csv',
    filter: new URLSearchParams(
      Object.entries(filter).filter((pair): pair is [string, string] => Boolean(pair[1])),
    ).toString(),
  });
  const language = user.preferredLanguage;
  const t = textsIn(language);
  async function* rows() {
    for await (const entry of auditRows(deps.db, filter)) {
      yield [
        entry.at,
        entry.actorUsername,
        t(`audit.kind.${entry.kind}`),
        entry.subjectId,
        auditSummary(entry, t, language),
      ];
    }
  }
  return csvStream(
    columns.map((column) => t(`audit.column.${column}`)),
    rows(),
  );
}
