import { ClipboardList } from 'lucide-react';
import { useLanguage } from '../../app/language-provider.tsx';

/** 'No tasks found' and why. */
export function TaskEmptyState({ description }: { description: string }) {
  const { t } = useLanguage();
  return (
    <div className="grid justify-items-center gap-2 px-4">
      <ClipboardList className="size-8" aria-hidden="true" />
      <h2 className="font-semibold text-foreground">{t('tasks.empty.title')}</h2>
      <p>{description}</p>
    </div>
  );
}
