import { loadConfig } from '../config.ts';
import { createDeps } from '../deps.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { demoLogins } from './demo/people.ts';
import { seedDemo } from './seed-demo.ts';

// `npm run seed:demo`: a small demo agency for someone trying the product.
const config = loadConfig();
const handle = openDatabase(config);
const log = {
  info: (_details: unknown, message?: string) => console.log(message),
  warn: (_details: unknown, message?: string) => console.warn(message),
  error: (_details: unknown, message?: string) => console.error(message),
};
try {
  await migrateToLatest(handle);
  const deps = await createDeps(config, { database: handle, log: log as never });
  const outcome = await seedDemo(deps);
  if (typeof outcome === 'object') {
    console.error(
      `Refusing to add demo data: this database holds real accounts (${outcome.refused.slice(0, 5).join(', ')}${outcome.refused.length > 5 ? ', ...' : ''}).\n` +
        'Point DATA_DIR or DATABASE_URL at an empty database to try the demo.',
    );
    process.exitCode = 1;
  } else {
    console.log(
      outcome === 'seeded'
        ? 'Demo agency created. Sign in with:'
        : 'The demo agency is already there. Sign in with:',
    );
    for (const login of demoLogins) {
      console.log(`  ${login.username.padEnd(12)} ${login.password.padEnd(18)} ${login.role}`);
    }
  }
} finally {
  await handle.db.destroy();
}
