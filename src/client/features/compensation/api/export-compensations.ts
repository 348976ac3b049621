import { compensationApi } from '../../../../domain/api/compensation.ts';
import { pathOf } from '../../../../domain/api/endpoint.ts';
import { listSearch } from '../../../lib/list-search.ts';

/**
 * The CSV downloads are plain links: the browser sends the session cookie and saves the file
 * the server names, so nothing passes through the page's memory.
 */

/**
 * Every creator's compensation, or one creator's (`userId`); of one year or of all
 * (administrators).
 */
export function adminCompensationsCsvUrl(filter: { year?: number; userId?: string }): string {
  return (
    pathOf(compensationApi.adminExport) + listSearch({ userId: filter.userId, year: filter.year })
  );
}

/** The signed-in creator's own published compensation, of one year or of all. */
export function myCompensationsCsvUrl(year: number | undefined): string {
  return pathOf(compensationApi.myExport) + listSearch({ year });
}
