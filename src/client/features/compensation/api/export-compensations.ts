/**
 * The CSV downloads are plain links: the browser sends the session cookie and saves the file
 * the server names, so nothing passes through the page's memory.
 */

/** Every creator's pay, of one year or of all (administrators). */
export function adminCompensationsCsvUrl(year?: number): string {
  return `/api/admin/compensations/export.csv${year === undefined ? '' : `?year=${year}`}`;
}

/** The signed-in creator's own published pay. */
export const myCompensationsCsvUrl = '/api/compensations/export.csv';
