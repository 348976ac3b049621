import { pluralRules } from './intl.ts';
import type { Language } from './languages.ts';
import { periodName, readPeriodValue } from './months.ts';

/** A language's texts by key, flat (`'tasks.showing'`), as the catalogues and the server give them. */
export type Catalogue = Readonly<Record<string, string>>;

/** The values a text puts in (`{{name}}`); `count` also chooses its plural form. */
export type TextValues = Readonly<Record<string, unknown>>;

/** The texts of one language: `t('users.showing', { from: 1, to: 25, count: 40 })`. */
export type TFunction = (key: string, values?: TextValues) => string;

/** How a value is written where a text says `{{name, format}}`. */
const formats: Record<string, (value: unknown, language: Language) => string> = {
  // A month sent as "2026-10" (months.ts), named in the reader's language, so a refusal about a
  // month reads "October 2026" or "octubre de 2026", never "10/2026".
  month: (value, language) => {
    const period = readPeriodValue(value);
    return period ? periodName(period, language) : String(value);
  },
};

const placeholder = /\{\{(.+?)\}\}/g;

/**
 * A text with its values put in: `{{name}}`, `{{period, month}}` in a format above. A value not
 * given leaves its `{{name}}` as it is, which the screens' tests would see.
 */
export function fillIn(text: string, values: TextValues, language: Language): string {
  return text.replaceAll(placeholder, (whole, inside: string) => {
    const [name = '', format = ''] = inside.split(',').map((part) => part.trim());
    const value = values[name];
    if (value === undefined) return whole;
    if (value === null) return '';
    const write = formats[format];
    return write ? write(value, language) : String(value);
  });
}

/**
 * The one way every text a person reads is put together, on a screen, in a notification or in a
 * mail, on both sides, from a language's catalogue (flat keys, `'tasks.showing'`):
 * - its values put in (`fillIn`);
 * - with a numeric `count`, the key's plural form is read: `key_zero` for none where the catalogue
 *   has one, else the form the language's rules give (`key_one`, `key_many`, `key_other`), else
 *   the key itself;
 * - a key the catalogue lacks reads as itself, which the catalogue tests never let through.
 * The syntax is i18next's, which did this before (decision 0059): the catalogues did not change.
 */
export function translator(language: Language, catalogue: Catalogue): TFunction {
  const plural = pluralRules(language);
  return (key, values = {}) => {
    const count = values.count;
    const counted =
      typeof count === 'number'
        ? ((count === 0 ? catalogue[`${key}_zero`] : undefined) ??
          catalogue[`${key}_${plural.select(count)}`])
        : undefined;
    const text = counted ?? catalogue[key];
    return text === undefined ? key : fillIn(text, values, language);
  };
}
