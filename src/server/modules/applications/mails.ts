import type { Language } from '../../../domain/languages.ts';
import { composeMail } from '../../mail/layout.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { textsIn } from '../../texts.ts';

/** The approved applicant's invitation: their username and a link to choose a password. */
export function invitationMail(options: {
  to: string;
  firstName: string;
  username: string;
  language: Language;
  link: string;
}): MailMessage {
  const t = textsIn(options.language);
  return composeMail({
    to: options.to,
    language: options.language,
    subject: t('mail.invitation.subject'),
    blocks: [
      t('mail.invitation.greeting', { name: options.firstName }),
      t('mail.invitation.intro'),
      { link: options.link, label: t('mail.invitation.action') },
      t('mail.invitation.username', { username: options.username }),
      t('mail.invitation.note'),
    ],
  });
}

/** A courteous answer to a rejected applicant, in the language they applied in. */
export function rejectionMail(options: {
  to: string;
  firstName: string;
  language: Language;
  siteName: string;
}): MailMessage {
  const t = textsIn(options.language);
  return composeMail({
    to: options.to,
    language: options.language,
    subject: t('mail.rejection.subject'),
    blocks: [
      t('mail.rejection.greeting', { name: options.firstName }),
      t('mail.rejection.thanks'),
      t('mail.rejection.decision'),
      t('mail.rejection.encouragement'),
      t('mail.rejection.document'),
      t('mail.rejection.closing', { site: options.siteName }),
    ],
  });
}
