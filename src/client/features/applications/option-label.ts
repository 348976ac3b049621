import type { TFunction } from '../../../domain/i18n.ts';

export type OptionGroup = 'country' | 'platform' | 'heardAboutUs' | 'idType';

/**
 * The catalogue key of an option whose stored value is its English label ("Twitter/X" becomes
 * `apply.platform.twitter-x`).
 */
export function optionLabelKey(group: OptionGroup, value: string): string {
  const slug = value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `apply.${group}.${slug}`;
}

/** The option in the reader's language; a value the lists no longer hold is shown as stored. */
export function optionLabel(t: TFunction, group: OptionGroup, value: string): string {
  return t(optionLabelKey(group, value), { defaultValue: value });
}
