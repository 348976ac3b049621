import { PagePending } from '../../components/layout/page-pending.tsx';

export function AdminTaskRequestsPage() {
  return <PagePending titleKey="page.adminTaskRequests" />;
}

export function TasksPage() {
  return <PagePending titleKey="page.tasks" />;
}

export function TaskDetailPage() {
  return <PagePending titleKey="page.taskDetail" />;
}
