export { AdminDashboardPage } from './admin-dashboard-page.tsx';
export { DashboardPage } from './dashboard-page.tsx';
