import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useLanguage } from '../../app/language-provider.tsx';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import { clampPage, pageCount, visiblePages } from './paginate.ts';

export interface PaginationProps {
  /** The 1-based page shown; kept within the pages there are. */
  page: number;
  pageSize: number;
  /** How many items the whole (filtered) list holds. */
  total: number;
  onPageChange: (page: number) => void;
  /**
   * The catalogue key of the list's 'Showing a–b of n tasks', in plural forms by n: the noun agrees
   * with the count ('of 1 task') in every language.
   */
  showingKey: string;
  className?: string;
}

/**
 * 'Showing a–b of n tasks', and with more than one page 'Page x of y' with Previous, Next and the
 * nearby page numbers (docs/product.md, section 6). Nothing for an empty list: its empty state
 * says so.
 */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  showingKey,
  className,
}: PaginationProps) {
  const { t } = useLanguage();
  if (total <= 0) return null;
  const count = pageCount(total, pageSize);
  const current = clampPage(page, total, pageSize);
  const from = (current - 1) * pageSize + 1;
  // The next page starts at the top of the list, not where the buttons were at the bottom.
  const go = (next: number) => {
    onPageChange(next);
    window.scrollTo({ top: 0 });
  };
  const to = Math.min(current * pageSize, total);

  return (
    <nav
      aria-label={t('list.pagination')}
      className={cn(
        'flex flex-col items-center gap-3 text-sm text-muted-foreground sm:flex-row sm:justify-between',
        className,
      )}
    >
      <p aria-live="polite">{t(showingKey, { from, to, count: total })}</p>
      {count > 1 && (
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="sm"
            onClick={() => go(current - 1)}
            disabled={current === 1}
            aria-label={t('list.previousPage')}
          >
            <ChevronLeft aria-hidden="true" />
            <span className="max-sm:sr-only">{t('list.previous')}</span>
          </Button>
          <ul className="hidden items-center gap-1 md:flex">
            {visiblePages(current, count).map((n, index) =>
              n === 'gap' ? (
                <li key={`gap-${index}`} aria-hidden="true" className="px-1">
                  …
                </li>
              ) : (
                <li key={n}>
                  <Button
                    variant={n === current ? 'default' : 'ghost'}
                    size="sm"
                    className="min-w-9 px-2"
                    aria-label={t('list.goToPage', { page: n })}
                    aria-current={n === current ? 'page' : undefined}
                    onClick={() => go(n)}
                  >
                    {n}
                  </Button>
                </li>
              ),
            )}
          </ul>
          <p className="px-2 whitespace-nowrap">{t('list.pageOf', { page: current, count })}</p>
          <Button
            variant="outline"
            size="sm"
            onClick={() => go(current + 1)}
            disabled={current === count}
            aria-label={t('list.nextPage')}
          >
            <span className="max-sm:sr-only">{t('list.next')}</span>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      )}
    </nav>
  );
}
