import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditApi } from '../../../domain/api/audit.ts';
import { requireUser } from '../../plugins/access.ts';
import { routeOf } from '../../routes.ts';
import { sendCsv } from '../compensation/csv.ts';
import { listAuditEntries } from './repository.ts';
import { exportAudit } from './service.ts';

/**
 * The audit log, for administrators only (decision 0057): read, a page at a time or as CSV.
 * There is deliberately no route that writes, changes or deletes an entry.
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(auditApi.list),
    handler: async (request) => listAuditEntries(request.deps.db, request.query),
  });

  app.route({
    ...routeOf(auditApi.export),
    handler: async (request, reply) =>
      sendCsv(
        reply,
        'audit-log.csv',
        await exportAudit(request.deps, { filter: request.query, user: requireUser(request) }),
      ),
  });
};
