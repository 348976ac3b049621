export { AdminDashboardPage } from './admin-dashboard-page.tsx';
export { AdminUsersPage } from './admin-users-page.tsx';
export { DashboardPage } from './dashboard-page.tsx';
export { SettingsPage } from './settings-page.tsx';
