import { describe, expect, it } from 'vitest';
import { fillIn, translator } from './i18n.ts';

const catalogue = {
  'files.count_zero': 'No files',
  'files.count_one': '{{count}} file',
  'files.count_other': '{{count}} files',
  'files.count_many': '{{count}} de archivos',
  'pay.month': 'Pay for {{period, month}}',
  greeting: 'Hello, {{name}}',
};

describe('a text put together', () => {
  it("takes the count's plural form, the zero form for none", () => {
    const t = translator('en', catalogue);
    expect(t('files.count', { count: 0 })).toBe('No files');
    expect(t('files.count', { count: 1 })).toBe('1 file');
    expect(t('files.count', { count: 7 })).toBe('7 files');
    expect(translator('es', catalogue)('files.count', { count: 1_000_000 })).toBe(
      '1000000 de archivos',
    );
  });

  it('names a month in the reader’s language', () => {
    expect(translator('es', catalogue)('pay.month', { period: '2026-10' })).toBe(
      'Pay for octubre de 2026',
    );
  });

  it('shows a missing key or a value not given as it is, so a test sees the gap', () => {
    const t = translator('en', catalogue);
    expect(t('no.such.text')).toBe('no.such.text');
    expect(t('greeting')).toBe('Hello, {{name}}');
    expect(t('greeting', { name: 'Ana' })).toBe('Hello, Ana');
  });

  it('fills in a text that is no catalogue key', () => {
    expect(
      fillIn('{{agencyName}} is based in {{city}}.', { agencyName: 'Lumen', city: 'Miami' }, 'en'),
    ).toBe('Lumen is based in Miami.');
  });
});
