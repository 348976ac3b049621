import { describe, expect, it } from 'vitest';
import { formatDate, formatFileSize, formatMoney } from './format.ts';

describe('formatMoney', () => {
  it('shows dollars with two decimals in the reader’s language', () => {
    expect(formatMoney('1250.5', 'en')).toBe('$1,250.50');
    expect(formatMoney('0.00', 'en')).toBe('$0.00');
    // Intl separates the symbol with a no-break space.
    expect(formatMoney('1250.00', 'pt')).toBe('US$\u00a01.250,00');
  });
});

describe('formatDate', () => {
  it('writes the date the reader’s way', () => {
    expect(formatDate('2026-03-10T12:00:00.000Z', 'en')).toBe('Mar 10, 2026');
    expect(formatDate('2026-03-10T12:00:00.000Z', 'es')).toBe('10 mar 2026');
  });
});

describe('formatFileSize', () => {
  it('writes Bytes, KB, MB and GB with at most one decimal', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(1023)).toBe('1023 Bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatFileSize(10_485_760)).toBe('10 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB');
  });

  it('stays in GB for the largest sizes', () => {
    expect(formatFileSize(2048 * 1024 ** 3)).toBe('2048 GB');
  });
});
