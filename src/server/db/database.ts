import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  sql,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import pg from 'pg';
import { CamelCaseRows, namedByConnection, rowMaker } from './camel-case-rows.ts';
import { isCompiledOnce } from './compiled-once.ts';
import type { Database } from './schema.ts';
import {
  ReadSharingPostgresDialect,
  SharedReadConnections,
  sharedReadConnectionCount,
} from './shared-reads.ts';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
}

// PostgreSQL hands timestamps back as Date objects; SQLite keeps the ISO-8601 text we write.
// Reading timestamptz as ISO text too gives every repository the same value on both dialects.
const TIMESTAMPTZ_OID = 1184;
pg.types.setTypeParser(TIMESTAMPTZ_OID, isoTimestamp);
// count(*) and bigint columns (file sizes) arrive as text; every value we keep fits a JS number.
const INT8_OID = 20;
pg.types.setTypeParser(INT8_OID, Number);

/**
 * PostgreSQL's text for a UTC timestamp, with zero to six digits of fraction:
 * `2026-11-27 22:05:06.123456+00`.
 */
const utcTimestamp = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})?\+00$/;

/**
 * A timestamptz as `Date#toISOString()` writes it (milliseconds, `Z`). A server in UTC (the usual
 * setting) sends it nearly so: rewritten as text, six times faster than through a Date, which a
 * page of rows with several timestamps each made a measurable part of a list's request. Its parts
 * are taken by position once the pattern is matched, a fifth faster than through a match's array
 * and captured parts (decision 0080). Any other form (another time zone, `infinity`) goes through a
 * Date as before.
 */
export function isoTimestamp(value: string): string {
  if (!utcTimestamp.test(value)) return new Date(value).toISOString();
  const fractionEnd = value.length - 3;
  const fraction = fractionEnd === 19 ? '000' : `${value.slice(20, fractionEnd)}00`.slice(0, 3);
  return `${value.slice(0, 10)}T${value.slice(11, 19)}.${fraction}Z`;
}

export function sqliteFilePath(dataDir: string): string {
  return path.join(dataDir, 'app.db');
}

const connectionTimeoutMillis = 5000;

export function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): DatabaseHandle {
  if (options.databaseUrl) {
    const camelCase = new CamelCaseRows();
    const plugins = [camelCase];
    const onConnect = (client: pg.ClientBase) =>
      preparingEachStatement(client, (column) => camelCase.columnName(column));
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis,
    });
    // An idle client losing its server (a restart) must not crash the process; the next query reports it.
    pool.on('error', () => {});
    pool.on('connect', onConnect);
    const sharedReads = new SharedReadConnections({
      connectionString: options.databaseUrl,
      count: sharedReadConnectionCount(),
      connectionTimeoutMillis,
      onConnect,
    });
    return {
      db: new Kysely<Database>({
        dialect: new ReadSharingPostgresDialect({ pool }, sharedReads),
        plugins,
      }),
      dialect: 'postgres',
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const database = new SqliteDatabase(sqliteFilePath(options.dataDir));
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  const camelCase = new CamelCaseRows(true);
  return {
    db: new Kysely<Database>({
      dialect: new WriteLockingSqliteDialect({
        database: sqliteConnection(database, (column) => camelCase.columnName(column)),
      }),
      plugins: [camelCase],
    }),
    dialect: 'sqlite',
  };
}

/**
 * Every transaction on SQLite begins with the database's write lock (`BEGIN IMMEDIATE`, decision
 * 0051). A transaction begun deferred reads from a snapshot, and if another process (the backup
 * command writing its run's row) writes before this one's first write, SQLite refuses the upgrade
 * with SQLITE_BUSY_SNAPSHOT at once, without waiting: the user's act fails after its checks passed.
 * Taking the lock first makes it wait for the other writer instead (busy_timeout applies). The
 * server holds one SQLite connection, so its own transactions already ran one at a time: the lock
 * costs them nothing.
 */
