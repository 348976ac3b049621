import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { catalogues } from '../../domain/locales/index.ts';
import type { Config } from '../config.ts';
import { openDatabase, type DatabaseHandle, type Db, type Dialect } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedTranslations } from '../modules/content/repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dialect: Dialect;
  }
}

/** Opens the database, brings it to the latest schema and seeds what a fresh install needs. */
export const databasePlugin = fp(
  async (app: FastifyInstance, options: { config: Config; handle?: DatabaseHandle }) => {
    const handle = options.handle ?? openDatabase(options.config);
    app.decorate('db', handle.db);
    app.decorate('dialect', handle.dialect);
    app.addHook('onClose', async () => {
      await handle.db.destroy();
    });

    const applied = await migrateToLatest(handle);
    if (applied.length) app.log.info({ migrations: applied }, 'Applied database migrations');
    const added = await seedTranslations(handle.db, catalogues);
    if (added) app.log.info({ added }, 'Added new translation keys');
  },
  { name: 'database' },
);
