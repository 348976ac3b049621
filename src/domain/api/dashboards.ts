import { adminDashboardSchema, backupStatusSchema, creatorDashboardSchema } from '../dashboards.ts';
import { endpoint } from './endpoint.ts';

/** The figures of each role's first screen. */
export const dashboardsApi = {
  admin: endpoint({
    method: 'GET',
    path: '/api/admin/dashboard',
    access: 'admin',
    summary: "The agency's figures and the system's state (503 without a database)",
    responses: { 200: adminDashboardSchema },
  }),
  backUpNow: endpoint({
    method: 'POST',
    path: '/api/admin/backups',
    access: 'admin',
    summary:
      "Starts a backup now (202 with the backups' state; asked while one is under way, starts nothing and answers that state); its progress shows in the dashboard",
    responses: { 202: backupStatusSchema },
  }),
  creator: endpoint({
    method: 'GET',
    path: '/api/dashboard',
    access: 'creator',
    summary: "The signed-in creator's profile, tasks and earnings",
    responses: { 200: creatorDashboardSchema },
  }),
};
