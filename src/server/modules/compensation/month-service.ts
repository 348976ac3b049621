import { createHash, randomUUID } from 'node:crypto';
import {
  compensationImportLimits,
  type CompensationImportResult,
  type ImportRefusal,
  type MonthDrafts,
  type PublishMonthResult,
} from '../../../domain/compensation.ts';
import { compensationPeriodSchema, importedRowSchema } from '../../../domain/compensation-input.ts';
import { languages, type Language } from '../../../domain/languages.ts';
import {
  catalogueKey,
  isMessageCode,
  type MessageCode,
  type MessageParams,
} from '../../../domain/messages.ts';
import { centsToDecimal } from '../../../domain/money.ts';
import { periodValue, type Period } from '../../../domain/months.ts';
import type { User } from '../../../domain/users.ts';
import { isUniqueViolation } from '../../db/constraints.ts';
import { lockKeys, oneAtATime } from '../../db/locks.ts';
import { withTransaction, type Deps } from '../../deps.ts';
import { DomainError } from '../../errors.ts';
import { textsIn } from '../../texts.ts';
import { usersByUsername } from '../users/repository.ts';
import { csvValue, parseCsv } from './csv.ts';
import {
  claimPublication,
  draftsOfMonth,
  insertChange,
  insertCompensation,
  onePerCreatorAndMonth,
  usersWithEntryFor,
  type CompensationRow,
} from './repository.ts';
import { entryKey, recordPublication } from './service.ts';

/**
 * A month at a time (decision 0053): every draft of a month published in one act, and a month's
 * pay added from a CSV file in the export's format.
 */

/** The lock of a month's publication and imports: one of them at a time per month. */
const monthKey = (period: Period) => `compensation-month:${periodValue(period)}`;

/**
 * Names exactly these drafts: their ids, amounts and last changes. A draft added, edited or
 * published by someone else changes it.
 */
function versionOf(drafts: readonly CompensationRow[]): string {
  const hash = createHash('sha256');
  for (const draft of drafts) {
    hash.update(`${draft.id}:${Number(draft.amountCents)}:${draft.updatedAt}\n`);
  }
  return hash.digest('hex').slice(0, 32);
}

const centsOf = (drafts: readonly CompensationRow[]) =>
  drafts.reduce((sum, draft) => sum + Number(draft.amountCents), 0);

/** What publishing the month would publish, and the version the confirmation sends back. */
export async function monthDrafts(deps: Deps, period: Period): Promise<MonthDrafts> {
  const drafts = await draftsOfMonth(deps.db, period);
  return {
    ...period,
    drafts: drafts.length,
    total: centsToDecimal(centsOf(drafts)),
    version: versionOf(drafts),
  };
}

/**
 * Publishes the drafts of a month the administrator was shown (`version`), each as a single
 * publication does: one history row, one notice and one mail per creator. Under the month's lock,
 * so of two at once the second finds nothing left to publish and answers so (a repeat, decision
 * 0041); then under every entry's lock, so a single publication or an edit of one of them waits or
 * is waited for. Drafts that differ from those shown (one added, edited or published meanwhile)
 * publish nothing: 412, and the screen shows the month again.
 */
