import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '../../../domain/lists.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { PagedList } from '../../components/list/paged-list.tsx';
import { SearchBox } from '../../components/list/search-box.tsx';
import { useListParams } from '../../components/list/use-list-params.ts';
import { TaskEmptyState } from './task-empty-state.tsx';
import { countTaskFilters, readTaskFilters, taskFilterNames } from './task-filters.ts';
import { TaskFilters } from './task-parts.tsx';

/** A task list's page, search and filters as kept in the address, and whether they narrow it. */
export function useTaskListParams() {
  const { page, q, filters, setPage } = useListParams(taskFilterNames);
  const { status, contentType } = readTaskFilters(filters);
  const isFiltered = q !== '' || countTaskFilters({ status, contentType }) > 0;
  return { params: { page, q, status, contentType }, setPage, isFiltered };
}

/** Search and filters over one page of tasks, for the creator's list and the administrator's. */
export function TaskList<Item extends { id: string }>({
  query,
  onPageChange,
  isFiltered,
  emptyDescription,
  className,
  children,
}: {
  query: UseQueryResult<Page<Item>>;
  onPageChange: (page: number) => void;
  isFiltered: boolean;
  /** What an empty list says when no search or filter narrows it. */
  emptyDescription: string;
  className?: string;
  children: (item: Item) => ReactNode;
}) {
  const { t } = useLanguage();
  return (
    <>
      <div className="flex gap-3">
        <SearchBox
          label={t('tasks.search')}
          placeholder={t('tasks.searchPlaceholder')}
          className="min-w-0 flex-1"
        />
        <TaskFilters />
      </div>
      <PagedList
        query={query}
        label={t('tasks.listLabel')}
        showingKey="tasks.showing"
        empty={
          <TaskEmptyState description={isFiltered ? t('tasks.empty.filtered') : emptyDescription} />
        }
        onPageChange={onPageChange}
        className={className}
      >
        {children}
      </PagedList>
    </>
  );
}
