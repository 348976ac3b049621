/**
 * The CSV downloads are plain links: the browser sends the session cookie and saves the file
 * the server names, so nothing passes through the page's memory.
 */

/** Every creator's pay, or one creator's (`userId`); of one year or of all (administrators). */
export function adminCompensationsCsvUrl(filter: { year?: number; userId?: string }): string {
  const query = new URLSearchParams();
  if (filter.userId !== undefined) query.set('userId', filter.userId);
  if (filter.year !== undefined) query.set('year', String(filter.year));
  const search = query.toString();
  return `/api/admin/compensations/export.csv${search ? `?${search}` : ''}`;
}

/** The signed-in creator's own published pay. */
export const myCompensationsCsvUrl = '/api/compensations/export.csv';
