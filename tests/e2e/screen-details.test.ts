import { describe, expect, it } from 'vitest';
import { viewports } from '../support/browser.ts';
import { expectAccessible, useE2E } from '../support/e2e.ts';
import { assignTask, createTask, createUser } from '../support/factories.ts';

const e2e = useE2E();

describe('screen details', () => {
  it("shows 'All Years' in the export select as a choice, in the text colour, not greyed as if disabled", async () => {
    const admin = await createUser(e2e.db, { isAdmin: true });
    const { page, context, problems } = await e2e.openPage();
    await e2e.signInAs(context, admin);
    await page.goto('/admin/influencers');
    const year = page.getByLabel('Export year');
    await expect.poll(() => year.isVisible()).toBe(true);
    const colour = () => year.evaluate((element) => getComputedStyle(element).color);
    expect(await year.inputValue()).toBe('');
    const allYears = await colour();
    await year.selectOption({ index: 1 });
    const oneYear = await colour();
    expect(allYears).toBe(oneYear);
    await expectAccessible(page, problems);
    await context.close();
  });

  it("names each creator's review history on the review screen apart", async () => {
    const admin = await createUser(e2e.db, { isAdmin: true });
    const ana = await createUser(e2e.db, { firstName: 'Ana', lastName: 'Reyes' });
    const bea = await createUser(e2e.db, { firstName: 'Bea', lastName: 'Costa' });
    const task = await createTask(e2e.db, { title: 'Two looks' });
    await assignTask(e2e.db, { taskId: task.id, userId: ana.id });
    await assignTask(e2e.db, { taskId: task.id, userId: bea.id });
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    await e2e.signInAs(context, admin);
    await page.goto(`/admin/task-requests/${task.id}`);
    for (const name of ['Ana Reyes', 'Bea Costa']) {
      await expect
        .poll(() => page.getByRole('region', { name: `Review history of ${name}` }).isVisible())
        .toBe(true);
    }
    // Each still reads its heading.
    expect(await page.getByRole('heading', { name: 'Review history' }).count()).toBe(2);
    // axe's landmark-unique among the rest.
    await expectAccessible(page, problems);
    await context.close();
  });
});
