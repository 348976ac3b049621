import type { Language } from '../../../domain/languages.ts';
import { formatMoney } from '../../../domain/money.ts';
import { periodName } from '../../../domain/months.ts';
import { paths } from '../../../domain/routes.ts';
import { composeMail } from '../../mail/layout.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { textsIn } from '../../texts.ts';
import type { NotifyInput } from '../notifications/notify.ts';

/**
 * What a creator is told about one entry: its month, its amount, and after a correction, the
 * amount it had before.
 */
export interface CompensationNews {
  month: number;
  year: number;
  /** Decimal strings with two places, as the API sends them. */
  amount: string;
  previousAmount?: string;
  notes: string | null;
}

/** The catalogue's name for the news: `compensationPublished` or `compensationCorrected`. */
const nameOf = (news: CompensationNews) =>
  news.previousAmount === undefined ? 'compensationPublished' : 'compensationCorrected';

/** The values the texts put in, the month and the amounts written the reader's way. */
function valuesFor(news: CompensationNews, language: Language) {
  return {
    period: periodName(news, language),
    amount: formatMoney(news.amount, language),
    previous: news.previousAmount ? formatMoney(news.previousAmount, language) : '',
    notes: news.notes ?? '',
  };
}

/**
 * The notification (type compensation, relatedId the entry, opening /compensation), written in the
 * creator's language as it is stored.
 */
export function compensationNotification(entryId: string, news: CompensationNews): NotifyInput {
  const key = `notification.${nameOf(news)}`;
  return {
    type: 'compensation',
    relatedId: entryId,
    write: (texts, language) => {
      const values = valuesFor(news, language);
      return { title: texts(`${key}.title`, values), message: texts(`${key}.message`, values) };
    },
  };
}

/**
 * The mail a creator gets when an entry of theirs is published or, with `previousAmount`,
 * corrected: the month and the amount written their way, in their language.
 */
export function compensationMail(options: {
  to: string;
  name: string;
  language: Language;
  news: CompensationNews;
  appUrl: string;
}): MailMessage {
  const { language, news } = options;
  const t = textsIn(language);
  const key = `mail.${nameOf(news)}`;
  const values = { ...valuesFor(news, language), name: options.name };
  return composeMail({
    to: options.to,
    language,
    subject: t(`${key}.subject`, values),
    blocks: [
      t(`${key}.greeting`, values),
      t(`${key}.intro`, values),
      ...(news.previousAmount === undefined ? [] : [t(`${key}.previous`, values)]),
      ...(news.notes ? [t(`${key}.notes`, values)] : []),
      {
        link: new URL(paths.compensation, `${options.appUrl}/`).toString(),
        label: t(`${key}.action`),
      },
    ],
  });
}
