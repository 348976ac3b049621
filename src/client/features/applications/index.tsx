export { AdminApplicationsPage } from './admin-applications-page.tsx';
