import { contentTypes, taskStatuses, type TaskListQuery } from '../../../domain/tasks.ts';

export const taskFilterNames = ['status', 'contentType'] as const;
export type TaskFilterName = (typeof taskFilterNames)[number];
export type TaskStatusFilter = TaskListQuery['status'];
export type ContentTypeFilter = TaskListQuery['contentType'];

const statusFilters: readonly string[] = ['all', ...taskStatuses];
const contentTypeFilters: readonly string[] = ['all', ...contentTypes];

export function isStatusFilter(value: string | undefined): value is TaskStatusFilter {
  return value !== undefined && statusFilters.includes(value);
}

export function isContentTypeFilter(value: string | undefined): value is ContentTypeFilter {
  return value !== undefined && contentTypeFilters.includes(value);
}

/** The filters in the address as the list asks for them: anything unknown is no filter. */
export function readTaskFilters(filters: Partial<Record<TaskFilterName, string>>): {
  status: TaskStatusFilter;
  contentType: ContentTypeFilter;
} {
  return {
    status: isStatusFilter(filters.status) ? filters.status : 'all',
    contentType: isContentTypeFilter(filters.contentType) ? filters.contentType : 'all',
  };
}

/** How many of the filters narrow the list (the count on 'Filters' and on 'Apply'). */
export function countTaskFilters(filters: {
  status: TaskStatusFilter;
  contentType: ContentTypeFilter;
}): number {
  return (filters.status === 'all' ? 0 : 1) + (filters.contentType === 'all' ? 0 : 1);
}
