import type { TFunction } from '../../../domain/i18n.ts';
import { failureMessage } from '../../lib/messages.ts';
import { toast } from './use-toast.ts';

/**
 * The toast of a failed request: the server's own message in the reader's language, or the
 * fallback. Apart from use-toast.ts, so the public pages do not download the message catalogue.
 */
export function toastFailure(
  t: TFunction,
  error: unknown,
  {
    title,
    fallback,
    about,
  }: {
    title: string;
    fallback: string;
    /** The problem it reports, so fixing it can take the toast away (`dismissToastsAbout`). */
    about?: string;
  },
): string {
  const description = failureMessage(t, error, fallback);
  toast({ variant: 'destructive', title, description, about });
  // A screen that also shows the reason in place uses the same words.
  return description;
}
