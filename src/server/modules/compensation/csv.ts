import { Readable } from 'node:stream';

/**
 * CSV as spreadsheet programs open it: UTF-8 with a byte order mark (without it, Excel reads the
 * file in the machine's legacy code page and breaks every accent), CRLF line ends and RFC 4180
 * quoting. A few lines of our own: the rules are short, and the formula guard below is ours anyway.
 */
export const byteOrderMark = '\uFEFF';

/**
 * A cell that starts like a formula is read as one by spreadsheet programs (OWASP, "CSV
 * injection"): `=HYPERLINK(...)` in a note would run in the reader's Excel. A leading single
 * quote makes it text, and the quote does not show.
 */
const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The file as a stream: the mark and the header first, then each row as its batch arrives. */
export function csvStream(
  header: readonly string[],
  rows: AsyncIterable<readonly (string | number | null)[]>,
): Readable {
  async function* lines() {
    yield byteOrderMark + csvLine(header);
    for await (const row of rows) yield csvLine(row);
  }
  return Readable.from(lines());
}
