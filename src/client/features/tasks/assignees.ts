import { statusesNeedingFiles, type Assignee, type TaskStatus } from '../../../domain/tasks.ts';

/** A person's name as lists show it: first and last name when known, else the username. */
export function displayName(person: {
  username: string;
  firstName: string | null;
  lastName: string | null;
}): string {
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
  return name || person.username;
}

/** How many assignees have handed their work in (submitted, or since completed). */
export function submittedCount(assignees: readonly Pick<Assignee, 'status'>[]): number {
  return assignees.filter(({ status }) => status === 'submitted' || status === 'completed').length;
}

/**
 * What an administrator's status change will do, as the server does it: who moves, and who has
 * sent no file and so keeps their status (submitted and completed need work sent).
 */
export function statusChangePlan(
  assignees: readonly Pick<Assignee, 'status' | 'fileCount'>[],
  status: TaskStatus,
): { moving: number; withoutFiles: number } {
  const changing = assignees.filter((assignee) => assignee.status !== status);
  const withoutFiles = statusesNeedingFiles.has(status)
    ? changing.filter((assignee) => assignee.fileCount === 0).length
    : 0;
  return { moving: changing.length - withoutFiles, withoutFiles };
}
