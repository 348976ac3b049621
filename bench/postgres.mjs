// PostgreSQL for the benchmarks. BENCH_DATABASE_URL names a server, through any database on it
// (default: the local one, postgres://postgres@127.0.0.1:5432/postgres). A benchmark that measures
// PostgreSQL makes a fresh database of its own there and drops it after, so every run starts
// from an empty database and leaves none behind. Without a server that answers, the benchmarks
// measure SQLite only and say so.
import pg from 'pg';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function onServer(sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Whether the benchmarks' PostgreSQL server answers; when not, it says so and what to set. */
export async function postgresAnswers() {
  try {
    await onServer('select 1');
    return true;
  } catch (error) {
    const { host } = new URL(serverUrl);
    console.log(
      `  PostgreSQL not measured: nothing answers at ${host} (${error.message}); ` +
        'set BENCH_DATABASE_URL=postgres://... to name a server.',
    );
    return false;
  }
}

/**
 * A new empty database on the benchmarks' server, named after `prefix` and this process: its
 * address, and `drop()`, which removes it.
 */
export async function freshPostgresDatabase(prefix) {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  await onServer(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(`drop database if exists "${name}" with (force)`),
  };
}
