import type { User } from '../../../domain/users.ts';

/** First and last name when either is known; otherwise null (shown as 'Not provided'). */
export function fullName(user: Pick<User, 'firstName' | 'lastName'>): string | null {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || null;
}
