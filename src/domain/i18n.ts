import i18next, { type i18n as I18n } from 'i18next';
import { defaultLanguage, languages, type Language } from './languages.ts';
import { periodName, readPeriodValue } from './months.ts';

export type { I18n };

/**
 * An i18next instance for one language: the one way every text a person reads is put together,
 * on a screen, in a notification or in a mail, on both sides. The client makes one per app (and the
 * server one per rendered request, so two visitors rendered at once never share a language),
 * from the dictionary the server handed over; the server makes one per language for mails and
 * notifications. Texts are i18next's: `{{name}}` values, `_one`/`_other` plural forms by `count`.
 */
export function createI18n(language: Language, translations: Record<string, string>): I18n {
  const instance = i18next.createInstance();
  // The instance reaches components through LanguageProvider only, never a module-wide global
  // that concurrent server renders would share.
  void instance.init({
    resources: { [language]: { translation: translations } },
    lng: language,
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages],
    // Catalogue keys are flat ('hero.line1'), not nested objects.
    keySeparator: false,
    nsSeparator: false,
    // React escapes what it renders, and a mail's HTML escapes its text as it is composed.
    interpolation: { escapeValue: false },
    // Translations are complete before the first render: they are given and init is synchronous.
    initAsync: false,
    showSupportNotice: false,
  });
  // "{{period, month}}": a month sent as "2026-10" (months.ts), named in the reader's language,
  // so a refusal about a month reads "October 2026" or "octubre de 2026", never "10/2026".
  instance.services.formatter?.add('month', (value, lng) => {
    const period = readPeriodValue(value);
    return period ? periodName(period, lng ?? language) : String(value);
  });
  return instance;
}
