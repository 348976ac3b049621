import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '../../../domain/lists.ts';
import { QueryState } from '../layout/page.tsx';
import { cn } from '../../lib/cn.ts';
import { Pagination } from './pagination.tsx';

/**
 * One page of a server-paged list: loading and failure, the empty state, the cards in a grid,
 * and the pagination under them. Every list screen shows its items through it.
 */
export function PagedList<Item extends { id: string }>({
  query,
  label,
  showingKey,
  empty,
  onPageChange,
  className = 'sm:grid-cols-2 xl:grid-cols-3',
  children,
}: {
  query: UseQueryResult<Page<Item>>;
  /** The list's accessible name. */
  label: string;
  /** The catalogue key of 'Showing a–b of n tasks' (see Pagination). */
  showingKey: string;
  /** What an empty page says (and offers). */
  empty: ReactNode;
  onPageChange: (page: number) => void;
  /** The grid's columns from small screens up. */
  className?: string;
  children: (item: Item) => ReactNode;
}) {
  return (
    <QueryState query={query}>
      {(list) => (
        <>
          {list.items.length === 0 ? (
            <div className="rounded-lg border border-dashed border-border py-12 text-center text-muted-foreground">
              {empty}
            </div>
          ) : (
            <ul aria-label={label} className={cn('grid grid-cols-1 gap-4', className)}>
              {list.items.map((item) => (
                <li key={item.id}>{children(item)}</li>
              ))}
            </ul>
          )}
          <Pagination
            page={list.page}
            pageSize={list.pageSize}
            total={list.total}
            onPageChange={onPageChange}
            showingKey={showingKey}
          />
        </>
      )}
    </QueryState>
  );
}
