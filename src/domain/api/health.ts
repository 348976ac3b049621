import { healthSchema } from '../health.ts';
import { endpoint } from './endpoint.ts';

export const healthApi = {
  check: endpoint({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    summary: 'Whether the server and its database answer (503 when the database does not)',
    responses: { 200: healthSchema, 503: healthSchema },
  }),
};
