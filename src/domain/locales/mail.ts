import en from './en/mail.json' with { type: 'json' };
import es from './es/mail.json' with { type: 'json' };
import pt from './pt/mail.json' with { type: 'json' };

/**
 * The texts only the server puts together: mails (`mail.*`) and the notifications it stores in a
 * person's bell (`notification.*`). They are not seeded into the translations table and never sent to
 * a browser; the catalogue check holds them to the same rules as the screens' texts.
 */
export const mailEn: Record<string, string> = en;
export const mailEs: Record<string, string> = es;
export const mailPt: Record<string, string> = pt;
