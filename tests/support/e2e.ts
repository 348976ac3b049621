import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { openDatabase, type DatabaseHandle, type Db } from '../../src/server/db/database.ts';
import { launchBrowser, openPage, viewports, type OpenedPage } from './browser.ts';
import { signInBrowser } from './sign-in.ts';
import { unexpectedProblems } from '../e2e/problems.ts';

export interface E2E {
  /** The run's built server (tests/e2e/global-setup.ts) and its DATA_DIR. */
  readonly baseUrl: string;
  readonly dataDir: string;
  /** One Chromium for the file, launched before its first test. */
  readonly browser: Browser;
  /** The server's own database, opened on first use, to seed data straight into it. */
  readonly db: Db;
  /** A fresh visitor's page on the run's server (see `openPage`). */
  openPage(
    viewport?: { width: number; height: number },
    options?: { hasTouch?: boolean; userAgent?: string },
  ): Promise<OpenedPage>;
  /**
   * Signs a user in on a browser context without the login form; the session keeps `userAgent`
   * as a sign-in would keep the browser's.
   */
  signInAs(
    context: BrowserContext,
    user: { id: string },
    options?: { userAgent?: string },
  ): Promise<void>;
}

/**
 * The set-up every browser test file shares: call it once at the top of the file. It registers
 * the hooks that launch the browser and close it (and the database, if the file used it).
 */
export function useE2E(): E2E {
  const baseUrl = inject('baseUrl');
  const dataDir = inject('dataDir');
  let browser: Browser | undefined;
  let database: DatabaseHandle | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await database?.db.destroy();
  });
  const e2e: E2E = {
    baseUrl,
    dataDir,
    get browser() {
      if (!browser) throw new Error('The browser starts in beforeAll; use it inside a test.');
      return browser;
    },
    get db() {
      database ??= openDatabase({ databaseUrl: undefined, dataDir });
      return database.db;
    },
    openPage: (viewport = viewports.desktop, options) =>
      openPage(e2e.browser, baseUrl, viewport, options),
    signInAs: (context, user, options) => signInBrowser(context, baseUrl, e2e.db, user, options),
  };
  return e2e;
}

/**
 * What every screen owes a person: nothing wider than the screen (no sideways scrolling on a
 * phone), no axe violation, and no console error beyond those a test causes on purpose.
 */
export async function expectAccessible(
  page: Page,
  problems: string[],
  expected: Parameters<typeof unexpectedProblems>[1] = {},
) {
  // axe judges colours as drawn: text caught mid-fade (a toast sliding in) reads as low contrast,
  // and a sliding element can stand past the edge. Let every finite animation and transition end
  // first, as a person would see the screen, until none has started for a moment (a toast that
  // answers a request can begin its entrance just after the others ended).
  await page.evaluate(async () => {
    const running = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getTiming().iterations !== Infinity,
        );
    const moment = () => new Promise((resolve) => setTimeout(resolve, 150));
    for (let round = 0; round < 20; round++) {
      await Promise.all(running().map((animation) => animation.finished.catch(() => undefined)));
      await moment();
      if (running().length === 0) return;
    }
  });
  const width = page.viewportSize()?.width ?? 0;
  // Measured once animations have ended: an element mid-slide can stand a pixel past the edge.
  // On failure, the elements, or the texts overflowing their element, that reach past the
  // screen's edge, to say what to fix.
  const overflow = await page.evaluate((screen) => {
    // Text visually hidden for screen readers (a 1 px box, clipped) widens nothing.
    const textPast = (element: Element) =>
      element.getBoundingClientRect().width > 1 &&
      [...element.childNodes].some((node) => {
        if (node.nodeType !== Node.TEXT_NODE) return false;
        const range = document.createRange();
        range.selectNodeContents(node);
        return range.getBoundingClientRect().right > screen;
      });
    const past = [...document.querySelectorAll('body *')].filter(
      (element) => element.getBoundingClientRect().right > screen || textPast(element),
    );
    return {
      scrollWidth: document.documentElement.scrollWidth,
      past: past
        .slice(0, 5)
        .map(
          (element) =>
            `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> ` +
            `right ${Math.round(element.getBoundingClientRect().right)}: ` +
            `${(element.textContent ?? '').trim().slice(0, 60)}`,
        ),
    };
  }, width);
  expect(overflow.scrollWidth, `wider than the screen: ${overflow.past.join(' | ')}`).toBe(width);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} ${violation.nodes
          .map((node) => `[${node.target.join(' ')}] ${node.failureSummary ?? ''}`)
          .join('; ')}`,
    ),
  ).toEqual([]);
  expect(unexpectedProblems(problems, expected)).toEqual([]);
}

/** What the toasts on screen say (one region holds them all). */
export function toastText(page: Page) {
  return toastRegion(page).innerText();
}

/**
 * Keeps a toast on screen by resting the pointer on it, as a person reading it would (its timer
 * pauses): a check that it went away then proves something took it away, not its 5 s running out.
 */
export async function holdToast(page: Page, text: string) {
  await toastRegion(page).getByRole('listitem').filter({ hasText: text }).hover();
}

function toastRegion(page: Page) {
  return page.getByRole('region', { name: 'Notifications (F8)' });
}
