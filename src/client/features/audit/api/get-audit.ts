import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditApi } from '../../../../domain/api/audit.ts';
import { pathOf } from '../../../../domain/api/endpoint.ts';
import type { AuditFilter, AuditListQuery } from '../../../../domain/audit.ts';
import { apiCall } from '../../../lib/api-fetch.ts';
import { listSearch } from '../../../lib/list-search.ts';

export function getAudit(query: AuditListQuery) {
  return apiCall(auditApi.list, { query });
}

export const auditQueryKey = ['admin', 'audit'] as const;

export function auditQueryOptions(query: AuditListQuery) {
  return queryOptions({
    queryKey: [...auditQueryKey, query],
    queryFn: () => getAudit(query),
    // The page shown stays while the next one loads, instead of a flash of "Loading".
    placeholderData: keepPreviousData,
  });
}

export function useAudit(query: AuditListQuery) {
  return useQuery(auditQueryOptions(query));
}

/**
 * The log as CSV with the filters on screen: a plain link, so the browser sends the session
 * cookie and saves the file the server names.
 */
export function auditCsvUrl(filter: AuditFilter): string {
  return (
    pathOf(auditApi.export) +
    listSearch({
      q: filter.q,
      kind: filter.kind,
      userId: filter.userId,
      from: filter.from,
      to: filter.to,
    })
  );
}
