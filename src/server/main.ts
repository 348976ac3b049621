import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

/** Reads config, starts the server, and on SIGTERM/SIGINT stops taking requests, finishes the ones in flight and closes the database. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  // Ready for signals before listening: a signal right after start-up must still close cleanly.
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'Shutting down: finishing requests in flight');
    // A request that never ends must not keep the process alive forever.
    const deadline = setTimeout(() => {
      app.log.error('Requests still open after 10 s; exiting anyway');
      process.exit(1);
    }, 10_000);
    deadline.unref();
    app.close().then(
      () => {
        app.log.info('Shut down cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'Error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);

  await app.listen({ port: config.port, host: config.host });
  app.pages.warm();
  app.log.info(
    `Serving ${config.appUrl} (${app.deps.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite in ' + config.dataDir})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `The server could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
