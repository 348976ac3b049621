import type { TFunction } from '../../../../domain/i18n.ts';
import { toast } from '../../../components/ui/use-toast.ts';
import { ApiError } from '../../../lib/api-fetch.ts';
import { failureMessage, messageText } from '../../../lib/messages.ts';

export interface SubmitIssue {
  path: (string | number)[];
  /** The message code, when the server gave one: shown in the reader's language. */
  code?: string;
  message: string;
}

/** At most five issue toasts, one every 500 ms (docs/product.md, section 4, "Sending"). */
export const maxIssueToasts = 5;
export const issueToastIntervalMs = 500;

/** The field labels for the server's issue paths, with step 4's file. */
const labelKeys: Record<string, string> = {
  firstName: 'apply.label.firstName',
  lastName: 'apply.label.lastName',
  email: 'apply.label.email',
  phone: 'apply.label.phone',
  country: 'apply.label.country',
  city: 'apply.label.city',
  state: 'apply.label.state',
  personalMessage: 'apply.label.personalMessage',
  socialAccounts: 'apply.label.socialAccounts',
  documentType: 'apply.label.documentType',
  documentNumber: 'apply.label.documentNumber',
  heardAboutUs: 'apply.label.heardAboutUs',
  idDocument: 'apply.label.idDocument',
  // The wizard's own field, checked before sending: the server is sent its document type.
  idType: 'apply.label.idType',
};

/** The wizard step where each server field is asked for, so a summary can lead back to it. */
export const stepOfField: Record<string, number> = {
  firstName: 1,
  lastName: 1,
  email: 1,
  phone: 1,
  country: 2,
  city: 2,
  state: 2,
  socialAccounts: 3,
  documentType: 4,
  documentNumber: 4,
  idDocument: 4,
  personalMessage: 5,
  heardAboutUs: 5,
};

interface RawIssue {
  path: (string | number)[] | string;
  code?: unknown;
  message: string;
}

function isIssue(value: unknown): value is RawIssue {
  if (typeof value !== 'object' || value === null) return false;
  const { path, message } = value as Record<string, unknown>;
  return typeof message === 'string' && (Array.isArray(path) || typeof path === 'string');
}

/**
 * The issue list of a failed submission, which an answer may carry under `issues`, `errors` or
 * `details`; a path may come as a list or as dotted text.
 */
export function submitIssues(error: unknown): SubmitIssue[] {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) {
    return [];
  }
  const body = error.body as Record<string, unknown>;
  const list = [body.issues, body.errors, body.details].find(Array.isArray) ?? [];
  return (list as unknown[]).filter(isIssue).map(({ path, code, message }) => ({
    path: typeof path === 'string' ? path.split('.') : path,
    ...(typeof code === 'string' ? { code } : {}),
    message,
  }));
}

/**
 * '{Label}: {message}', or '{Label} ({path}): {message}' for a nested path: the wizard's own checks
 * and the server's issues say it alike.
 */
export function issueText(t: TFunction, { path, code, message }: SubmitIssue): string {
  const [field = '', ...rest] = path.map(String);
  const labelKey = labelKeys[field];
  const label = labelKey ? t(labelKey) : field;
  const text = messageText(t, code) ?? message;
  return rest.length > 0 ? `${label} (${rest.join('.')}): ${text}` : `${label}: ${text}`;
}

export interface ToastContent {
  title: string;
  description: string;
}

/** The toasts a failed submission shows, in order. */
export function submitErrorToasts(t: TFunction, error: unknown): ToastContent[] {
  const issues = submitIssues(error);
  if (issues.length === 0) {
    return [
      {
        title: t('apply.error.title'),
        description: failureMessage(t, error, t('apply.error.fallback')),
      },
    ];
  }
  const shown = issues.slice(0, maxIssueToasts).map((issue) => ({
    title: t('apply.error.issueTitle'),
    description: issueText(t, issue),
  }));
  const more = issues.length - shown.length;
  if (more > 0) {
    shown.push({
      title: t('apply.error.moreTitle'),
      description: t('apply.error.moreDescription', { count: more }),
    });
  }
  return shown;
}

/**
 * Shows the toasts one after another. The toaster keeps one toast on screen, so each replaces the
 * one before and the last stays for its full time; the page also lists every issue (see the
 * wizard), since 500 ms is too short to read each one. Returns a function that stops the sequence.
 */
export function showSubmitErrorToasts(toasts: ToastContent[], about: string): () => void {
  const timers = toasts.map((content, index) =>
    setTimeout(
      () => toast({ variant: 'destructive', about, ...content }),
      index * issueToastIntervalMs,
    ),
  );
  return () => timers.forEach(clearTimeout);
}
