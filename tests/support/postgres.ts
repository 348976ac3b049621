import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Test databases live beside the one named by TEST_DATABASE_URL, named after it and after the run,
 * so a run cleans up exactly what it made, even while another run uses the same server. Names are
 * lower-case identifiers, safe to quote.
 */
export function runPrefix(url: string): string {
  const base = new URL(url).pathname.replace(/^\//, '') || 'postgres';
  return `${base}_t${randomBytes(3).toString('hex')}_`;
}

export function randomDatabaseName(prefix: string): string {
  return `${prefix}${randomBytes(5).toString('hex')}`;
}

export function databaseUrl(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(
  baseUrl: string,
  name: string,
  template?: string,
): Promise<string> {
  await withClient(baseUrl, (client) =>
    client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`),
  );
  return databaseUrl(baseUrl, name);
}

export async function dropDatabases(
  baseUrl: string,
  matches: (name: string) => boolean,
): Promise<void> {
  await withClient(baseUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database');
    for (const { datname } of rows.filter((row) => matches(row.datname))) {
      await client.query(`drop database if exists "${datname}" with (force)`);
    }
  });
}
