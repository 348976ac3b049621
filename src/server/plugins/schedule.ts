import type { FastifyInstance } from 'fastify';

/**
 * Runs a job once the application is ready and then every `everyMs`, in this process, until it
 * closes. Every process of a deployment runs its own, so a job must claim its work in the
 * database (a conditional update, a delete that reports what it removed): none is special, and
 * two running at once do each piece once. A failure is logged and the next round tries again.
 */
export function runPeriodically(
  app: FastifyInstance,
  job: { name: string; everyMs: number; run: () => Promise<unknown> },
): void {
  let timer: NodeJS.Timeout | undefined;
  const runQuietly = () =>
    job.run().catch((error: unknown) => app.log.warn({ err: error }, `${job.name} failed`));
  app.addHook('onReady', async () => {
    await runQuietly();
    timer = setInterval(() => void runQuietly(), job.everyMs).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
