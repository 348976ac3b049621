import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from './format.ts';

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
