import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLanguage } from '../../app/language-provider.tsx';
import { Button } from '../ui/button.tsx';
import { failureMessage } from '../../lib/messages.ts';

/** The main landmark of a signed-in page (skip-link target). */
export function PageMain({ children }: { children: ReactNode }) {
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 p-4 sm:p-6 lg:p-8"
    >
      {children}
    </main>
  );
}

export function PageHeader({
  title,
  subtitle,
  action,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {subtitle !== undefined && <p className="mt-1 text-muted-foreground">{subtitle}</p>}
      </div>
      {action}
    </div>
  );
}

/** Loading and failure of a page's data, so each page only says what it shows once it has it. */
/** 'Loading…', where the content will be. */
export function Loading() {
  const { t } = useLanguage();
  return (
    <p role="status" className="py-12 text-center text-muted-foreground">
      {t('common.loading')}
    </p>
  );
}

export function QueryState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useLanguage();
  if (query.isPending) return <Loading />;
  if (query.isError) {
    return (
      <div role="alert" className="grid justify-items-center gap-4 py-12 text-center">
        <p>{failureMessage(t, query.error, t('common.loadFailed'))}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t('common.tryAgain')}
        </Button>
      </div>
    );
  }
  return children(query.data);
}
