import unhomoglyph from 'unhomoglyph';

/**
 * Unicode TR39's skeleton of a text: decomposed (NFD), each character that the confusables table
 * maps replaced by its prototype (Cyrillic "а" by Latin "a", "0" by "O", "m" by "rn"), decomposed
 * again. The table is Unicode's confusables.txt as the unhomoglyph package ships it. Not for
 * reading: two texts that look alike have the same skeleton.
 */
function skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}

/** What shows nothing: controls, format characters (zero-width spaces, direction marks) and the like. */
const invisible = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * The form under which two usernames that a reader could take for each other are equal, kept in
 * `users.username_skeleton` with a unique index (decision 0040). The skeleton is taken before and
 * after lower-casing, so a capital that looks like another letter ("I" and "l") and a small
 * letter that does ("m" and "rn") both count; "i" then goes with "l", since "I" is both. Runs of
 * spaces count as one, as a page shows them, and what shows nothing is left out (names kept from
 * before the rule may still hold it).
 */
export function usernameSkeleton(username: string): string {
  const visible = username.normalize('NFKC').replace(invisible, '').trim().replace(/\s+/g, ' ');
  return skeleton(skeleton(visible).toLowerCase()).toLowerCase().replaceAll('i', 'l');
}
