export { AdminApplicationsPage } from './admin-applications-page.tsx';
export { ApplyPage } from './apply-page.tsx';
