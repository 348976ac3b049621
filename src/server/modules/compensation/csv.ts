import contentDisposition from 'content-disposition';
import type { FastifyReply } from 'fastify';
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

/** A CSV download: what it holds is private, so no cache keeps a copy. */
export function sendCsv(reply: FastifyReply, fileName: string, csv: Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'private, no-store')
    .send(csv);
}

/**
 * Reads a cell as `csvCell` wrote it: the leading quote that kept a formula as text goes, so a
 * file we exported reads back as it was recorded. Nothing read is ever evaluated, and every
 * export guards the cell again.
 */
export function csvValue(cell: string): string {
  return cell.startsWith("'") && formulaStart.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/**
 * The rows of a CSV file as `csvStream` writes it (RFC 4180: quoted cells, doubled quotes, line
 * ends inside quotes), also with LF line ends and without the byte order mark, as spreadsheet
 * programs save it. Cells as they are in the file (see `csvValue`); undefined when a quote is
 * left open. Stops after `maxRows` rows, with `more` set when the file goes on.
 */
export function parseCsv(
  text: string,
  maxRows = Infinity,
): { rows: string[][]; more: boolean } | undefined {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let index = text.startsWith(byteOrderMark) ? 1 : 0;
  const endRow = () => {
    row.push(cell);
    rows.push(row);
    row = [];
    cell = '';
  };
  for (; index < text.length; index++) {
    const character = text[index]!;
    if (quoted) {
      if (character !== '"') cell += character;
      else if (text[index + 1] === '"') {
        cell += '"';
        index++;
      } else quoted = false;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(cell);
      cell = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[index + 1] === '\n') index++;
      endRow();
      if (rows.length > maxRows) return { rows: rows.slice(0, maxRows), more: true };
    } else cell += character;
  }
  if (quoted) return undefined;
  if (cell !== '' || row.length > 0) endRow();
  if (rows.length > maxRows) return { rows: rows.slice(0, maxRows), more: true };
  return { rows, more: false };
}
