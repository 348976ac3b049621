import { CamelCasePlugin, type PluginTransformResultArgs, type QueryResult } from 'kysely';

type Row = Record<string, unknown>;

/** `(values) => ({ "userId": values[0], ... })` for these columns, named by `propertyOf`. */
export function rowMaker(columns: readonly string[], propertyOf: (column: string) => string) {
  // The names are JSON string literals in the made function, so no column name can be code.
  const properties = columns.map(
    (column, index) => `${JSON.stringify(propertyOf(column))}: values[${index}]`,
  );
  return new Function('values', `return { ${properties.join(', ')} };`) as (
    values: unknown[],
  ) => Row;
}

/**
 * Marks a row array whose objects a connection made with the application's names (see
 * CamelCaseRows): a property of the array, not enumerable, so that nothing that reads the rows
 * sees it. A WeakSet of arrays had given the garbage collector an entry to clear for each
 * statement (decision 0080).
 */
const namedRows = Symbol('rows named by their connection');
type MarkedRows = readonly unknown[] & { [namedRows]?: true };

/** Marks rows made with `columnName`'s names, so that CamelCaseRows passes them through. */
export function namedByConnection<Rows extends readonly unknown[]>(rows: Rows): Rows {
  Object.defineProperty(rows, namedRows, { value: true });
  return rows;
}

const isPlainObject = (value: unknown): value is Row => {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/**
 * Kysely's CamelCasePlugin, with each result row renamed by a function made once per set of
 * columns: `(row) => ({ firstName: row["first_name"], ... })`. Kysely's own renaming adds the
 * properties one by one, and a row of more than a dozen columns built that way becomes a slow
 * dictionary object for everything that reads it after (the repositories, the response's
 * serializer): renaming a page of 25 applications took 32 µs, and serialising it 43 µs, against 17
 * and 29 µs this way (decision 0063). Nested plain objects and arrays are renamed as Kysely renames
 * them.
 *
 * A connection that names its rows itself, with `columnName`, gets its rows through untouched:
 * making each row's object once rather than twice saved about 3 % of the bell's request on SQLite
 * (decision 0073). SQLite's connection names all of them (`everyRowNamedByConnection`);
 * PostgreSQL's names the rows of the statements it runs itself and marks them
 * (namedByConnection(), decision 0075).
 */
export class CamelCaseRows extends CamelCasePlugin {
  /** `everyRowNamedByConnection`: every row arrives with `columnName`'s names already. */
  constructor(private readonly everyRowNamedByConnection = false) {
    super();
  }

  /** The name a row's property has for a column of the database (`first_name` → `firstName`). */
  columnName(column: string): string {
    return this.camelCase(column);
  }

  override transformResult(
    args: PluginTransformResultArgs,
  ): Promise<QueryResult<Record<string, unknown>>> {
    return this.everyRowNamedByConnection || (args.result.rows as MarkedRows)[namedRows] === true
      ? Promise.resolve(args.result)
      : super.transformResult(args);
  }

  readonly #renamers = new Map<string, (row: Row, nested: (value: unknown) => unknown) => Row>();
  readonly #nested = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      return value.map((item: unknown) => (isPlainObject(item) ? this.mapRow(item) : item));
    }
    return isPlainObject(value) ? this.mapRow(value) : value;
  };

  protected override mapRow(row: Row): Row {
    const columns = Object.keys(row);
    const signature = columns.join('\u0000');
    let rename = this.#renamers.get(signature);
    if (!rename) {
      // The names are JSON string literals in the made function, so no column name can be code.
      const properties = columns.map(
        (column) =>
          `${JSON.stringify(this.camelCase(column))}: nested(row[${JSON.stringify(column)}])`,
      );
      rename = new Function('row', 'nested', `return { ${properties.join(', ')} };`) as (
        row: Row,
        nested: (value: unknown) => unknown,
      ) => Row;
      // Statements of a varying shape could grow the map without end.
      if (this.#renamers.size >= 1000) this.#renamers.clear();
      this.#renamers.set(signature, rename);
    }
    return rename(row, this.#nested);
  }
}
