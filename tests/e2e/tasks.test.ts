import { describe, expect, it } from 'vitest';
import { viewports } from '../support/browser.ts';
import { expectAccessible, useE2E, toastText, holdToast } from '../support/e2e.ts';
import { assignTask, createTask, createTaskUpload, createUser } from '../support/factories.ts';
import { pngBytes } from '../support/files.ts';
import { unexpectedProblems } from './problems.ts';

const e2e = useE2E();

/** A real PNG with 200 KB after its end, so a throttled upload takes long enough to watch. */
const photo = (name: string, shade: number) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.concat([pngBytes(160, 120, [200, 100 + shade, 80]), Buffer.alloc(200 * 1024)]),
});

describe('tasks in the browser', () => {
  it('an administrator assigns a task to two creators; one uploads from a phone and submits, the other is untouched; the administrator completes it', async () => {
    const stamp = Date.now().toString(36);
    const admin = await createUser(e2e.db, { isAdmin: true, username: `boss_${stamp}` });
    const ana = await createUser(e2e.db, {
      username: `ana_${stamp}`,
      firstName: 'Ana',
      lastName: `Reyes${stamp}`,
    });
    const ben = await createUser(e2e.db, {
      username: `ben_${stamp}`,
      firstName: 'Ben',
      lastName: `Okafor${stamp}`,
    });
    const title = `Rooftop shoot ${stamp}`;

    // The administrator creates the task and assigns both creators.
    const staff = await e2e.openPage(viewports.desktop);
    await e2e.signInAs(staff.context, admin);
    await staff.page.goto('/admin/task-requests');
    await staff.page.getByRole('button', { name: 'Create Task' }).first().click();
    const dialog = staff.page.getByRole('dialog', { name: 'Create Task' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Two photos at sunset, one wide and one close.');
    await dialog.getByLabel('Due Date').fill('2030-05-01T18:30');
    await dialog.getByLabel('Content Type').selectOption('photo');
    await dialog.getByLabel('Max Files').fill('5');
    for (const person of [ana, ben]) {
      await dialog.getByLabel('Search users by name or username').fill(person.username);
      await dialog.getByRole('checkbox', { name: new RegExp(person.username) }).check();
    }
    await expectAccessible(staff.page, staff.problems);
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect.poll(() => toastText(staff.page)).toContain('Task created successfully');
    const card = staff.page.getByRole('listitem').filter({ hasText: title });
    await expect.poll(() => card.getByText('0 of 2 submitted').isVisible()).toBe(true);
    await expectAccessible(staff.page, staff.problems);
    const task = await e2e.db
      .selectFrom('tasks')
      .select('id')
      .where('title', '=', title)
      .executeTakeFirstOrThrow();

    // Ana, on her phone, starts, uploads two photos with progress showing, and submits.
    const phone = await e2e.openPage(viewports.phone);
    await e2e.signInAs(phone.context, ana);
    await phone.page.goto('/tasks');
    await phone.page.getByRole('link', { name: `View task: ${title}` }).click();
    await phone.page.waitForURL((url) => url.pathname === `/tasks/${task.id}`);
    await expectAccessible(phone.page, phone.problems);
    await phone.page.getByRole('button', { name: 'Mark In Progress' }).click();
    await expect.poll(() => toastText(phone.page)).toContain('Task status updated successfully');

    // A slow mobile uplink, so the progress can be seen.
    const network = await phone.context.newCDPSession(phone.page);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 150 * 1024,
    });
    // A document chosen by mistake is refused with a toast, which goes once photos are chosen.
    await phone.page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
    await expect.poll(() => toastText(phone.page)).toContain('Invalid file type');
    await holdToast(phone.page, 'Invalid file type');
    await phone.page
      .locator('input[type="file"]')
      .setInputFiles([photo('wide.png', 0), photo('close.png', 40)]);
    await expect.poll(() => toastText(phone.page)).not.toContain('Invalid file type');
    await phone.page.getByRole('button', { name: 'Upload 2 Files' }).click();
    const progress = phone.page.getByRole('progressbar', { name: 'Upload progress' });
    await expect.poll(() => progress.isVisible()).toBe(true);
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')))
      .toBeGreaterThan(0);
    await expect
      .poll(() => toastText(phone.page), { timeout: 20_000 })
      .toContain('Files uploaded successfully');
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect
      .poll(() => phone.page.getByRole('img', { name: 'wide.png' }).isVisible())
      .toBe(true);
    expect(await phone.page.getByRole('img', { name: 'close.png' }).isVisible()).toBe(true);
    await phone.page.getByRole('button', { name: 'Submit Task' }).click();
    await expect
      .poll(() => phone.page.getByText('Your work is submitted for review.').isVisible())
      .toBe(true);
    await expectAccessible(phone.page, phone.problems);

    // Ben's part has not moved.
    const other = await e2e.openPage(viewports.phone);
    await e2e.signInAs(other.context, ben);
    await other.page.goto(`/tasks/${task.id}`);
    await expect.poll(() => other.page.getByText('No files uploaded yet.').isVisible()).toBe(true);
    expect(await other.page.getByRole('button', { name: 'Mark In Progress' }).isVisible()).toBe(
      true,
    );
    await expectAccessible(other.page, other.problems);

    // The administrator sees one of two submitted and marks the task completed: the confirmation
    // says Ana moves and Ben, with no file, keeps his status, and the count stays true.
    await staff.page.reload();
    await expect.poll(() => card.getByText('1 of 2 submitted').isVisible()).toBe(true);
    await card.getByLabel('Status').selectOption('completed');
    const confirm = staff.page.getByRole('dialog', { name: 'Change the status?' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(await confirm.textContent()).toContain('1 assignee moves to “Completed”.');
    expect(await confirm.textContent()).toContain(
      '1 assignee has no file yet and keeps their status.',
    );
    await expectAccessible(staff.page, staff.problems);
    await confirm.getByRole('button', { name: 'Change Status' }).click();
    await expect.poll(() => toastText(staff.page)).toContain('Task status updated successfully');
    await expect.poll(() => confirm.isVisible()).toBe(false);
    await expect.poll(() => card.getByText('1 of 2 submitted').isVisible()).toBe(true);
    expect(await card.getByLabel('Status').inputValue()).toBe('new');

    for (const opened of [staff, phone, other]) await opened.context.close();
  }, 120_000);

  it("a task opened from a link comes with its page: signed out, the creator signs in and lands on it; signed in, it is asked for before the app's code", async () => {
    const stamp = Date.now().toString(36);
    const creator = await createUser(e2e.db, {
      username: `link_${stamp}`,
      password: 'task-link-secret',
    });
    const task = await createTask(e2e.db, { title: `Beach look ${stamp}` });
    await assignTask(e2e.db, { taskId: task.id, userId: creator.id });
    const { page, context, problems } = await e2e.openPage(viewports.phone);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    const taskRead = `/api/tasks/${task.id}`;
    const heading = page.getByRole('heading', { level: 1, name: task.title });

    // Signed out, the link leads to sign-in, and nothing of the task is asked for on the way.
    await page.goto(`/tasks/${task.id}`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(asked).not.toContain(taskRead);
    await page.getByLabel('Email').fill(creator.username);
    await page.getByLabel('Password', { exact: true }).fill('task-link-secret');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === `/tasks/${task.id}`);
    await expect.poll(() => heading.isVisible()).toBe(true);
    expect(asked.filter((pathname) => pathname === taskRead)).toHaveLength(1);

    // Signed in, the page asks for the task as it arrives, once, before the app's own code.
    asked.length = 0;
    await page.reload();
    await expect.poll(() => heading.isVisible()).toBe(true);
    expect(asked.filter((pathname) => pathname === taskRead)).toHaveLength(1);
    const appCode = asked.findIndex((pathname) => pathname.includes('/entry-client-'));
    expect(asked.indexOf(taskRead)).toBeLessThan(appCode);
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('an administrator is warned of a past date; creators are told of a moved date, a status set for them and a task withdrawn', async () => {
    const stamp = Date.now().toString(36);
    const admin = await createUser(e2e.db, { isAdmin: true, username: `boss2_${stamp}` });
    const ana = await createUser(e2e.db, { username: `ana2_${stamp}`, firstName: 'Ana' });
    const ben = await createUser(e2e.db, { username: `ben2_${stamp}`, firstName: 'Ben' });
    const title = `Studio shoot ${stamp}`;
    const task = await createTask(e2e.db, { title, dueDate: '2030-05-01T18:30:00.000Z' });
    await assignTask(e2e.db, { taskId: task.id, userId: ana.id, status: 'in_progress' });
    await assignTask(e2e.db, { taskId: task.id, userId: ben.id });
    await createTaskUpload(e2e.db, { taskId: task.id, userId: ana.id });
    const noticesTitled = async (noticeTitle: string) =>
      (
        await e2e.db
          .selectFrom('notifications')
          .select('userId')
          .where('relatedId', '=', task.id)
          .where('title', '=', noticeTitle)
          .execute()
      ).map((notice) => notice.userId);

    const staff = await e2e.openPage(viewports.desktop);
    await e2e.signInAs(staff.context, admin);
    await staff.page.goto(`/admin/task-requests?q=${stamp}`);
    const card = staff.page.getByRole('listitem').filter({ hasText: title });
    await expect.poll(() => card.getByText('0 of 2 submitted').isVisible()).toBe(true);

    // Completed reaches Ana, who sent a file; Ben keeps his status, and the count stays true.
    await card.getByLabel('Status').selectOption('completed');
    const confirm = staff.page.getByRole('dialog', { name: 'Change the status?' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(await confirm.textContent()).toContain('1 assignee moves to “Completed”.');
    expect(await confirm.textContent()).toContain(
      '1 assignee has no file yet and keeps their status.',
    );
    await expectAccessible(staff.page, staff.problems);
    await confirm.getByRole('button', { name: 'Change Status' }).click();
    await expect.poll(() => toastText(staff.page)).toContain('Task status updated successfully');
    await expect.poll(() => card.getByText('1 of 2 submitted').isVisible()).toBe(true);
    expect(await card.getByLabel('Status').inputValue()).toBe('new');
    expect(await noticesTitled('Task status changed')).toEqual([ana.id]);

    // A past date is said; a moved date says who hears of it, and both are told.
    await card.getByRole('button', { name: `Edit task: ${title}` }).click();
    const edit = staff.page.getByRole('dialog', { name: 'Edit Task' });
    await edit.getByLabel('Due Date').fill('2020-05-01T18:30');
    await expect
      .poll(() =>
        edit
          .getByText('This date has passed: the assignees will see the task as overdue.')
          .isVisible(),
      )
      .toBe(true);
    await edit.getByLabel('Due Date').fill('2030-05-03T18:30');
    await expect.poll(() => edit.getByText('This date has passed').count()).toBe(0);
    expect(
      await edit.getByText('Each assignee who stays on the task is told the new date.').isVisible(),
    ).toBe(true);
    await expectAccessible(staff.page, staff.problems);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => toastText(staff.page)).toContain('Task updated successfully');
    expect((await noticesTitled('Due date changed')).sort()).toEqual([ana.id, ben.id].sort());

    // The task is withdrawn: Ana's old notice leads to a page that says so.
    await card.getByRole('button', { name: `Delete task: ${title}` }).click();
    await staff.page
      .getByRole('dialog', { name: 'Delete Task' })
      .getByRole('button', { name: 'Delete Task' })
      .click();
    await expect.poll(() => toastText(staff.page)).toContain('Task deleted successfully');
    const phone = await e2e.openPage(viewports.phone);
    await e2e.signInAs(phone.context, ana);
    await phone.page.goto(`/tasks/${task.id}`);
    await expect
      .poll(() => phone.page.getByRole('heading', { name: 'Task withdrawn' }).isVisible())
      .toBe(true);
    expect(
      await phone.page
        .getByText('This task was withdrawn by the agency, or you were taken off it.')
        .isVisible(),
    ).toBe(true);
    await expectAccessible(phone.page, phone.problems, { taskGone: true });
    for (const opened of [staff, phone]) await opened.context.close();
  });

  it('a Portuguese administrator on a phone reads every task card within the screen', async () => {
    const stamp = Date.now().toString(36);
    const admin = await createUser(e2e.db, {
      isAdmin: true,
      username: `chefe_${stamp}`,
      preferredLanguage: 'pt',
    });
    const task = await createTask(e2e.db, { title: `Ensaio de primavera ${stamp}` });
    for (const [firstName, lastName, status] of [
      ['Lucas', 'Moreno', 'in_progress'],
      ['Maria', 'Silva', 'new'],
    ] as const) {
      const creator = await createUser(e2e.db, {
        username: `${firstName.toLowerCase()}_${stamp}`,
        firstName,
        lastName,
      });
      await assignTask(e2e.db, { taskId: task.id, userId: creator.id, status });
      await createTaskUpload(e2e.db, { taskId: task.id, userId: creator.id });
      await createTaskUpload(e2e.db, { taskId: task.id, userId: creator.id });
    }
    const phone = await e2e.openPage(viewports.phone);
    await e2e.signInAs(phone.context, admin);
    await phone.page.goto(`/admin/task-requests?q=${stamp}&lang=pt`);
    await expect.poll(() => phone.page.getByText('0 de 2 entregues').isVisible()).toBe(true);
    // Nothing wider than the screen: the assignees' names give way, not the page.
    await expectAccessible(phone.page, phone.problems);
    await phone.context.close();
  });

  it('a Spanish creator reads her tasks in her words: counts that agree, finished work never overdue, and drag and drop only where a pointer can drag', async () => {
    const stamp = Date.now().toString(36);
    const day = 86_400_000;
    const lucia = await createUser(e2e.db, { username: `lucia_${stamp}`, preferredLanguage: 'es' });
    const open = await createTask(e2e.db, { title: `Sesión abierta ${stamp}`, maxFiles: 1 });
    await assignTask(e2e.db, { taskId: open.id, userId: lucia.id, status: 'in_progress' });
    // Handed in 40 days ago, due 45 days ago: finished, so not overdue.
    const handedIn = await createTask(e2e.db, {
      title: `Sesión entregada ${stamp}`,
      dueDate: new Date(Date.now() - 45 * day).toISOString(),
    });
    const submittedAt = new Date(Date.now() - 40 * day).toISOString();
    await assignTask(e2e.db, {
      taskId: handedIn.id,
      userId: lucia.id,
      status: 'submitted',
      submittedAt,
    });

    // On a phone, whose only pointer is a finger.
    const phone = await e2e.openPage(viewports.phone, { hasTouch: true });
    await phone.context.addCookies([{ name: 'preferredLanguage', value: 'es', url: e2e.baseUrl }]);
    await e2e.signInAs(phone.context, lucia);
    await phone.page.goto('/tasks');
    await expect
      .poll(() => phone.page.getByText('Mostrando 1–2 de 2 tareas').isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);
    const finished = phone.page.getByRole('listitem').filter({ hasText: handedIn.title });
    const submittedOn = new Intl.DateTimeFormat('es', { dateStyle: 'medium' }).format(
      new Date(submittedAt),
    );
    expect(await finished.getByText(`Entregada el ${submittedOn}`).isVisible()).toBe(true);
    expect(await finished.getByText(/Vencida/).count()).toBe(0);
    const openCard = phone.page.getByRole('listitem').filter({ hasText: open.title });
    // Counted by the limit: "0 de 1 archivo".
    expect(await openCard.getByText('0 de 1 archivo', { exact: true }).isVisible()).toBe(true);

    await phone.page.getByRole('link', { name: `Ver tarea: ${open.title}` }).click();
    await phone.page.waitForURL((url) => url.pathname === `/tasks/${open.id}`);
    await expect
      .poll(() => phone.page.getByRole('button', { name: 'Elegir archivos' }).isVisible())
      .toBe(true);
    expect(await phone.page.getByText(/Arrastra y suelta/).count()).toBe(0);
    await expectAccessible(phone.page, phone.problems);

    // With a mouse, the same zone takes dropped files too.
    const desk = await e2e.openPage(viewports.desktop);
    await desk.context.addCookies([{ name: 'preferredLanguage', value: 'es', url: e2e.baseUrl }]);
    await e2e.signInAs(desk.context, lucia);
    await desk.page.goto(`/tasks/${open.id}`);
    await expect
      .poll(() => desk.page.getByText('Arrastra y suelta archivos aquí, o').isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);
    expect(await desk.page.getByRole('button', { name: 'Elegir archivos' }).isVisible()).toBe(true);

    for (const opened of [phone, desk]) await opened.context.close();
  });
});
