export { AdminTaskDetailPage } from './admin-task-detail-page.tsx';
export { AdminTaskRequestsPage } from './admin-task-requests-page.tsx';
export { TaskDetailPage } from './task-detail-page.tsx';
export { TasksPage } from './tasks-page.tsx';
