import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database.ts';

interface Compiled<Row> {
  query: CompiledQuery<Row>;
  /** For each of the statement's parameters, which value of a call it takes, if any. */
  slots: (number | undefined)[];
}

/** The SQL of every compiledOnce() statement: a fixed set, so each may be kept prepared (database.ts). */
const compiledTexts = new Set<string>();

/** Whether this SQL is a compiledOnce() statement's, kept prepared even when it takes no values. */
export function isCompiledOnce(sql: string): boolean {
  return compiledTexts.has(sql);
}

/**
 * A query whose shape never changes, built and compiled once per database handle; each call runs
 * the same statement with its own values. Building and compiling a query cost a tenth of a
 * signed-in request, so the hottest ones (who is asking, the bell) skip it (decision 0062).
 * `build` receives stand-ins for the values, which each call's own replace, wherever the
 * statement puts them.
 */
export function compiledOnce<Values extends unknown[], Row>(
  build: (db: Db, ...values: Values) => Compilable<Row>,
  valueCount: Values['length'],
): (db: Db, ...values: Values) => Promise<Row[]> {
  const standIns = Array.from({ length: valueCount }, (_, index) => `\u0000value ${index}\u0000`);
  const compiledFor = new WeakMap<Db, Compiled<Row>>();
  return async (db, ...values) => {
    let compiled = compiledFor.get(db);
    if (!compiled) {
      const query = build(db, ...(standIns as Values)).compile();
      const slots = query.parameters.map((parameter) => {
        const index = standIns.indexOf(parameter as string);
        return index === -1 ? undefined : index;
      });
      // A value changed on its way in (upper-cased, say) would leave its stand-in in the SQL.
      const placed = new Set(slots);
      if (standIns.some((_, index) => !placed.has(index))) {
        throw new Error('compiledOnce: a query must put each of its values in as given');
      }
      compiled = { query, slots };
      compiledFor.set(db, compiled);
      compiledTexts.add(query.sql);
    }
    const { query, slots } = compiled;
    const parameters = query.parameters.map((parameter, index) => {
      const slot = slots[index];
      return slot === undefined ? parameter : values[slot];
    });
    const { rows } = await db.executeQuery<Row>({ ...query, parameters });
    return rows;
  };
}
