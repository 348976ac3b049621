// The SQL that src/server/modules/tasks/list-repository.ts runs for one task list call, caught as it
// runs against a bench database, each statement with its plan and time: bench/task-lists.mjs
// bundles this file (esbuild) and prints it where a list misses its aim. Not part of the server.
import Database from 'better-sqlite3';
import {
  CamelCasePlugin,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type CompiledQuery,
} from 'kysely';
import pg from 'pg';
// Imported for its effect as well: PostgreSQL's timestamps and counts read as the server reads them.
import type { Database as Schema } from '../src/server/db/schema.ts';
import '../src/server/db/database.ts';
import { taskListQuerySchema } from '../src/domain/tasks.ts';
import { listAdminTasks, listMyTasks } from '../src/server/modules/tasks/list-repository.ts';

export interface ListCall {
  name: string;
  /** The address as the client calls it, e.g. /api/tasks?page=2&q=sunset. */
  url: string;
  /** The creator whose own list it is; none for the administrators' list. */
  userId?: string;
}

export interface StatementPlan {
  sql: string;
  ms: number;
  plan: string[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Each statement one list call runs, in order, with its plan and median time. */
export async function explainListCalls(
  target: { sqliteFile: string } | { databaseUrl: string },
  calls: ListCall[],
): Promise<Map<string, StatementPlan[]>> {
  let caught: CompiledQuery[] = [];
  const log = (event: { level: string; query: CompiledQuery }) => {
    caught.push(event.query);
  };
  const sqlite = 'sqliteFile' in target ? new Database(target.sqliteFile) : undefined;
  const pool =
    'databaseUrl' in target
      ? new pg.Pool({ connectionString: target.databaseUrl, max: 1 })
      : undefined;
  const db = new Kysely<Schema>({
    dialect: sqlite
      ? new SqliteDialect({ database: sqlite })
      : new PostgresDialect({ pool: pool! }),
    plugins: [new CamelCasePlugin()],
    log,
  });
  const results = new Map<string, StatementPlan[]>();
  try {
    for (const call of calls) {
      const query = taskListQuerySchema.parse(
        Object.fromEntries(new URL(call.url, 'http://bench').searchParams),
      );
      caught = [];
      if (call.userId) await listMyTasks(db, call.userId, query);
      else await listAdminTasks(db, query);
      const statements = caught;
      const plans: StatementPlan[] = [];
      for (const statement of statements) {
        const parameters = statement.parameters as unknown[];
        if (sqlite) {
          const prepared = sqlite.prepare(statement.sql);
          const times = Array.from({ length: 15 }, () => {
            const started = performance.now();
            prepared.all(...parameters);
            return performance.now() - started;
          });
          const plan = sqlite.prepare(`explain query plan ${statement.sql}`).all(...parameters) as {
            detail: string;
          }[];
          plans.push({
            sql: statement.sql,
            ms: median(times),
            plan: plan.map((row) => row.detail),
          });
        } else {
          const explained = await pool!.query<{ 'QUERY PLAN': string }>(
            `explain (analyze, costs off) ${statement.sql}`,
            parameters,
          );
          const lines = explained.rows.map((row) => row['QUERY PLAN']);
          const execution = lines.find((line) => line.startsWith('Execution Time'));
          plans.push({
            sql: statement.sql,
            ms: Number(execution?.match(/[\d.]+/)?.[0] ?? Number.NaN),
            plan: lines
              .filter((line) => !/^(Planning|Execution) Time/.test(line))
              .map((line) => line.trim()),
          });
        }
      }
      results.set(call.name, plans);
    }
  } finally {
    await db.destroy();
  }
  return results;
}
