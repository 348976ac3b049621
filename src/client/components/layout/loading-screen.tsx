import { LoaderCircle } from 'lucide-react';
import { useLanguage } from '../../app/language-provider.tsx';

/** Fills the page while the session (or a page's data) is still loading. */
export function LoadingScreen({ label }: { label?: string }) {
  const { t } = useLanguage();
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-3">
      <LoaderCircle className="size-8 animate-spin text-accent" aria-hidden="true" />
      <p className="text-sm text-muted-foreground">{label ?? t('common.loading')}</p>
    </div>
  );
}
