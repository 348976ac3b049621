import type { ApplicationStatus } from '../../../domain/applications.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { cn } from '../../lib/cn.ts';

/** Spec section 4: pending yellow, under review blue, approved green, rejected red. */
const colours: Record<ApplicationStatus, string> = {
  pending: 'border-yellow-400/40 bg-yellow-400/15 text-yellow-200',
  under_review: 'border-blue-400/40 bg-blue-400/15 text-blue-200',
  approved: 'border-green-400/40 bg-green-400/15 text-green-200',
  rejected: 'border-red-400/40 bg-red-400/15 text-red-200',
};

export function StatusBadge({ status }: { status: ApplicationStatus }) {
  const { t } = useLanguage();
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        colours[status],
      )}
    >
      {t(`applications.status.${status}`)}
    </span>
  );
}
