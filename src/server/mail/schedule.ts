import type { FastifyPluginAsync } from 'fastify';
import { runPeriodically } from '../plugins/schedule.ts';

const roundEveryMs = 30_000;

/**
 * Every process delivers the outbox's due mail at start-up and every 30 seconds, besides right
 * after each act that queues one: so a mail left by a stopped process, or waiting for its next
 * attempt, goes out (decision 0038). The claims keep two processes from sending one mail. A round
 * is started, not awaited: a slow mail server must hold up neither start-up nor the timer.
 */
export const mailDelivery: FastifyPluginAsync = async (app) => {
  runPeriodically(app, {
    name: 'Mail delivery',
    everyMs: roundEveryMs,
    run: async () => app.deps.outbox.deliverSoon(),
  });
};
