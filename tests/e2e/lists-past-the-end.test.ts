import { describe, expect, it } from 'vitest';
import { viewports } from '../support/browser.ts';
import { expectAccessible, useE2E } from '../support/e2e.ts';
import { assignTask, createTask, createUser } from '../support/factories.ts';

const e2e = useE2E();

describe('a page past the last of a list', () => {
  it('says the page does not exist, instead of "nothing found" beside "Showing", and leads to the last page', async () => {
    const creator = await createUser(e2e.db);
    const task = await createTask(e2e.db, { title: 'Beach shoot' });
    await assignTask(e2e.db, { taskId: task.id, userId: creator.id });
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await e2e.signInAs(context, creator);

    // An old link to a third page of a list that holds one task, its search kept.
    await page.goto('/tasks?q=beach&page=3');
    const notice = page.getByRole('status').filter({ hasText: 'Page 3 does not exist' });
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.innerText()).toBe('Page 3 does not exist: this list has 1 page.');
    expect(await page.getByText('No tasks found').count()).toBe(0);
    expect(await page.getByText(/^Showing/).count()).toBe(0);
    await expectAccessible(page, problems);

    await page.getByRole('link', { name: 'Go to the last page' }).click();
    await page.waitForURL((url) => url.pathname === '/tasks' && url.search === '?q=beach');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Beach shoot' }).isVisible())
      .toBe(true);
    expect(await page.getByText('Showing 1–1 of 1 task').isVisible()).toBe(true);
    await context.close();
  });

  it("does the same on the administrators' lists, in the reader's language", async () => {
    const admin = await createUser(e2e.db, { isAdmin: true, preferredLanguage: 'es' });
    const { page, context, problems } = await e2e.openPage();
    await e2e.signInAs(context, admin);

    await page.goto('/admin/users?page=99&lang=es');
    const notice = page.getByRole('status').filter({ hasText: 'La página 99 no existe' });
    await expect.poll(() => notice.isVisible()).toBe(true);
    const pages = Number(/tiene (\d+) página/.exec(await notice.innerText())?.[1]);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(await page.getByText(/^Mostrando/).count()).toBe(0);
    await expectAccessible(page, problems);

    await page.getByRole('link', { name: 'Ir a la última página' }).click();
    await page.waitForURL(
      (url) =>
        (url.searchParams.get('page') ?? '1') === String(pages) && url.pathname === '/admin/users',
    );
    await expect
      .poll(() =>
        page
          .getByRole('list', { name: /usuarios/i })
          .getByRole('listitem')
          .count(),
      )
      .toBeGreaterThan(0);
    await context.close();
  });
});
