export { AdminUsersPage } from './admin-users-page.tsx';
export { SettingsPage } from './settings-page.tsx';