export async function publishMonth(
  deps: Deps,
  { period, version, admin }: { period: Period; version: string; admin: User },
): Promise<PublishMonthResult> {
  return oneAtATime(deps.db, [monthKey(period)], () =>
    withTransaction(deps, async (deps) => {
      await lockKeys(deps.db, deps.dialect, [monthKey(period)]);
      const seen = await draftsOfMonth(deps.db, period);
      if (seen.length === 0) return { published: 0, total: centsToDecimal(0) };
      await lockKeys(
        deps.db,
        deps.dialect,
        seen.map((draft) => entryKey(draft.id)),
      );
      // Read again under the entries' locks: what is published is what the version names.
      const drafts = await draftsOfMonth(deps.db, period);
      if (drafts.length === 0) return { published: 0, total: centsToDecimal(0) };
      if (versionOf(drafts) !== version) {
        throw new DomainError('stale', 'compensation.month_changed', {
          params: { ...period, period: periodValue(period) },
        });
      }
      const now = deps.clock().toISOString();
      let published = 0;
      let cents = 0;
      for (const draft of drafts) {
        const entry = await claimPublication(deps.db, draft.id, {
          publishedAt: now,
          publishedBy: admin.id,
        });
        if (!entry) continue;
        await recordPublication(deps, entry, { admin, now });
        published += 1;
        cents += Number(entry.amountCents);
      }
      return { published, total: centsToDecimal(cents) };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Adding a month's pay from a CSV file

type ImportColumn = 'username' | 'amount' | 'notes' | 'month' | 'year';
const importColumns: readonly ImportColumn[] = ['username', 'amount', 'notes', 'month', 'year'];

/**
 * The export's header names in every language, lower case, to the column they name: a file
 * exported by an administrator reading Spanish comes back with a Spanish header. The export's
 * other columns (creator, email, status, published at) are read past.
 */
const columnOfHeader = new Map<string, ImportColumn>(
  languages.flatMap((language) =>
    importColumns.map(
      (column) =>
        [textsIn(language)(`csv.compensation.${column}`).trim().toLowerCase(), column] as const,
    ),
  ),
);

const invalid = (code: MessageCode, params?: MessageParams) =>
  new DomainError('invalid', code, { params });

/** The file's rows under the header's columns; refuses a file that is not one we can read. */
function readFile(bytes: Buffer) {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalid('compensation.import_unreadable');
  }
  const parsed = parseCsv(text, compensationImportLimits.maxRows + 1);
  if (!parsed) throw invalid('compensation.import_unreadable');
  if (parsed.more) {
    throw new DomainError('too_large', 'compensation.import_too_many_rows', {
      params: { count: compensationImportLimits.maxRows },
    });
  }
  const [header = [], ...lines] = parsed.rows;
  const at = new Map<ImportColumn, number>();
  header.forEach((name, index) => {
    const column = columnOfHeader.get(csvValue(name).trim().toLowerCase());
    if (column && !at.has(column)) at.set(column, index);
  });
  if (!at.has('username') || !at.has('amount')) throw invalid('compensation.import_header');
  const rows = lines
    .map((cells, index) => ({
      // As a spreadsheet numbers them: the header is row 1.
      row: index + 2,
      cell: (column: ImportColumn) => {
        const index = at.get(column);
        return index === undefined ? undefined : csvValue(cells[index] ?? '');
      },
      isBlank: cells.every((cell) => cell.trim() === ''),
    }))
    .filter((row) => !row.isBlank);
  if (rows.length === 0) throw invalid('compensation.import_empty');
  return rows;
}

/** The schemas' messages are codes; one of zod's own is an invalid value all the same. */
const codeOf = (message: string): MessageCode =>
  isMessageCode(message) ? message : 'request.invalid';

type Problem = { row: number; code: MessageCode; params?: MessageParams };
type Draft = { row: number; userId: string; amountCents: number; notes: string | null };

/**
 * Every row checked against the rules of a single entry and against the database: an account
 * that is a creator, the month the file is added for, an amount and notes as the form takes them,
 * once per creator in the file, and no entry for that creator and month yet.
 */
async function checkRows(
  deps: Deps,
  rows: ReturnType<typeof readFile>,
  period: Period,
): Promise<{ drafts: Draft[]; problems: Problem[] }> {
  const problems: Problem[] = [];
  const drafts: Draft[] = [];
  const people = await usersByUsername(
    deps.db,
    rows.map((row) => row.cell('username')?.trim() ?? '').filter(Boolean),
  );
  const taken = await usersWithEntryFor(
    deps.db,
    [...people.values()].map((person) => person.id),
    period,
  );
  const firstRowOf = new Map<string, number>();
  for (const { row, cell } of rows) {
    const found: Problem[] = [];
    const username = cell('username')?.trim() ?? '';
    const person = username ? people.get(username.toLowerCase()) : undefined;
    if (!username) found.push({ row, code: 'compensation.import_username_required' });
    else if (!person)
      found.push({ row, code: 'compensation.import_username_unknown', params: { username } });
    else if (person.isAdmin) {
      found.push({ row, code: 'compensation.import_not_creator', params: { username } });
    } else if (firstRowOf.has(person.id)) {
      found.push({
        row,
        code: 'compensation.import_repeated',
        params: { username, row: firstRowOf.get(person.id)! },
      });
    } else {
      firstRowOf.set(person.id, row);
      if (taken.has(person.id)) {
        found.push({
          row,
          code: 'compensation.duplicate',
          params: { ...period, period: periodValue(period) },
        });
      }
    }
    const month = cell('month');
    const year = cell('year');
    if (month !== undefined || year !== undefined) {
      const named = compensationPeriodSchema.safeParse({ month: month ?? '', year: year ?? '' });
      if (!named.success) {
        for (const issue of named.error.issues) {
          found.push({ row, code: codeOf(issue.message) });
        }
      } else if (named.data.month !== period.month || named.data.year !== period.year) {
        found.push({
          row,
          code: 'compensation.import_other_month',
          params: { period: periodValue(named.data), chosen: periodValue(period) },
        });
      }
    }
    const values = importedRowSchema.safeParse({ amount: cell('amount'), notes: cell('notes') });
    if (!values.success) {
      for (const issue of values.error.issues) {
        found.push({ row, code: codeOf(issue.message) });
      }
    }
    problems.push(...found);
    if (found.length === 0 && person && values.success) {
      drafts.push({
        row,
        userId: person.id,
        amountCents: values.data.amount,
        notes: values.data.notes,
      });
    }
  }
  return { drafts, problems };
}

/** A refusal of a row, written in the administrator's language. */
function refusal(problem: Problem, language: Language): ImportRefusal {
  return {
    row: problem.row,
    code: problem.code,
    reason: textsIn(language)(catalogueKey(problem.code), problem.params ?? {}),
  };
}

/**
 * Adds a month's pay from a CSV file, as drafts, all or nothing: any refused row (each named with
 * its reason) creates nothing. A dry run checks and says what confirming would create. The real
 * run checks again under the month's lock and writes in the same transaction; an entry created
 * by hand at that moment breaks the unique key, and the run is checked again to name its row.
 */
export async function importCompensations(
  deps: Deps,
  { bytes, period, admin, dryRun }: { bytes: Buffer; period: Period; admin: User; dryRun: boolean },
): Promise<CompensationImportResult> {
  const rows = readFile(bytes);
  const answer = (drafts: Draft[], problems: Problem[]): CompensationImportResult => ({
    dryRun,
    rows: rows.length,
    created: problems.length ? 0 : drafts.length,
    total: centsToDecimal(problems.length ? 0 : drafts.reduce((sum, d) => sum + d.amountCents, 0)),
    refused: problems.map((problem) => refusal(problem, admin.preferredLanguage)),
  });
  if (dryRun) {
    const { drafts, problems } = await checkRows(deps, rows, period);
    return answer(drafts, problems);
  }
  const run = () =>
    oneAtATime(deps.db, [monthKey(period)], () =>
      withTransaction(deps, async (deps) => {
        await lockKeys(deps.db, deps.dialect, [monthKey(period)]);
        const { drafts, problems } = await checkRows(deps, rows, period);
        if (problems.length) return answer(drafts, problems);
        const now = deps.clock().toISOString();
        for (const draft of drafts) {
          const id = randomUUID();
          await insertCompensation(deps.db, {
            id,
            userId: draft.userId,
            ...period,
            amountCents: draft.amountCents,
            status: 'draft',
            notes: draft.notes,
            createdBy: admin.id,
            publishedAt: null,
            publishedBy: null,
            createdAt: now,
            updatedAt: now,
          });
          await insertChange(deps.db, {
            compensationId: id,
            action: 'created',
            actor: admin,
            entry: { userId: draft.userId, ...period },
            at: now,
            amountCents: draft.amountCents,
            notes: draft.notes,
            previousAmountCents: null,
            previousNotes: null,
          });
        }
        return answer(drafts, problems);
      }),
    );
  try {
    return await run();
  } catch (error) {
    if (!isUniqueViolation(error, onePerCreatorAndMonth)) throw error;
    return run();
  }
}
