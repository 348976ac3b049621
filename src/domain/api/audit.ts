import { auditListQuerySchema, auditListSchema } from '../audit.ts';
import { endpoint } from './endpoint.ts';

/** The audit log (decision 0057): read by administrators, written only by the acts it records. */
export const auditApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/audit',
    access: 'admin',
    summary:
      'A page of the audit log, newest first, searched by name and summary, filtered by kind, actor (`userId`) and days (`from`, `to`, UTC, both included)',
    query: auditListQuerySchema,
    responses: { 200: auditListSchema },
  }),
  export: endpoint({
    method: 'GET',
    path: '/api/admin/audit/export.csv',
    access: 'admin',
    summary: 'The audit log as CSV, with the same filters as the list, newest first',
    query: auditListQuerySchema.omit({ page: true }),
    produces: 'text/csv',
  }),
};
