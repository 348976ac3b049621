import type { Language } from '../../../domain/languages.ts';
import { formatMoney } from '../../../domain/money.ts';
import { paths } from '../../../domain/routes.ts';
import { composeMail } from '../../mail/layout.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { localizedNotification, type NotifyInput } from '../notifications/notify.ts';

/** What a creator is told about one entry: its month, its amount, and before a correction, the old one. */
export interface PayNews {
  month: number;
  year: number;
  /** Decimal strings with two places, as the API sends them. */
  amount: string;
  previousAmount?: string;
  notes: string | null;
}

/** "November 2026", "noviembre de 2026", "novembro de 2026". */
export function periodName(news: { month: number; year: number }, language: Language): string {
  return new Intl.DateTimeFormat(language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(news.year, news.month - 1, 1)));
}

type Texts = {
  subject: string;
  greeting: string;
  intro: string;
  previous: string;
  notes: string;
  action: string;
  title: string;
  message: string;
};

const publishedTexts: Record<Language, Texts> = {
  en: {
    subject: 'Your pay for {period} is published',
    greeting: 'Hello {name},',
    intro: 'The agency published your compensation for {period}: {amount}.',
    previous: '',
    notes: 'Notes: {notes}',
    action: 'See your compensation',
    title: 'Compensation published',
    message: '{period}: {amount}',
  },
  es: {
    subject: 'Tu pago de {period} está publicado',
    greeting: 'Hola, {name}:',
    intro: 'La agencia ha publicado tu remuneración de {period}: {amount}.',
    previous: '',
    notes: 'Notas: {notes}',
    action: 'Ver tu remuneración',
    title: 'Remuneración publicada',
    message: '{period}: {amount}',
  },
  pt: {
    subject: 'Seu pagamento de {period} foi publicado',
    greeting: 'Olá, {name},',
    intro: 'A agência publicou sua remuneração de {period}: {amount}.',
    previous: '',
    notes: 'Observações: {notes}',
    action: 'Ver sua remuneração',
    title: 'Remuneração publicada',
    message: '{period}: {amount}',
  },
};

const correctedTexts: Record<Language, Texts> = {
  en: {
    subject: 'Your pay for {period} was corrected',
    greeting: 'Hello {name},',
    intro: 'The agency corrected your compensation for {period}. The amount is now {amount}.',
    previous: 'It was {previous} before the correction.',
    notes: 'Notes: {notes}',
    action: 'See your compensation',
    title: 'Compensation corrected',
    message: '{period}: {amount} (was {previous})',
  },
  es: {
    subject: 'Tu pago de {period} se ha corregido',
    greeting: 'Hola, {name}:',
    intro: 'La agencia ha corregido tu remuneración de {period}. El importe ahora es {amount}.',
    previous: 'Antes de la corrección era {previous}.',
    notes: 'Notas: {notes}',
    action: 'Ver tu remuneración',
    title: 'Remuneración corregida',
    message: '{period}: {amount} (antes {previous})',
  },
  pt: {
    subject: 'Seu pagamento de {period} foi corrigido',
    greeting: 'Olá, {name},',
    intro: 'A agência corrigiu sua remuneração de {period}. O valor agora é {amount}.',
    previous: 'Antes da correção, o valor era {previous}.',
    notes: 'Observações: {notes}',
    action: 'Ver sua remuneração',
    title: 'Remuneração corrigida',
    message: '{period}: {amount} (antes {previous})',
  },
};

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

function valuesFor(news: PayNews, language: Language) {
  return {
    period: periodName(news, language),
    amount: formatMoney(news.amount, language),
    previous: news.previousAmount ? formatMoney(news.previousAmount, language) : '',
    notes: news.notes ?? '',
  };
}

const textsOf = (news: PayNews) =>
  news.previousAmount === undefined ? publishedTexts : correctedTexts;

/**
 * The bell's notice (type compensation, relatedId the entry, opening /compensation), written in
 * the creator's language as it is stored.
 */
export function payNotice(entryId: string, news: PayNews, language: Language): NotifyInput {
  const texts = textsOf(news)[language];
  return localizedNotification({
    type: 'compensation',
    relatedId: entryId,
    title: texts.title,
    message: fill(texts.message, valuesFor(news, language)),
  });
}

/**
 * The mail a creator gets when an entry of theirs is published or, with `previousAmount`,
 * corrected: the month and the amount written their way, in their language.
 */
export function payMail(options: {
  to: string;
  name: string;
  language: Language;
  news: PayNews;
  appUrl: string;
}): MailMessage {
  const { language, news } = options;
  const t = textsOf(news)[language];
  const values = { ...valuesFor(news, language), name: options.name };
  return composeMail({
    to: options.to,
    language,
    subject: fill(t.subject, values),
    blocks: [
      fill(t.greeting, values),
      fill(t.intro, values),
      ...(news.previousAmount === undefined ? [] : [fill(t.previous, values)]),
      ...(news.notes ? [fill(t.notes, values)] : []),
      { link: new URL(paths.compensation, `${options.appUrl}/`).toString(), label: t.action },
    ],
  });
}
