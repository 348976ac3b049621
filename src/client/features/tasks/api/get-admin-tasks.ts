import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { tasksApi } from '../../../../domain/api/tasks.ts';
import type { AdminTaskListQuery, TaskListQuery } from '../../../../domain/tasks.ts';
import { apiCall } from '../../../lib/api-fetch.ts';

/** The list's query; `review` only on the administrators' list. */
type AdminTasksQuery = TaskListQuery & Partial<Pick<AdminTaskListQuery, 'review'>>;

export function getAdminTasks(query: AdminTasksQuery) {
  return apiCall(tasksApi.adminList, { query });
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
