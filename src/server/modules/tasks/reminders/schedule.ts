import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runPeriodically } from '../../../plugins/schedule.ts';
import { sendDueReminders } from './service.ts';

const sweepEveryMs = 5 * 60 * 1000;

/** Every process sweeps for due reminders; the claims keep them from sending one twice. */
export const taskReminders: FastifyPluginAsyncZod = async (app) => {
  runPeriodically(app, {
    name: 'Due-date reminders',
    everyMs: sweepEveryMs,
    run: () => sendDueReminders(app.deps),
  });
};
