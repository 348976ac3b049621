import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CamelCasePlugin,
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  sql,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
}

// PostgreSQL hands timestamps back as Date objects; SQLite keeps the ISO-8601 text we write.
// Reading timestamptz as ISO text too gives every repository the same value on both dialects.
const TIMESTAMPTZ_OID = 1184;
pg.types.setTypeParser(TIMESTAMPTZ_OID, (value) => new Date(value).toISOString());
// count(*) and bigint columns (file sizes) arrive as text; every value we keep fits a JS number.
const INT8_OID = 20;
pg.types.setTypeParser(INT8_OID, Number);

export function sqliteFilePath(dataDir: string): string {
  return path.join(dataDir, 'app.db');
}

export function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): DatabaseHandle {
  const plugins = [new CamelCasePlugin()];
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5000,
    });
    // An idle client losing its server (a restart) must not crash the process; the next query reports it.
    pool.on('error', () => {});
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins }),
      dialect: 'postgres',
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const database = new SqliteDatabase(sqliteFilePath(options.dataDir));
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  return {
    db: new Kysely<Database>({
      dialect: new WriteLockingSqliteDialect({ database: withBooleanParameters(database) }),
      plugins,
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

/**
 * SQLite has no boolean type and better-sqlite3 refuses to bind one, so booleans are bound as
 * 1/0 (what SQLite itself stores for TRUE/FALSE). PostgreSQL columns stay real booleans.
 */
function withBooleanParameters(database: SqliteDatabase.Database) {
  const bindable = (parameters: readonly unknown[]) =>
    parameters.map((value) => (typeof value === 'boolean' ? Number(value) : value));
  return {
    close: () => database.close(),
    prepare: (query: string) => {
      const statement = database.prepare(query);
      return {
        reader: statement.reader,
        all: (parameters: readonly unknown[]) => statement.all(bindable(parameters)),
        run: (parameters: readonly unknown[]) => statement.run(bindable(parameters)),
        iterate: (parameters: readonly unknown[]) => statement.iterate(bindable(parameters)),
      };
    },
  };
}
