import type { Assignee } from '../../../domain/tasks.ts';

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
