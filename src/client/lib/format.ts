/** A calendar date in the reader's language ("Mar 10, 2026", "10 mar 2026"). */
export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

/**
 * An API amount (a decimal string such as "1250.00") in dollars with two decimals, written the
 * reader's way. Display only: amounts are never computed from the formatted text.
 */
export function formatMoney(decimal: string, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Number(decimal));
}

const fileSizeUnits = ['Bytes', 'KB', 'MB', 'GB'] as const;

/**
 * A file's size as the spec writes it: whole Bytes below 1 KB, then KB, MB or GB (1024 each)
 * with at most one decimal ("512 Bytes", "1.5 MB", "2 GB").
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) {
    return `${Math.max(0, Math.round(Number.isFinite(bytes) ? bytes : 0))} Bytes`;
  }
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), fileSizeUnits.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${Number(value.toFixed(1))} ${fileSizeUnits[exponent]}`;
}
