import { translator, type TFunction } from '../domain/i18n.ts';
import { languages, type Language } from '../domain/languages.ts';
import { catalogues, mailCatalogues } from '../domain/locales/index.ts';
import { catalogueKey, type MessageCode, type MessageParams } from '../domain/messages.ts';

/**
 * What the server writes in a person's language (mails, the notifications it stores for them,
 * refusal messages) comes from the catalogues through the same translator as the screens
 * (domain/i18n.ts): the screens' texts and the mail catalogue, one per language, made once.
 */
const translators = Object.fromEntries(
  languages.map((language) => [
    language,
    translator(language, { ...catalogues[language], ...mailCatalogues[language] }),
  ]),
) as Record<Language, TFunction>;

/** The texts of one language: `textsIn('es')('mail.passwordReset.subject')`. */
export function textsIn(language: Language): TFunction {
  return translators[language];
}

/** A refusal's text in English, as the API sends it beside its code, with its values put in. */
export function englishMessage(code: MessageCode, params: MessageParams = {}): string {
  return translators.en(catalogueKey(code), params);
}
