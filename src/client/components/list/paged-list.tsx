import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Page } from '../../../domain/lists.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { Loading, QueryState } from '../layout/page.tsx';
import { buttonVariants } from '../ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { pageCount } from './paginate.ts';
import { Pagination } from './pagination.tsx';
import { pageParam } from './use-list-params.ts';

/**
 * One page of a server-paged list: loading and failure, the empty state, the cards in a grid,
 * and the pagination under them. Every list screen shows its items through it. A page past the
 * last (an old link, a list that shrank) says so and leads to the last page, rather than calling
 * a list with items empty.
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
        <ListPage
          list={list}
          label={label}
          showingKey={showingKey}
          empty={empty}
          onPageChange={onPageChange}
          className={className}
        >
          {children}
        </ListPage>
      )}
    </QueryState>
  );
}

/**
 * The page's cards are drawn in the background (a deferred value: React draws them in slices
 * between which the phone stays responsive), so a page of cards with their buttons and tooltips is
 * never one long task; 'Loading…' stays until they are ready, and another page's cards replace
 * these once drawn.
 */
function ListPage<Item extends { id: string }>({
  list: latest,
  label,
  showingKey,
  empty,
  onPageChange,
  className,
  children,
}: {
  list: Page<Item>;
  label: string;
  showingKey: string;
  empty: ReactNode;
  onPageChange: (page: number) => void;
  className: string;
  children: (item: Item) => ReactNode;
}) {
  const list = useDeferredValue<Page<Item> | null>(latest, null);
  if (list === null) return <Loading />;
  if (list.items.length === 0 && list.total > 0) {
    return <PastTheLastPage page={list.page} pages={pageCount(list.total, list.pageSize)} />;
  }
  return (
    <>
      {list.items.length === 0 ? (
        <div className="rounded-lg border border-dashed border-border py-12 text-center text-muted-foreground">
          {empty}
        </div>
      ) : (
        <ul aria-label={label} className={cn('grid grid-cols-1 gap-4', className)}>
          {list.items.map((item) => (
            // A card off screen is not styled, laid out or painted until it is scrolled near
            // (content-visibility): on a phone, most of a page of 25
            // (docs/decisions/0065-signed-in-lists-without-long-tasks.md).
            <li
              key={item.id}
              className="[contain-intrinsic-size:auto_16rem] [content-visibility:auto]"
            >
              {children(item)}
            </li>
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
  );
}

/** A page number beyond the list's pages: what is wrong, and the way to the last page. */
function PastTheLastPage({ page, pages }: { page: number; pages: number }) {
  const { t } = useLanguage();
  const [searchParams] = useSearchParams();
  const last = new URLSearchParams(searchParams);
  // The list's first page has no number in the address (use-list-params.ts).
  if (pages > 1) last.set(pageParam, String(pages));
  else last.delete(pageParam);
  return (
    <div className="rounded-lg border border-dashed border-border px-4 py-12 text-center">
      <p role="status">{t('list.pastLast', { page, count: pages })}</p>
      <Link
        to={{ search: last.toString() }}
        className={buttonVariants({ variant: 'outline', className: 'mt-4' })}
      >
        {t('list.goToLastPage')}
      </Link>
    </div>
  );
}
