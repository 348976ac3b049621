export { AdminTaskDetailPage } from './admin-task-detail-page.tsx';
export { AdminTasksPage } from './admin-tasks-page.tsx';
export { TaskDetailPage } from './task-detail-page.tsx';
export { TasksPage } from './tasks-page.tsx';
