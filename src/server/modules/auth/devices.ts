import Bowser from 'bowser';

/**
 * The browser and operating system a user agent names, for the sessions list ("Chrome",
 * "Android"); null for what it does not name (a script, an empty header).
 */
export function deviceOf(userAgent: string | null): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null };
  const { browser, os } = Bowser.parse(userAgent);
  return { browser: browser.name || null, os: os.name || null };
}
