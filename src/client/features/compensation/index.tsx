import { PagePending } from '../../components/layout/page-pending.tsx';

export function AdminInfluencersPage() {
  return <PagePending titleKey="page.adminInfluencers" />;
}

export function AdminCompensationPage() {
  return <PagePending titleKey="page.adminCompensation" />;
}

export function CompensationPage() {
  return <PagePending titleKey="page.compensation" />;
}
