import { applicationStatuses, type Application } from '../../../domain/applications.ts';

export const statusFilters = ['all', ...applicationStatuses] as const;
export type StatusFilter = (typeof statusFilters)[number];

/** Case- and accent-insensitive, so "jose" finds "José". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();
}

/**
 * The applications matching the search (over first name, last name, the two together, email and
 * personal message: spec section 2) and the status filter, newest first.
 */
export function filterApplications(
  applications: readonly Application[],
  search: string,
  status: StatusFilter,
): Application[] {
  const needle = fold(search.trim());
  return applications
    .filter((application) => status === 'all' || application.status === status)
    .filter(
      (application) =>
        needle === '' ||
        [
          application.firstName,
          application.lastName,
          `${application.firstName} ${application.lastName}`,
          application.email,
          application.personalMessage,
        ].some((text) => fold(text).includes(needle)),
    )
    .sort((a, b) => b.submittedAt.localeCompare(a.submittedAt));
}
