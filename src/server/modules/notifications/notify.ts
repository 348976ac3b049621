import { randomUUID } from 'node:crypto';
import type { Language } from '../../../domain/languages.ts';
import {
  notificationInputSchema,
  type Notification,
  type NotificationType,
} from '../../../domain/notifications.ts';
import type { Db } from '../../db/database.ts';
import { issuesOf } from '../../errors.ts';
import { findUserById } from '../users/repository.ts';
import { insertNotification, toNotification } from './repository.ts';

/** A text given once, or in every language so the recipient reads it in their own. */
export type LocalizedText = string | Readonly<Record<Language, string>>;

export interface NotifyInput {
  title: LocalizedText;
  message: LocalizedText;
  type: NotificationType;
  relatedId?: string | null;
}

/**
 * The one way any area tells a person something: the notification appears in their bell.
 * Localized texts are stored in the recipient's language at the time of sending. Pass a
 * transaction as `db` to make the notification part of the change it reports.
 */
export type Notify = (db: Db, userId: string, input: NotifyInput) => Promise<Notification>;

/** `deps.notify`: notifications stamped by the application's clock. */
export function createNotifier(clock: () => Date): Notify {
  return (db, userId, input) => sendNotification(db, userId, input, clock());
}

async function sendNotification(
  db: Db,
  userId: string,
  input: NotifyInput,
  now: Date,
): Promise<Notification> {
  if (!userId) throw new Error('User ID is required');
  let language: Language = 'en';
  if (typeof input.title !== 'string' || typeof input.message !== 'string') {
    const user = await findUserById(db, userId);
    if (!user) throw new Error(`notify: no user ${userId}`);
    language = user.preferredLanguage;
  }
  const pick = (text: LocalizedText) => (typeof text === 'string' ? text : text[language]);
  const parsed = notificationInputSchema.safeParse({
    title: pick(input.title),
    message: pick(input.message),
    type: input.type,
    relatedId: input.relatedId,
  });
  // A caller's mistake, not a person's: it fails loudly, in the spec's words.
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
    createdAt: now.toISOString(),
  };
  await insertNotification(db, row);
  return toNotification(row);
}
