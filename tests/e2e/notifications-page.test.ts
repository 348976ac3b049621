import { describe, expect, it } from 'vitest';
import { viewports } from '../support/browser.ts';
import { expectAccessible, useE2E } from '../support/e2e.ts';
import { httpClient, publishPay } from '../support/event-stream.ts';
import { createNotification, createUser } from '../support/factories.ts';
import { signIn } from '../support/sign-in.ts';

const e2e = useE2E();
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('all notifications', () => {
  it("'View all notifications' opens a paged list where every notice is read in full and marked read", async () => {
    const creator = await createUser(e2e.db);
    // 27 notices: the oldest two unread, and one long message the panel would not show whole.
    for (let index = 0; index < 27; index++) {
      await createNotification(e2e.db, creator.id, {
        title: `Notice ${index + 1}`,
        message:
          index === 0
            ? 'The agency moved your shoot to Friday. Bring the two outfits from last week, the white sneakers and a charged phone.'
            : `Message ${index + 1}`,
        createdAt: minutesAgo(200 - index),
        isRead: index >= 2,
      });
    }
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await e2e.signInAs(context, creator);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).click();
    const panel = page.getByRole('region', { name: 'Notifications', exact: true });
    await panel.getByRole('link', { name: 'View all notifications' }).click();
    await page.waitForURL((url) => url.pathname === '/notifications');
    await expect.poll(() => panel.count()).toBe(0);

    const list = page.getByRole('list', { name: 'All notifications' });
    await expect
      .poll(() => page.getByText('Showing 1–25 of 27 notifications').isVisible())
      .toBe(true);
    expect(await list.getByRole('listitem').count()).toBe(25);
    expect(await list.getByRole('heading').first().innerText()).toBe('Notice 27');
    await expectAccessible(page, problems);

    // The oldest are on the second page, read in full and marked read there.
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect
      .poll(() => page.getByText('Showing 26–27 of 27 notifications').isVisible())
      .toBe(true);
    expect(
      await list
        .getByText('Bring the two outfits from last week, the white sneakers', { exact: false })
        .isVisible(),
    ).toBe(true);
    await list.getByRole('button', { name: 'Mark read: Notice 1' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Notifications, 1 unread' }).isVisible())
      .toBe(true);
    // The bell and the list are two answers, refreshed together; either may come first.
    await expect
      .poll(() => list.getByRole('button', { name: 'Mark read: Notice 1' }).count())
      .toBe(0);
    await expectAccessible(page, problems);

    // 'Mark all read' reads the rest, and then has nothing left to do.
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Notifications', exact: true }).isVisible())
      .toBe(true);
    // The list's own refresh may come after the bell's.
    await expect.poll(() => list.getByText('Unread').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Mark all read' }).count()).toBe(0);
    await context.close();
  });
});

describe('the bell', () => {
  it('shows a notification the moment it is created, through its live stream', async () => {
    const creator = await createUser(e2e.db);
    const admin = await createUser(e2e.db, { isAdmin: true });
    const { page, context, problems } = await e2e.openPage();
    await e2e.signInAs(context, creator);
    const stream = page.waitForResponse((response) =>
      response.url().endsWith('/api/notifications/stream'),
    );
    await page.goto('/dashboard');
    expect((await stream).status()).toBe(200);
    await expect
      .poll(() => page.getByRole('button', { name: 'Notifications', exact: true }).isVisible())
      .toBe(true);

    // The administrator publishes her pay: the bell counts it long before its next poll.
    await publishPay(httpClient(e2e.baseUrl, (await signIn(e2e.db, admin)).cookie), creator.id);
    await expect
      .poll(() => page.getByRole('button', { name: 'Notifications, 1 unread' }).isVisible(), {
        timeout: 5000,
      })
      .toBe(true);
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const panel = page.getByRole('region', { name: 'Notifications', exact: true });
    await expect.poll(() => panel.getByText('Compensation published').isVisible()).toBe(true);
    await expectAccessible(page, problems);
    await context.close();
  });
});
