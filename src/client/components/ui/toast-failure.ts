import type { TFunction } from 'i18next';
import { failureMessage } from '../../lib/messages.ts';
import { toast } from './use-toast.ts';

/**
 * The toast of a failed request: the server's own message in the reader's language, or the
 * fallback. Apart from use-toast.ts, so the public pages do not download the message catalogue.
 */
export function toastFailure(
  t: TFunction,
  error: unknown,
  { title, fallback }: { title: string; fallback: string },
) {
  toast({ variant: 'destructive', title, description: failureMessage(t, error, fallback) });
}
