import { describe, expect, it } from 'vitest';
import { byteOrderMark, csvCell, csvLine, csvStream, csvValue, parseCsv } from './csv.ts';

describe('csvCell', () => {
  it('quotes only what needs it (RFC 4180), doubling inner quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(2026)).toBe('2026');
    expect(csvCell(null)).toBe('');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('São Paulo')).toBe('São Paulo');
  });

  it('turns a cell that starts like a formula into text with a leading quote', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('csvStream', () => {
  it('starts with the byte order mark and the header, and ends every line with CRLF', async () => {
    async function* rows() {
      yield ['Ana', 1300.5];
      yield ['Bruno', null];
    }
    let text = '';
    for await (const chunk of csvStream(['Name', 'Amount'], rows())) text += String(chunk);
    expect(text).toBe('\uFEFFName,Amount\r\nAna,1300.5\r\nBruno,\r\n');
    expect(csvLine([])).toBe('\r\n');
  });
});

describe('parseCsv', () => {
  it('reads back what csvLine writes, quotes, line ends and formulas included', () => {
    const rows = [
      ['Ana Lima, "Aninha"', 'ana', '=HYPERLINK("x","y")', 'two\r\nlines', ''],
      ['Bruno', 'bruno', '+1', '-2', "'plain"],
    ];
    const text = byteOrderMark + rows.map(csvLine).join('');
    const parsed = parseCsv(text);
    expect(parsed?.more).toBe(false);
    expect(parsed?.rows.map((row) => row.map(csvValue))).toEqual(rows);
  });

  it('takes LF line ends and a last line without one, and says when a quote is left open', () => {
    expect(parseCsv('a,b\nc,d')).toEqual({
      rows: [
        ['a', 'b'],
        ['c', 'd'],
      ],
      more: false,
    });
    expect(parseCsv('a,"b\nc')).toBeUndefined();
    expect(parseCsv('')).toEqual({ rows: [], more: false });
  });

  it('stops after the rows asked for', () => {
    expect(parseCsv('1\r\n2\r\n3\r\n', 2)).toEqual({ rows: [['1'], ['2']], more: true });
    expect(parseCsv('1\r\n2\r\n', 2)).toEqual({ rows: [['1'], ['2']], more: false });
  });
});
