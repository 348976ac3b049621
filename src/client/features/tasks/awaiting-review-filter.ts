import type { AdminTaskListQuery } from '../../../domain/tasks.ts';
import { useListParams } from '../../components/list/use-list-params.ts';

const reviewFilterNames = ['review'] as const;

/**
 * `?review=awaiting` on the administrators' list (the dashboard links to it): only the tasks
 * with a creator's submission not reviewed yet. Kept in the address like the other filters.
 */
export function useAwaitingReviewFilter() {
  const { filters, setFilters } = useListParams(reviewFilterNames);
  const review: AdminTaskListQuery['review'] = filters.review === 'awaiting' ? 'awaiting' : 'all';
  return {
    review,
    isOn: review === 'awaiting',
    clear: () => setFilters({ review: undefined }),
  };
}
