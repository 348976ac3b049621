import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvStream } from './csv.ts';

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
