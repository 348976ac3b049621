import type { Language } from '../../../domain/languages.ts';
import { composeMail } from '../../mail/layout.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { textsIn } from '../../texts.ts';

/** The mail of a forgotten password: a single-use link to choose a new one. */
export function passwordResetMail(options: {
  to: string;
  /** The name the mail greets (`greetingName`). */
  name: string;
  language: Language;
  link: string;
}): MailMessage {
  const t = textsIn(options.language);
  return composeMail({
    to: options.to,
    language: options.language,
    subject: t('mail.passwordReset.subject'),
    blocks: [
      t('mail.passwordReset.greeting', { name: options.name }),
      t('mail.passwordReset.intro'),
      { link: options.link, label: t('mail.passwordReset.action') },
      t('mail.passwordReset.note'),
    ],
  });
}

/**
 * Told to a person whose second factor an administrator turned off, so a reset they did not ask
 * for never goes unnoticed.
 */
export function twoFactorResetMail(options: {
  to: string;
  name: string;
  language: Language;
}): MailMessage {
  const t = textsIn(options.language);
  return composeMail({
    to: options.to,
    language: options.language,
    subject: t('mail.twoFactorReset.subject'),
    blocks: [
      t('mail.twoFactorReset.greeting', { name: options.name }),
      t('mail.twoFactorReset.intro'),
      t('mail.twoFactorReset.note'),
    ],
  });
}
