import { z } from 'zod';
import type { MessageCode } from './messages.ts';

/**
 * Every string the API takes is one of these (decision 0040): a single line, text of several
 * lines, or an identifier. Each refuses control characters, which no person types and which the
 * databases cannot keep as sent (PostgreSQL refuses NUL outright, SQLite would store it), and
 * each has a maximum the database's column holds, counted after trimming.
 */

/** C0 and C1 controls, DEL, the Unicode line and paragraph separators, and unpaired surrogates. */
const controlCharacter = /[\p{Cc}\p{Cs}\u2028\u2029]/u;
/** The same, but for the line break and the tab that text of several lines holds. */
const controlCharacterBesidesLineBreaksAndTabs = /[^\P{Cc}\n\t]|[\p{Cs}\u2028\u2029]/u;

export function hasControlCharacter(text: string): boolean {
  return controlCharacter.test(text);
}

interface TextCodes {
  /** Refuses an empty text (after trimming) and a value that is no string at all. */
  required?: MessageCode;
  /** For a value that is no string, when the text may be empty or has a minimum of its own. */
  notText?: MessageCode;
  tooLong?: MessageCode;
  /** Whether surrounding spaces go (the default); a password keeps them. */
  trim?: boolean;
}

function checkedText(allowed: 'one line' | 'several lines', max: number, codes: TextCodes) {
  const notText = codes.notText ?? codes.required;
  let schema = z.string(notText ? { error: notText } : undefined);
  if (allowed === 'several lines')
    schema = schema.overwrite((value) => value.replace(/\r\n?/g, '\n'));
  if (codes.trim !== false) schema = schema.trim();
  const refused =
    allowed === 'one line' ? controlCharacter : controlCharacterBesidesLineBreaksAndTabs;
  schema = schema
    .refine((value) => !refused.test(value), 'text.control_character')
    .max(max, codes.tooLong ?? 'text.too_long');
  return codes.required ? schema.min(1, { error: codes.required, abort: true }) : schema;
}

/** One line of text: a name, a title, a search. */
export function singleLine(max: number, codes: TextCodes = {}) {
  return checkedText('one line', max, codes);
}

/**
 * Text of several lines: a description, a message, a note. It keeps line breaks and tabs; a
 * break sent as CRLF or CR (a form's multipart body sends CRLF) is kept as LF, as the screens
 * write it.
 */
export function multiLine(max: number, codes: TextCodes = {}) {
  return checkedText('several lines', max, codes);
}

/** The longest id a request may name; the application makes 36-character UUIDs. */
export const identifierMaxLength = 100;

/**
 * An id the application made, as a path parameter or a field names it: kept as sent. Its
 * refusals may be plain texts, as some calls have always answered them (request.invalid).
 */
export function identifier(codes: { required?: string; tooLong?: string } = {}) {
  return checkedText('one line', identifierMaxLength, { ...codes, trim: false } as TextCodes);
}
