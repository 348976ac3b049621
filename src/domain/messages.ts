import english from './locales/en/messages.json' with { type: 'json' };

/**
 * Every message a person can be shown about a refusal lives once, in locales/<language>/
 * messages.json under `message.<code>`. Schemas and the server speak in codes
 * (`user.username_min`, `upload.too_large`); the API sends the code with its English text
 * (`englishMessage` on the server), and the client shows the code in the reader's language. A
 * code whose text counts something has plural forms (`_one`, `_other`, and in Spanish and
 * Portuguese `_many`, in Portuguese `_zero`) and takes `count`.
 */
type CatalogueKey = keyof typeof english;
type Plural<Key> = Key extends `${infer Base}_${'one' | 'other'}` ? Base : Key;
export type MessageCode = Plural<CatalogueKey> extends `message.${infer Code}` ? Code : never;

export type MessageParams = Record<string, string | number>;

const catalogue: Record<string, string> = english;

export const catalogueKey = (code: string) => `message.${code}`;

export function isMessageCode(value: unknown): value is MessageCode {
  return (
    typeof value === 'string' &&
    (catalogueKey(value) in catalogue || `${catalogueKey(value)}_other` in catalogue)
  );
}
