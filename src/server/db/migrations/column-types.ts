import type { Dialect } from '../database.ts';

/**
 * The only column types that differ between the dialects. Ids are made by the application
 * (crypto.randomUUID) and kept as text on both, so a malformed id is simply not found instead
 * of a PostgreSQL cast error. Timestamps are timestamptz on PostgreSQL and ISO-8601 text on
 * SQLite; both sort chronologically and read back as ISO text (database.ts).
 */
export interface ColumnTypes {
  id: 'varchar(36)';
  timestamp: 'timestamptz' | 'text';
}

export function columnTypes(dialect: Dialect): ColumnTypes {
  return { id: 'varchar(36)', timestamp: dialect === 'postgres' ? 'timestamptz' : 'text' };
}
