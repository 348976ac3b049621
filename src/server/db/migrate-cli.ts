import { loadConfig } from '../config.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

// `npm run db:migrate`: the same migrations the server runs at start-up, without starting it.
const config = loadConfig();
const handle = openDatabase(config);
try {
  const applied = await migrateToLatest(handle);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
} finally {
  await handle.db.destroy();
}
