import { randomUUID } from 'node:crypto';
import type { TFunction } from '../../../domain/i18n.ts';
import type { Language } from '../../../domain/languages.ts';
import {
  notificationInputSchema,
  type Notification,
  type NotificationType,
} from '../../../domain/notifications.ts';
import type { Deps } from '../../deps.ts';
import { issuesOf } from '../../errors.ts';
import { textsIn } from '../../texts.ts';
import { findUserById } from '../users/repository.ts';
import { insertNotification, toNotification } from './repository.ts';

/** What a notification says, written in its recipient's language. */
export interface NotifyInput {
  type: NotificationType;
  relatedId?: string | null;
  write(texts: TFunction, language: Language): { title: string; message: string };
}

/** A notification whose title and message are the catalogue's `<key>.title` and `<key>.message`. */
export function catalogueNotification(
  type: NotificationType,
  key: string,
  params: Record<string, string | number> = {},
  relatedId: string | null = null,
): NotifyInput {
  return {
    type,
    relatedId,
    write: (texts) => ({
      title: texts(`${key}.title`, params),
      message: texts(`${key}.message`, params),
    }),
  };
}

/**
 * The one way any area tells a person something: the notification appears in their bell, in
 * their language as it is when it is sent, stamped by the application's clock. Inside
 * `withTransaction` it is part of the change it reports, and live streams hear of it once that
 * commits.
 */
export async function notify(
  deps: Pick<Deps, 'db' | 'clock' | 'live' | 'afterCommit'>,
  userId: string,
  input: NotifyInput,
): Promise<Notification> {
  if (!userId) throw new Error('User ID is required');
  const user = await findUserById(deps.db, userId);
  if (!user) throw new Error(`notify: no user ${userId}`);
  const language = user.preferredLanguage;
  const parsed = notificationInputSchema.safeParse({
    ...input.write(textsIn(language), language),
    type: input.type,
    relatedId: input.relatedId,
  });
  // A caller's mistake, not a person's: it fails loudly.
  if (!parsed.success) throw new Error(issuesOf(parsed.error.issues)[0]?.message);
  const fields = parsed.data;
  const row = {
    id: randomUUID(),
    userId,
    title: fields.title,
    message: fields.message,
    type: fields.type,
    relatedId: fields.relatedId ?? null,
    isRead: false,
    createdAt: deps.clock().toISOString(),
  };
  await insertNotification(deps.db, row);
  // Streams of the bell in every process learn of it once it commits, and never if it rolls back.
  await deps.live.announce(deps, { kind: 'notification', userId, notificationId: row.id });
  return toNotification(row);
}
