import {
  sql,
  SqliteAdapter,
  type Compilable,
  type Expression,
  type SelectQueryBuilder,
} from 'kysely';
import { listPageSize, searchable, type ListQuery, type Page } from '../../domain/lists.ts';
import { compiledOnce } from './compiled-once.ts';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

/** `LIKE` with the searched text taken literally: % and _ match only themselves. */
function containsPattern(text: string): string {
  return `%${searchable(text).replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Tables whose `search_text` has a trigram index (migrations 0008 and 0015): on SQLite an FTS5
 * table named `<table>_search` over the table's rowid, on PostgreSQL a pg_trgm GIN index. Another
 * list gets the same by a migration that makes its index and its name here.
 */
const indexedTables = ['tasks', 'users'] as const;
export type IndexedTable = (typeof indexedTables)[number];

/** A trigram index finds substrings of three characters or more; shorter ones are read row by row. */
const trigramLength = 3;

/**
 * How a search narrows rows: `contains` tests each row's search text with LIKE (what a walk in the
 * list's own order wants: it stops after a page), `index` takes the matching rows from the
 * table's trigram index (SQLite's FTS5 table; what a rare term wants).
 */
export type SearchWay = 'contains' | 'index';

/**
 * Narrows a query to rows whose `searchText` contains the search, case- and accent-insensitively
 * (the column is kept in that form). An empty search leaves the query as it is. `index` needs the
 * column qualified by an indexed table (`tasks.searchText`) and a term planSearch() allowed it for.
 */
export function whereSearch<Table extends keyof Database, Row>(
  query: SelectQueryBuilder<Database, Table, Row>,
  column: string,
  q: string | undefined,
  way: SearchWay = 'contains',
): SelectQueryBuilder<Database, Table, Row> {
  if (!q) return query;
  if (way === 'index') {
    const table = column.split('.')[0] as IndexedTable;
    if (!indexedTables.includes(table)) throw new Error(`No search index on ${column}`);
    const index = sql.table(`${table}_search`);
    return query.where(
      sql<boolean>`${sql.ref(`${table}.rowid`)} in (select rowid from ${index} where ${index} match ${trigramPhrase(q)})`,
    );
  }
  // ESCAPE names the backslash on both dialects (SQLite has no default escape character).
  return query.where(sql<boolean>`${sql.ref(column)} like ${containsPattern(q)} escape '\\'`);
}

/**
 * An FTS5 phrase of the folded search: every character literal (only `"` is special, doubled),
 * matched as one run of trigrams, which is the same test as `LIKE '%search%'` on the folded text.
 */
function trigramPhrase(q: string): string {
  return `"${searchable(q).replaceAll('"', '""')}"`;
}

export interface SearchPlan {
  /** How the page's query narrows its rows. */
  page: SearchWay;
  /** How the counting query narrows its rows. */
  count: SearchWay;
  /** How many rows of the whole table match, when the index said so at little cost. */
  matches?: number;
}

const readEveryRow: SearchPlan = { page: 'contains', count: 'contains' };

/**
 * Chooses, for one search of a list, between the trigram index and a LIKE test of each row.
 *
 * PostgreSQL's planner makes this choice itself from its statistics (the GIN index serves the
 * same LIKE), so there the answer is always `contains`. SQLite's planner cannot see how many rows
 * an FTS5 match gives, so the list asks the index first (counting a term's matches costs what the
 * matches cost) and compares: taking the matches from the index costs about one row each; walking
 * the list in its own order costs about `pageEnd` rows for every `matches / tableRows` of them,
 * and never more than the list holds (`listRows`, the whole table unless the caller knows its
 * list is smaller, like a creator's own assignments). A common word is then found by walking,
 * a rare one through the index, and neither reads every row.
 */
export async function planSearch(
  db: Db,
  table: IndexedTable,
  q: string | undefined,
  { pageEnd, listRows }: { pageEnd: number; listRows?: number },
): Promise<SearchPlan> {
  if (!q || [...searchable(q)].length < trigramLength) return readEveryRow;
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return readEveryRow;
  const index = sql.table(`${table}_search`);
  const counted = await sql<{
    matches: number;
    tableRows: number;
  }>`select (select count(*) from ${index} where ${index} match ${trigramPhrase(q)}) as matches,
      (select count(*) from ${sql.table(table)}) as table_rows`.execute(db);
  const { matches, tableRows } = counted.rows[0] ?? { matches: 0, tableRows: 0 };
  const rowsInList = listRows ?? tableRows;
  const walked = Math.min(rowsInList, (pageEnd * tableRows) / Math.max(matches, 1));
  return {
    page: matches <= walked ? 'index' : 'contains',
    count: matches <= rowsInList ? 'index' : 'contains',
    matches,
  };
}

/** The column that carries the list's total beside each row of its page (see pageOf()). */
const totalColumn = 'listTotal';

/** The query's rows with how many match in all beside each (see pageOf()). */
function withTotal<Table extends keyof Database, Row>(
  query: SelectQueryBuilder<Database, Table, Row>,
  total: Expression<unknown> = counting(query),
): SelectQueryBuilder<Database, Table, Row> {
  return query.select(sql<number | string>`${total}`.as(totalColumn)) as SelectQueryBuilder<
    Database,
    Table,
    Row
  >;
}

function counting<Table extends keyof Database, Row>(
  query: SelectQueryBuilder<Database, Table, Row>,
) {
  return query
    .clearSelect()
    .clearOrderBy()
    .select((eb) => eb.fn.countAll<number | string>().as('total'));
}

/**
 * The page made of rows that carry the total (withTotal()). A page past the end has no row to
 * carry it, so only then is it asked alone.
 */
async function pageFrom<Row, Item>(
  counted: (Row & { [totalColumn]?: number | string })[],
  { page, pageSize }: { page: number; pageSize: number },
  toItem: (row: Row) => Item,
  countAlone: () => Promise<{ total?: number | string } | undefined>,
): Promise<Page<Item>> {
  let total: number;
  if (counted.length > 0) {
    total = Number(counted[0]![totalColumn]);
    for (const row of counted) delete row[totalColumn];
  } else if (page === 1) {
    total = 0;
  } else {
    total = Number((await countAlone())?.total ?? 0);
  }
  return { items: counted.map(toItem), total, page, pageSize };
}

/**
 * One page of a filtered, ordered query, and how many rows match in all, in one statement: the
 * count rides along as an uncorrelated scalar subquery, which both dialects compute once (an
 * InitPlan on PostgreSQL), so the page still walks its index and stops after a page while the
 * count costs what it cost as a query of its own, without a second round trip. Both come from
 * one snapshot. A page past the end has no row to carry the count, so only then is it asked
 * alone.
 */
export async function pageOf<Table extends keyof Database, Row, Item>(
  query: SelectQueryBuilder<Database, Table, Row>,
  { page }: ListQuery,
  toItem: (row: Row) => Item,
  options: {
    pageSize?: number;
    knownTotal?: number;
    /** The same rows narrowed another way, when that counts them sooner (planSearch()). */
    countQuery?: SelectQueryBuilder<Database, Table, Row>;
  } = {},
): Promise<Page<Item>> {
  const pageSize = options.pageSize ?? listPageSize;
  const paged = <R>(q: SelectQueryBuilder<Database, Table, R>) =>
    q
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
  // A caller that already knows how many match (from an index) spares the counting.
  if (options.knownTotal !== undefined) {
    const rows = await paged(query);
    return { items: rows.map(toItem), total: options.knownTotal, page, pageSize };
  }
  const counted = (await paged(withTotal(query, counting(options.countQuery ?? query)))) as (Row & {
    [totalColumn]?: number | string;
  })[];
  return pageFrom(counted, { page, pageSize }, toItem, () =>
    counting(options.countQuery ?? query).executeTakeFirst(),
  );
}

/** Narrows a list's query to one page's rows. */
type PageWindow = <Query extends SelectQueryBuilder<Database, keyof Database, unknown>>(
  query: Query,
) => Query;

/**
 * A statement over one page of a list, built and compiled once (compiledOnce()) for the first
 * page and once for all later pages. The page's size is written into the statement, and the first
 * page, the one asked for most, has no offset at all. PostgreSQL plans a kept statement once and
 * reuses the plan only when a plan made without the values looks no costlier than one made with
 * them; with the limit and offset as values it guesses a tenth of the table, so it planned the
 * statement again on every request, a third of the database's time for a list (decision 0074).
 */
function onEachPage<Row>(build: (db: Db, window: PageWindow) => Compilable<Row>) {
  const pageSize = sql.lit(listPageSize);
  const first = compiledOnce(
    (db: Db) => build(db, (query) => query.limit(pageSize) as typeof query),
    0,
  );
  const later = compiledOnce(
    (db: Db, offset: number) =>
      build(db, (query) => query.limit(pageSize).offset(offset) as typeof query),
    1,
  );
  return (db: Db, page: number) => (page === 1 ? first(db) : later(db, (page - 1) * listPageSize));
}

/**
 * pageOf() for a list query whose shape is the same on every call (no search), built and
 * compiled once (onEachPage()): building a list's query with its count had cost a tenth of its
 * request's time. A filter is written into the query (`sql.lit`), each its own statement.
 */
export function pageOnce<Table extends keyof Database, Row>(
  build: (db: Db) => SelectQueryBuilder<Database, Table, Row>,
  options: {
    /** How many rows the list has, when something cheaper than counting them knows. */
    total?: (db: Db) => Expression<unknown>;
  } = {},
) {
  const total = (db: Db) => options.total?.(db) ?? counting(build(db));
  const pageRows = onEachPage((db, window) => window(withTotal(build(db), total(db))));
  const countAlone = compiledOnce(
    (db: Db) => db.selectNoFrom(sql<number | string>`${total(db)}`.as('total')),
    0,
  );
  return async <Item>(
    db: Db,
    { page }: ListQuery,
    toItem: (row: Row) => Item,
  ): Promise<Page<Item>> => {
    const counted = (await pageRows(db, page)) as (Row & { [totalColumn]?: number | string })[];
    return pageFrom(
      counted,
      { page, pageSize: listPageSize },
      toItem,
      async () => (await countAlone(db))[0],
    );
  };
}

/**
 * Rows of other tables for a page of a pageOnce() list (its items' notes, say), read by a
 * statement given the page's own query, built and compiled once (onEachPage()). Asked in the same
 * turn as the page, the two statements travel together (one round trip on PostgreSQL's shared
 * connections, decision 0075) where reading the page's ids first took a second round trip. The two
 * statements see the database a moment apart: `read` should say which rows the page it saw had,
 * for the caller to read again for any row of its page that was not among them.
 */
export function besidePageOnce<Table extends keyof Database, Row, Beside>(
  build: (db: Db) => SelectQueryBuilder<Database, Table, Row>,
  read: (db: Db, pageRows: SelectQueryBuilder<Database, Table, Row>) => Compilable<Beside>,
): (db: Db, { page }: ListQuery) => Promise<Beside[]> {
  const besideRows = onEachPage((db, window) => read(db, window(build(db))));
  return (db, { page }) => besideRows(db, page);
}
