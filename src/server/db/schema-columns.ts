import type { ColumnType } from 'kysely';

/**
 * The column types the tables of `schema.ts` and `schema-tasks.ts` share. Timestamps are ISO-8601 strings on both dialects (see database.ts). Booleans are written as
 * booleans and read back as booleans on PostgreSQL but as 0/1 on SQLite, hence `Flag`.
 */
export type Timestamp = string;
export type Flag = ColumnType<boolean | 0 | 1, boolean, boolean>;
/** The searched fields, lowered and without accents; written by the table's repository. */
export type SearchText = ColumnType<string, string | undefined, string>;
/** A moment that may not have come yet; a new row may leave it out. */
export type NullableTimestamp = ColumnType<
  Timestamp | null,
  Timestamp | null | undefined,
  Timestamp | null
>;
