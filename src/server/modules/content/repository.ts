import { randomUUID } from 'node:crypto';
import type { Language } from '../../../domain/languages.ts';
import type { Catalogue } from '../../../domain/locales/index.ts';
import type { Translations } from '../../../domain/content.ts';
import type { Db } from '../../db/database.ts';

export async function readTranslations(db: Db): Promise<Translations> {
  const rows = await db.selectFrom('translations').select(['key', 'en', 'es', 'pt']).execute();
  const translations: Translations = { en: {}, es: {}, pt: {} };
  for (const row of rows) {
    translations.en[row.key] = row.en;
    translations.es[row.key] = row.es;
    translations.pt[row.key] = row.pt;
  }
  return translations;
}

/**
 * Adds the catalogue keys the table does not have yet. Existing rows are left alone, so text an
 * agency has edited in the database survives upgrades. Returns how many keys were added, stamped
 * `now` (the application's clock).
 */
export async function seedTranslations(
  db: Db,
  catalogues: Record<Language, Catalogue>,
  now: Date,
): Promise<number> {
  const existing = new Set(
    (await db.selectFrom('translations').select('key').execute()).map((row) => row.key),
  );
  const stamp = now.toISOString();
  const missing = Object.keys(catalogues.en)
    .filter((key) => !existing.has(key))
    .map((key) => ({
      id: randomUUID(),
      key,
      en: catalogues.en[key] ?? key,
      es: catalogues.es[key] ?? catalogues.en[key] ?? key,
      pt: catalogues.pt[key] ?? catalogues.en[key] ?? key,
      category: key.split('.')[0] ?? 'general',
      description: null,
      createdAt: stamp,
      updatedAt: stamp,
    }));
  // Chunked: SQLite caps the number of bound parameters in one statement.
  for (let start = 0; start < missing.length; start += 100) {
    await db
      .insertInto('translations')
      .values(missing.slice(start, start + 100))
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
  }
  return missing.length;
}