class WriteLockingSqliteDialect extends SqliteDialect {
  readonly #settings: SqliteDialectConfig;
  constructor(settings: SqliteDialectConfig) {
    super(settings);
    this.#settings = settings;
  }
  override createDriver(): Driver {
    return new WriteLockingSqliteDriver(this.#settings);
  }
}

class WriteLockingSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** Whether the database answers a trivial query within the time limit. */
export async function isDatabaseReachable(db: Db, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Above this many values, a statement is a bulk write of varying length: not worth keeping. */
const maxKeptStatementValues = 64;
const statementNames = new Map<string, string>();

/** A name for a statement's text: the same text always gets the same name, in every process. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= 2000) statementNames.clear();
    name = `q_${createHash('sha1').update(text).digest('base64url')}`;
    statementNames.set(text, name);
  }
  return name;
}

/** PostgreSQL refuses a kept statement whose columns changed since (a migration by a newer release). */
const isStalePlan = (error: unknown) =>
  (error as { code?: unknown }).code === '0A000' &&
  String((error as { message?: unknown }).message).includes('cached plan');

/**
 * Every query with values becomes a named prepared statement on its connection: PostgreSQL parses
 * its text once per connection, then only binds and runs it, and plans it once too unless a plan
 * made with the values looks cheaper (decision 0074, for lists' pages). Parsing and planning each
 * request's two queries had cost the database a third of its time, on the same cores as the
 * server (decision 0062). A statement without values is kept only when it is compiledOnce()'s, whose
 * texts are a fixed set (another may carry values written into its text, and would pile up on the
 * connection). A statement whose table a newer release has changed is run unnamed.
 *
 * Its rows are read as arrays and made into objects with the application's names at once
 * (rowsAsObjects()), as SQLite's are (decision 0075).
 */
function preparingEachStatement(client: pg.ClientBase, propertyOf: (column: string) => string) {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const stale = new Set<string>();
  const asObjects = rowsAsObjects(propertyOf);
  client.query = ((text: unknown, values?: unknown, ...rest: unknown[]) => {
    if (typeof text !== 'string' || !Array.isArray(values) || rest.length > 0) {
      return query(text, values, ...rest);
    }
    const unnamed = () => query({ text, values, rowMode: 'array' }).then(asObjects);
    if (
      (values.length === 0 && !isCompiledOnce(text)) ||
      values.length > maxKeptStatementValues ||
      stale.has(text)
    ) {
      return unnamed();
    }
    return query({ name: statementName(text), text, values, rowMode: 'array' }).then(
      asObjects,
      (error: unknown) => {
        if (!isStalePlan(error)) throw error;
        stale.add(text);
        return unnamed();
      },
    );
  }) as typeof client.query;
}

/** PostgreSQL's json and jsonb: pg reads them into objects, whose keys CamelCaseRows renames. */
const jsonTypeIds = new Set([114, 3802]);

/**
 * Makes a result's rows, read as arrays, into objects by a function made once per set of columns
 * (rowMaker()), named as the application names them, and marks them so (namedByConnection()).
 * pg made each row an object one property at a time and CamelCaseRows copied it with the
 * application's names: two objects a row, where a page of applications has 25 rows of 24
 * columns. A row with json is left with the database's names for CamelCaseRows to rename, inside
 * too. A text of several statements gives several results.
 */
function rowsAsObjects(propertyOf: (column: string) => string) {
  const makers = new Map<string, ReturnType<typeof rowMaker>>();
  const asObjects = (result: pg.QueryResult<unknown[]>) => {
    if (result.fields.length === 0) return;
    const columns = result.fields.map((field) => field.name);
    const named = !result.fields.some((field) => jsonTypeIds.has(field.dataTypeID));
    const signature = `${named}\u0000${columns.join('\u0000')}`;
    let maker = makers.get(signature);
    if (!maker) {
      // Statements of a varying shape could grow the map without end.
      if (makers.size >= 1000) makers.clear();
      maker = rowMaker(columns, named ? propertyOf : (column) => column);
      makers.set(signature, maker);
    }
    const rows = result.rows.map(maker);
    (result as unknown as pg.QueryResult).rows = named ? namedByConnection(rows) : rows;
  };
  return (result: unknown) => {
    for (const each of Array.isArray(result) ? result : [result]) {
      asObjects(each as pg.QueryResult<unknown[]>);
    }
    return result;
  };
}

/** How many prepared statements the SQLite connection keeps for reuse. */
const keptStatements = 500;

/**
 * The SQLite connection Kysely talks to, over better-sqlite3.
 *
 * SQLite has no boolean type and better-sqlite3 refuses to bind one, so booleans are bound as
 * 1/0 (what SQLite itself stores for TRUE/FALSE). PostgreSQL columns stay real booleans.
 *
 * Each SQL text is prepared once and its statement reused: preparing was a tenth of a list's
 * request on SQLite. A statement being iterated is busy until its iteration ends, so a read
 * that streams its rows prepares its own.
 *
 * A read's rows come from SQLite as arrays and are made into objects by a function made once per
 * statement and schema, `(values) => ({ "userId": values[0], ... })`, with the properties' names
 * the application uses (`propertyOf`, so no second renaming copy): better-sqlite3 builds a row
 * object one property at a time, which cost the bell's ten rows about a quarter of their
 * statement's time (decision 0072). A column name repeated in a statement keeps its last value,
 * as better-sqlite3's objects do. SQLite prepares a statement again when the schema changes (a
 * migration run by a newer release while this process runs), and `select *` then has other
 * columns: the schema's version, read before and after, says when the function must be made
 * again from the columns of what was just read. A statement that names each of its columns
 * reads the same columns under any schema, so its function is made once and the version is not
 * read: those reads, each a statement of its own, were 4.5 % of the bell's request (decision 0073).
 */
function sqliteConnection(
  database: SqliteDatabase.Database,
  propertyOf: (column: string) => string,
) {
  const bindable = (parameters: readonly unknown[]) =>
    parameters.map((value) => (typeof value === 'boolean' ? Number(value) : value));
  const schemaVersionStatement = database.prepare('pragma schema_version').pluck();
  const schemaVersion = () => schemaVersionStatement.get() as number;
  const statements = new Map<string, PreparedStatement>();
  const prepared = (query: string) => {
    let statement = statements.get(query);
    if (!statement) {
      // Texts built with a varying number of values could grow the map without end.
      if (statements.size >= keptStatements) statements.clear();
      statement = { statement: database.prepare(query), namedColumns: !mayReadAllColumns(query) };
      if (statement.statement.reader) statement.statement.raw(true);
      statements.set(query, statement);
    }
    return statement;
  };
  const readRows = (kept: PreparedStatement, parameters: unknown[]) => {
    if (kept.toObject !== undefined && kept.namedColumns) {
      return (kept.statement.all(parameters) as unknown[][]).map(kept.toObject);
    }
    const before = schemaVersion();
    const rows = kept.statement.all(parameters) as unknown[][];
    const after = schemaVersion();
    if (kept.toObject === undefined || kept.schemaVersion !== before || before !== after) {
      kept.toObject = rowMaker(columnsOf(kept.statement), propertyOf);
      // Made from the columns of what was just read; if the schema changed meanwhile, the next
      // read makes it again.
      kept.schemaVersion = before === after ? before : undefined;
    }
    return rows.map(kept.toObject);
  };
  return {
    close: () => database.close(),
    prepare: (query: string) => {
      const statement = prepared(query);
      return {
        reader: statement.statement.reader,
        all: (parameters: readonly unknown[]) =>
          statement.statement.reader
            ? readRows(statement, bindable(parameters))
            : statement.statement.all(bindable(parameters)),
        run: (parameters: readonly unknown[]) => statement.statement.run(bindable(parameters)),
        iterate: function* (parameters: readonly unknown[]) {
          const streaming = database.prepare(query).raw(true);
          let toObject: PreparedStatement['toObject'];
          for (const values of streaming.iterate(bindable(parameters)) as Iterable<unknown[]>) {
            // Made once the first row is read: the columns are then those of the schema it reads.
            toObject ??= rowMaker(columnsOf(streaming), propertyOf);
            yield toObject(values);
          }
        },
      };
    },
  };
}

interface PreparedStatement {
  statement: SqliteDatabase.Statement;
  /** Its text names every column it reads, so no change of schema changes them. */
  namedColumns: boolean;
  /** For a statement that reads: makes a row of values into the object of its columns. */
  toObject?: (values: unknown[]) => Record<string, unknown>;
  /** The schema's version `toObject` was made for. */
  schemaVersion?: number;
}

/**
 * Whether a statement's text may read a table's columns by `*` (`select *`, `"users".*`,
 * `returning *`): those columns are whatever the schema holds when it runs. Any `*` outside
 * `count(*)` counts, a multiplication included, so a wrong guess costs only the schema check.
 */
const mayReadAllColumns = (query: string) => query.replaceAll('(*)', '').includes('*');

/** The names of the columns the statement read last. */
const columnsOf = (statement: SqliteDatabase.Statement) =>
  statement.columns().map((column) => column.name);
