import { sql, type SelectQueryBuilder } from 'kysely';
import { listPageSize, searchable, type ListQuery, type Page } from '../../domain/lists.ts';
import type { Database } from './schema.ts';

/** `LIKE` with the searched text taken literally: % and _ match only themselves. */
function containsPattern(text: string): string {
  return `%${searchable(text).replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Narrows a query to rows whose `searchText` contains the search, case- and accent-insensitively
 * (the column is kept in that form). An empty search leaves the query as it is.
 */
export function whereSearch<Table extends keyof Database, Row>(
  query: SelectQueryBuilder<Database, Table, Row>,
  column: string,
  q: string | undefined,
): SelectQueryBuilder<Database, Table, Row> {
  if (!q) return query;
  // ESCAPE names the backslash on both dialects (SQLite has no default escape character).
  return query.where(sql<boolean>`${sql.ref(column)} like ${containsPattern(q)} escape '\\'`);
}

/**
 * One page of a filtered, ordered query, and how many rows match in all: two queries whose cost
 * follows the page and the index, not the table.
 */
export async function pageOf<Table extends keyof Database, Row, Item>(
  query: SelectQueryBuilder<Database, Table, Row>,
  { page }: ListQuery,
  toItem: (row: Row) => Item,
  options: { pageSize?: number; knownTotal?: number } = {},
): Promise<Page<Item>> {
  const pageSize = options.pageSize ?? listPageSize;
  const count = async () => {
    // A caller that already knows how many match (from an index) spares the counting query.
    if (options.knownTotal !== undefined) return options.knownTotal;
    const counted = await query
      .clearSelect()
      .clearOrderBy()
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirst();
    return Number((counted as { total?: number | string } | undefined)?.total ?? 0);
  };
  const [rows, total] = await Promise.all([
    query
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    count(),
  ]);
  return { items: rows.map(toItem), total, page, pageSize };
}
