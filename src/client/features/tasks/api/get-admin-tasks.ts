import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminTaskList, AdminTaskListQuery, TaskListQuery } from '../../../../domain/tasks.ts';

/** The list's query; `review` only on the administrators' list. */
type AdminTasksQuery = TaskListQuery & Partial<Pick<AdminTaskListQuery, 'review'>>;
import { apiFetch } from '../../../lib/api-fetch.ts';
import { listSearch } from '../../../lib/list-search.ts';

export function getAdminTasks(query: AdminTasksQuery): Promise<AdminTaskList> {
  return apiFetch<AdminTaskList>(`/api/admin/tasks${listSearch(query)}`);
}

/** Every administrators' task query starts with this key, so one invalidation refreshes them all. */
export const adminTasksQueryKey = ['admin', 'tasks'] as const;

export function adminTasksQueryOptions(query: AdminTasksQuery) {
  return queryOptions({
    queryKey: [...adminTasksQueryKey, query],
    queryFn: () => getAdminTasks(query),
    // The page shown stays while the next one loads, instead of a flash of "Loading".
    placeholderData: keepPreviousData,
  });
}

export function useAdminTasks(query: AdminTasksQuery) {
  return useQuery(adminTasksQueryOptions(query));
}
