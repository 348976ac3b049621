import type { Notification } from '../../../domain/notifications.ts';
import { paths } from '../../../domain/routes.ts';

/**
 * Where a notification leads: a compensation notification to the compensation page, a task
 * notification to that task (for an administrator, its review screen: a creator submitted);
 * other kinds lead nowhere.
 */
export function notificationDestination(
  { type, relatedId }: Notification,
  isAdmin: boolean,
): string | undefined {
  if (!relatedId) return undefined;
  if (type === 'compensation') return paths.compensation;
  if (type === 'task')
    return isAdmin ? paths.adminTaskDetail(relatedId) : paths.taskDetail(relatedId);
  return undefined;
}
