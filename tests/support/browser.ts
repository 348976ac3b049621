import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Playwright gives each launch a fresh temporary profile.
// Without the background-networking flags Chromium keeps dialling Google on a closed network.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}

export const viewports = {
  phone: { width: 360, height: 780 },
  desktop: { width: 1280, height: 800 },
} as const;

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far. */
  problems: string[];
}

let visitors = 0;
/** A new visitor's address, from the documentation range (RFC 5737). */
const nextVisitorAddress = () => `198.51.100.${(visitors++ % 254) + 1}`;

/**
 * A page in a fresh context (no cookies, no storage) that records every console error. Each
 * context is a visitor of its own address, as the server behind a proxy sees them.
 */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number } = viewports.desktop,
  {
    hasTouch = false,
    userAgent,
  }: {
    /** A touch screen as the only pointer, as on a phone: `(pointer: coarse)`, no hover. */
    hasTouch?: boolean;
    /** The browser it says it is (the sessions list names a device by it). */
    userAgent?: string;
  } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    hasTouch,
    ...(userAgent ? { userAgent } : {}),
    extraHTTPHeaders: { 'x-forwarded-for': nextVisitorAddress() },
  });
  // The browser refuses what the Content Security Policy forbids without logging an error when
  // the page catches the refusal (a library probing whether it may eval); the page reports it.
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `Content Security Policy refused ${event.effectiveDirective} of ${event.blockedURI} in ${event.sourceFile}:${event.lineNumber}`,
      ),
    ),
  );
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A failed request's log line names no address by itself; the location does.
    const { url } = message.location();
    problems.push(url ? `${message.text()} (${url})` : message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { page, context, problems };
}

/**
 * Waits until React has hydrated the server's HTML and committed it: its effects and refs have
 * run, so the page behaves as the app. (Nodes React adopts are marked while it renders, which can
 * be long before the commit on a busy machine, so that mark is not enough.)
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const container = document.getElementById('root') as unknown as Record<
            string,
            { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } }
          > | null;
          const key = container
            ? Object.keys(container).find((name) => name.startsWith('__reactContainer'))
            : undefined;
          const root = key ? container?.[key]?.stateNode : undefined;
          return root?.current?.memoizedState?.isDehydrated === false;
        }),
      { timeout: 10_000 },
    )
    .toBe(true);
}

/**
 * Waits until the application wizard runs: hydrated, then started again from the tab's draft with
 * its form enabled (it arrives as a disabled first step). Files set before that would be lost.
 */
export async function waitForWizard(page: Page): Promise<void> {
  await waitForHydration(page);
  await expect.poll(() => page.locator('form fieldset[disabled]').count()).toBe(0);
}
