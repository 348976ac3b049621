/**
 * The Intl formatters, each made once per language and options and then reused. Making one costs
 * far more than formatting with it: a page of 25 user cards spent more than half of its render
 * time making the same date formatter 25 times on a throttled phone. Everything that formats a
 * date, number, list or relative time, or picks a plural form, goes through here (ESLint forbids `new Intl.*` and
 * `toLocaleString` elsewhere).
 */
type Formatters = {
  DateTimeFormat: [Intl.DateTimeFormatOptions, Intl.DateTimeFormat];
  NumberFormat: [Intl.NumberFormatOptions, Intl.NumberFormat];
  RelativeTimeFormat: [Intl.RelativeTimeFormatOptions, Intl.RelativeTimeFormat];
  ListFormat: [Intl.ListFormatOptions, Intl.ListFormat];
  PluralRules: [Intl.PluralRulesOptions, Intl.PluralRules];
};

const constructors: {
  [Kind in keyof Formatters]: new (
    language: string,
    options: Formatters[Kind][0],
  ) => Formatters[Kind][1];
} = {
  DateTimeFormat: Intl.DateTimeFormat,
  NumberFormat: Intl.NumberFormat,
  RelativeTimeFormat: Intl.RelativeTimeFormat,
  ListFormat: Intl.ListFormat,
  PluralRules: Intl.PluralRules,
};

const made = new Map<string, unknown>();

function reused<Kind extends keyof Formatters>(
  kind: Kind,
  language: string,
  options: Formatters[Kind][0],
): Formatters[Kind][1] {
  const key = `${kind} ${language} ${JSON.stringify(options)}`;
  let formatter = made.get(key) as Formatters[Kind][1] | undefined;
  if (!formatter) {
    const Formatter = constructors[kind];
    formatter = new Formatter(language, options);
    made.set(key, formatter);
  }
  return formatter;
}

export const dateTimeFormat = (language: string, options: Intl.DateTimeFormatOptions = {}) =>
  reused('DateTimeFormat', language, options);

export const numberFormat = (language: string, options: Intl.NumberFormatOptions = {}) =>
  reused('NumberFormat', language, options);

export const relativeTimeFormat = (
  language: string,
  options: Intl.RelativeTimeFormatOptions = {},
) => reused('RelativeTimeFormat', language, options);

export const listFormat = (language: string, options: Intl.ListFormatOptions = {}) =>
  reused('ListFormat', language, options);

export const pluralRules = (language: string, options: Intl.PluralRulesOptions = {}) =>
  reused('PluralRules', language, options);

/**
 * Has the engine load its locale data for `language`, and nothing more. The first Intl object a
 * page makes pays for that load (170–260 ms on Lighthouse's throttled phone for a first date or
 * number format); a collator takes about half of it (86–127 ms) and leaves the date format that
 * follows 50–110 ms, so two tasks of that size stand where one stood (prepareFormatters()).
 */
export function loadLocaleData(language: string): void {
  new Intl.Collator(language);
}
