import type { AdminCompensation, Compensation } from '../../src/domain/compensation.ts';
import type { CompensationInput } from '../../src/domain/compensation-input.ts';
import type { NotificationList } from '../../src/domain/notifications.ts';
import type { Db } from '../../src/server/db/database.ts';
import { createUser } from '../support/factories.ts';
import { test as base, describe, expect } from '../support/fixtures.ts';
import { createSignedInUser, signedInClient, type SignedInClient } from '../support/sign-in.ts';
import type { ReceivedMail, SmtpServer } from '../support/smtp.ts';

/**
 * The administrator `pay_admin` records compensation for Maria (who reads Portuguese) and Lucas
 * (Spanish); mail goes out through a real SMTP server. `input`, `create` and `created` make an
 * entry for Maria unless told otherwise; `historyOf` reads a person's entries as the
 * administrator sees them.
 */
const test = base
  .extend('admin', ({ app }) => createSignedInUser(app, { isAdmin: true, username: 'pay_admin' }))
  .extend('maria', ({ db }) => createUser(db, { firstName: 'Maria', preferredLanguage: 'pt' }))
  .extend('lucas', ({ db }) => createUser(db, { firstName: 'Lucas', preferredLanguage: 'es' }))
  .extend(
    'input',
    ({ maria }) =>
      (overrides: Partial<CompensationInput> = {}): CompensationInput => ({
        userId: maria.id,
        month: 3,
        year: 2026,
        amount: '1300',
        notes: 'March retainer',
        ...overrides,
      }),
  )
  .extend(
    'create',
    ({ admin, input }) =>
      (overrides: Partial<CompensationInput> = {}) =>
        admin.post('/api/admin/compensations', input(overrides)),
  )
  .extend('created', ({ create }) => async (overrides: Partial<CompensationInput> = {}) => {
    const response = await create(overrides);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Compensation>();
  })
  .extend('historyOf', ({ admin }) => async (userId: string) => {
    const response = await admin.get(`/api/admin/compensations/user/${userId}`);
    expect(response.statusCode).toBe(200);
    return response.json<AdminCompensation[]>();
  });
test.override('appEnv', ({ smtp }) => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Agency <pay@agency.example>',
}));

const issues = (response: { json(): unknown }) =>
  (response.json() as { issues: { path: string[]; message: string }[] }).issues.map((issue) => [
    issue.path.join('.'),
    issue.message,
  ]);

const entryCount = async (db: Db) =>
  (
    await db
      .selectFrom('compensations')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
  ).count;

const notificationsAbout = (db: Db, relatedId: string) =>
  db
    .selectFrom('notifications')
    .select(['userId', 'type', 'relatedId', 'title', 'message'])
    .where('relatedId', '=', relatedId)
    .execute();

/** The next mail to this person; mails to anyone else on the way are skipped. */
async function nextMailTo(smtp: SmtpServer, email: string): Promise<ReceivedMail> {
  for (;;) {
    const mail = await smtp.nextMail();
    if (mail.to.includes(email)) return mail;
  }
}

describe('POST /api/admin/compensations', () => {
  test('records a draft with the amount as a decimal string, and its creation in the history', async ({
    db,
    admin,
    maria,
    created,
    historyOf,
  }) => {
    const entry = await created({ month: 1 });
    expect(entry).toMatchObject({
      userId: maria.id,
      month: 1,
      year: 2026,
      amount: '1300.00',
      status: 'draft',
      notes: 'March retainer',
      createdBy: admin.user.id,
      publishedAt: null,
      publishedBy: null,
    });
    const [stored] = (await historyOf(maria.id)).filter((item) => item.id === entry.id);
    expect(stored?.history).toEqual([
      expect.objectContaining({
        action: 'created',
        by: { id: admin.user.id, username: 'pay_admin' },
        amount: '1300.00',
        notes: 'March retainer',
        previousAmount: null,
        previousNotes: null,
      }),
    ]);
    // A draft is nothing to tell the creator about.
    expect(await notificationsAbout(db, entry.id)).toEqual([]);
  });

  test('reads the amount as text or a number, exactly, up to 99,999,999.99', async ({
    admin,
    lucas,
    created,
  }) => {
    const cases: [CompensationInput['amount'], string][] = [
      ['1300.5', '1300.50'],
      [1300.5, '1300.50'],
      ['0', '0.00'],
      [' 42.07 ', '42.07'],
      ['99999999.99', '99999999.99'],
    ];
    for (const [index, [amount, expected]] of cases.entries()) {
      const entry = await created({ userId: lucas.id, year: 2021, month: index + 1, amount });
      expect(entry.amount, String(amount)).toBe(expected);
    }
    const listed = (await admin.get('/api/admin/compensations?year=2021')).json<Compensation[]>();
    expect(listed.map((entry) => entry.amount).sort()).toEqual(
      ['0.00', '1300.50', '1300.50', '42.07', '99999999.99'].sort(),
    );
  });

  test('refuses a wrong amount, month, year or person with the documented messages, creating nothing', async ({
    db,
    create,
  }) => {
    const before = await entryCount(db);
    const refusals: [Partial<CompensationInput>, string, string][] = [
      [
        { amount: '12.345' },
        'amount',
        'Amount must be a number of dollars with at most two decimals, such as 1300 or 1300.50',
      ],
      [
        { amount: '-1' },
        'amount',
        'Amount must be a number of dollars with at most two decimals, such as 1300 or 1300.50',
      ],
      [
        { amount: '1e3' },
        'amount',
        'Amount must be a number of dollars with at most two decimals, such as 1300 or 1300.50',
      ],
      [{ amount: '100000000.00' }, 'amount', 'Amount can be at most 99,999,999.99'],
      [{ amount: '' }, 'amount', 'Amount is required'],
      [{ amount: '   ' }, 'amount', 'Amount is required'],
      [{ amount: undefined }, 'amount', 'Amount is required'],
      [{ userId: undefined }, 'userId', 'User ID is required'],
      [{ userId: '' }, 'userId', 'User ID is required'],
      [{ month: 13 }, 'month', 'Month must be a whole number from 1 to 12'],
      [{ month: 0 }, 'month', 'Month must be a whole number from 1 to 12'],
      [{ month: 2.5 }, 'month', 'Month must be a whole number from 1 to 12'],
      [{ year: 2019 }, 'year', 'Year must be a whole number from 2020 to 2100'],
      [{ year: 2101 }, 'year', 'Year must be a whole number from 2020 to 2100'],
      [{ notes: 'x'.repeat(2001) }, 'notes', 'Notes can be at most 2000 characters'],
    ];
    for (const [overrides, field, message] of refusals) {
      const response = await create({ month: 4, ...overrides });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(issues(response), JSON.stringify(overrides)).toEqual([[field, message]]);
      expect(response.json()).toMatchObject({ message });
    }
    const otherAdmin = await createUser(db, { isAdmin: true });
    for (const userId of ['no-such-person', otherAdmin.id]) {
      const response = await create({ userId, month: 4 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'compensation.user_unknown',
        message: 'Compensation can be recorded only for an existing creator, not an administrator.',
        issues: [{ path: ['userId'], code: 'compensation.user_unknown' }],
      });
    }
    expect(await entryCount(db)).toBe(before);
  });

  test('keeps one entry per creator and month: a second is 409, also when two arrive at once', async ({
    db,
    maria,
    lucas,
    create,
    created,
    historyOf,
  }) => {
    await created({ month: 5 });
    const again = await create({ month: 5, amount: '999' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'compensation.duplicate',
      // The month named, not "5/2026"; its values let a client name it in the reader's language.
      message: 'This creator already has compensation for May 2026. Edit that entry instead.',
      params: { month: 5, year: 2026, period: '2026-05' },
    });
    // Another creator, or another month, is no duplicate.
    await created({ month: 5, userId: lucas.id });

    const racing = await Promise.all(
      Array.from({ length: 4 }, (_, index) => create({ month: 6, amount: String(100 + index) })),
    );
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const june = (await historyOf(maria.id)).filter((entry) => entry.month === 6);
    expect(june).toHaveLength(1);
    expect(june[0]?.history.map((change) => change.action)).toEqual(['created']);
    // No record of a change outlives the entry that was refused.
    const orphans = await db
      .selectFrom('auditEntries')
      .leftJoin('compensations', 'compensations.id', 'auditEntries.subjectId')
      .select('auditEntries.id')
      .where('auditEntries.subjectType', '=', 'compensation')
      .where('compensations.id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
  });
});

describe('PUT /api/admin/compensations/{id}', () => {
  test('edits a draft quietly, keeping what it was in the history', async ({
    db,
    admin,
    maria,
    created,
    historyOf,
  }) => {
    const entry = await created({ month: 7, amount: '500', notes: 'First figure' });
    const response = await admin.put(`/api/admin/compensations/${entry.id}`, {
      amount: '650.25',
      notes: '  Figure after the invoice  ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: entry.id,
      amount: '650.25',
      notes: 'Figure after the invoice',
      status: 'draft',
    });
    const [stored] = (await historyOf(maria.id)).filter((item) => item.id === entry.id);
    expect(stored?.history.map((change) => change.action)).toEqual(['created', 'edited']);
    expect(stored?.history[1]).toMatchObject({
      amount: '650.25',
      notes: 'Figure after the invoice',
      previousAmount: '500.00',
      previousNotes: 'First figure',
      by: { username: 'pay_admin' },
    });
    expect(await notificationsAbout(db, entry.id)).toEqual([]);

    // Notes left out are cleared; sending what is already there records nothing.
    const cleared = await admin.put(`/api/admin/compensations/${entry.id}`, { amount: 650.25 });
    expect(cleared.json()).toMatchObject({ amount: '650.25', notes: null });
    await admin.put(`/api/admin/compensations/${entry.id}`, { amount: '650.25', notes: '' });
    const [after] = (await historyOf(maria.id)).filter((item) => item.id === entry.id);
    expect(after?.history.map((change) => change.action)).toEqual(['created', 'edited', 'edited']);
  });

  test('refuses a wrong amount or an unknown entry with the documented messages, changing nothing', async ({
    admin,
    maria,
    created,
    historyOf,
  }) => {
    const entry = await created({ month: 8, amount: '800' });
    for (const [amount, message] of [
      ['', 'Amount is required'],
      [undefined, 'Amount is required'],
      [
        '12.345',
        'Amount must be a number of dollars with at most two decimals, such as 1300 or 1300.50',
      ],
      ['100000000', 'Amount can be at most 99,999,999.99'],
    ] as const) {
      const response = await admin.put(`/api/admin/compensations/${entry.id}`, { amount });
      expect(response.statusCode).toBe(400);
      expect(issues(response)).toEqual([['amount', message]]);
    }
    const unknown = await admin.put('/api/admin/compensations/no-such-entry', { amount: '1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'compensation.not_found',
      message: 'Compensation not found',
    });
    const [stored] = (await historyOf(maria.id)).filter((item) => item.id === entry.id);
    expect(stored).toMatchObject({ amount: '800.00' });
    expect(stored?.history).toHaveLength(1);
  });

  test('corrects a published entry: history keeps the earlier figures, the creator is told in Spanish', async ({
    app,
    db,
    smtp,
    admin,
    lucas,
    created,
    historyOf,
  }) => {
    const entry = await created({
      userId: lucas.id,
      month: 11,
      year: 2025,
      amount: '1200',
      notes: 'Base',
    });
    expect((await admin.post(`/api/admin/compensations/${entry.id}/publish`)).statusCode).toBe(200);
    await nextMailTo(smtp, lucas.email);

    const response = await admin.put(`/api/admin/compensations/${entry.id}`, {
      amount: '1450',
      notes: 'Base and the December bonus',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      amount: '1450.00',
      status: 'published',
      notes: 'Base and the December bonus',
    });

    const [stored] = (await historyOf(lucas.id)).filter((item) => item.id === entry.id);
    expect(stored?.history.map((change) => change.action)).toEqual([
      'created',
      'published',
      'corrected',
    ]);
    expect(stored?.history[2]).toMatchObject({
      amount: '1450.00',
      notes: 'Base and the December bonus',
      previousAmount: '1200.00',
      previousNotes: 'Base',
    });

    const notifications = await notificationsAbout(db, entry.id);
    expect(notifications).toHaveLength(2);
    expect(notifications).toContainEqual({
      userId: lucas.id,
      type: 'compensation',
      relatedId: entry.id,
      // One word for pay in Spanish: compensación, never remuneración.
      title: 'Compensación corregida',
      message: expect.stringMatching(/^noviembre de 2025: 1450,00\sUS\$ \(antes 1200,00\sUS\$\)$/),
    });
    const mail = await nextMailTo(smtp, lucas.email);
    expect(mail.subject).toBe('Tu pago de noviembre de 2025 se ha corregido');
    expect(mail.text).toMatch(/El importe ahora es 1450,00\sUS\$/);
    expect(mail.text).toMatch(/Antes de la corrección era 1200,00\sUS\$/);
    expect(mail.text).toContain('http://localhost:3000/compensation');

    // The creator reads the corrected figure.
    const asLucas = await signedInClient(app, lucas);
    const mine = (await asLucas.get('/api/compensations')).json<Compensation[]>();
    expect(mine.find((item) => item.id === entry.id)?.amount).toBe('1450.00');
  });
});

describe('POST /api/admin/compensations/{id}/publish', () => {
  test('publishes a draft and tells the creator in the bell and by mail, in Portuguese', async ({
    app,
    db,
    smtp,
    admin,
    maria,
    created,
  }) => {
    const entry = await created({
      month: 3,
      year: 2025,
      amount: '1300.5',
      notes: 'Campanha de verão',
    });
    const response = await admin.post(`/api/admin/compensations/${entry.id}/publish`);
    expect(response.statusCode).toBe(200);
    const published = response.json<Compensation>();
    expect(published).toMatchObject({
      id: entry.id,
      status: 'published',
      amount: '1300.50',
      publishedBy: admin.user.id,
    });
    expect(Date.parse(published.publishedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    expect(await notificationsAbout(db, entry.id)).toEqual([
      {
        userId: maria.id,
        type: 'compensation',
        relatedId: entry.id,
        title: 'Remuneração publicada',
        message: expect.stringMatching(/^março de 2025: US\$\s1\.300,50$/),
      },
    ]);
    const asMaria = await signedInClient(app, maria);
    const bell = (await asMaria.get('/api/notifications')).json<NotificationList>();
    expect(bell.notifications[0]).toMatchObject({ type: 'compensation', relatedId: entry.id });

    const mail = await nextMailTo(smtp, maria.email);
    expect(mail.subject).toBe('Seu pagamento de março de 2025 foi publicado');
    expect(mail.text).toMatch(/Olá, Maria,/);
    expect(mail.text).toMatch(
      /A agência publicou sua remuneração de março de 2025: US\$\s1\.300,50\./,
    );
    expect(mail.text).toContain('Observações: Campanha de verão');
    expect(mail.html).toContain('lang="pt"');

    // Publishing it again is a repeat (decision 0041, tests/api/repeats.test.ts): answered as
    // published, no second notification.
    const again = await admin.post(`/api/admin/compensations/${entry.id}/publish`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'published', publishedAt: published.publishedAt });
    expect(await notificationsAbout(db, entry.id)).toHaveLength(1);
  });

  test('answers an unknown or missing id with the documented messages', async ({ admin }) => {
    const unknown = await admin.post('/api/admin/compensations/no-such-entry/publish');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'compensation.not_found' });
    const missing = await admin.post('/api/admin/compensations//publish');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'Compensation ID is required' });
  });
});

/**
 * Entries over several years for Maria and Lucas: drafts, one of them edited, and three
 * published, two of them in 2025, one of those corrected since.
 */
async function recordSeveralYears(
  admin: SignedInClient,
  created: (overrides: Partial<CompensationInput>) => Promise<Compensation>,
  lucas: { id: string },
) {
  const draft = await created({ month: 7, year: 2026, amount: '500' });
  await admin.put(`/api/admin/compensations/${draft.id}`, { amount: '650.25' });
  await created({ userId: lucas.id, month: 5, year: 2026 });
  await created({ month: 9, year: 2023 });
  await created({ userId: lucas.id, month: 1, year: 2021 });
  const published = [
    await created({ month: 3, year: 2025 }),
    await created({ userId: lucas.id, month: 11, year: 2025, amount: '1200' }),
    await created({ userId: lucas.id, month: 2, year: 2024 }),
  ];
  for (const entry of published) await admin.post(`/api/admin/compensations/${entry.id}/publish`);
  await admin.put(`/api/admin/compensations/${published[1]!.id}`, { amount: '1450' });
}

describe('the lists', () => {
  test('GET /api/admin/compensations lists every entry, narrowed by status and year', async ({
    db,
    admin,
    maria,
    lucas,
    created,
  }) => {
    await recordSeveralYears(admin, created, lucas);
    const all = (await admin.get('/api/admin/compensations')).json<Compensation[]>();
    expect(all.length).toBe(await entryCount(db));
    for (const entry of all) expect(entry.amount).toMatch(/^\d+\.\d{2}$/);
    const periods = all.map((entry) => entry.year * 12 + entry.month);
    expect(periods).toEqual([...periods].sort((a, b) => b - a));

    const drafts = (await admin.get('/api/admin/compensations?status=draft')).json<
      Compensation[]
    >();
    expect(drafts.length).toBeGreaterThan(0);
    expect(drafts.every((entry) => entry.status === 'draft')).toBe(true);
    const published2025 = (
      await admin.get('/api/admin/compensations?status=published&year=2025')
    ).json<Compensation[]>();
    expect(published2025.map((entry) => [entry.userId, entry.month]).sort()).toEqual(
      [
        [maria.id, 3],
        [lucas.id, 11],
      ].sort(),
    );
  });

  test('GET /api/admin/compensations/user/{userId}: newest year then month first, history oldest first', async ({
    db,
    admin,
    maria,
    lucas,
    created,
    historyOf,
  }) => {
    await recordSeveralYears(admin, created, lucas);
    const history = await historyOf(maria.id);
    const periods = history.map((entry) => `${entry.year}-${String(entry.month).padStart(2, '0')}`);
    expect(periods).toEqual([...periods].sort().reverse());
    expect(history.every((entry) => entry.userId === maria.id)).toBe(true);
    for (const entry of history) {
      const times = entry.history.map((change) => change.at);
      expect(times).toEqual([...times].sort());
      expect(entry.history[0]?.action).toBe('created');
    }
    // Someone without compensation has an empty history; someone unknown is 'User not found'.
    const newcomer = await createUser(db);
    expect(await historyOf(newcomer.id)).toEqual([]);
    const unknown = await admin.get('/api/admin/compensations/user/no-such-person');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'user.not_found', message: 'User not found' });
  });

  test('keeps the record when the administrator who made a change is deleted', async ({
    app,
    db,
    admin,
    maria,
    input,
    historyOf,
  }) => {
    const second = await createUser(db, {
      isAdmin: true,
      username: 'leaving_admin',
    });
    const asSecond = await signedInClient(app, second);
    const entry = (
      await asSecond.post('/api/admin/compensations', input({ month: 9, year: 2023 }))
    ).json<Compensation>();
    expect((await admin.delete(`/api/admin/users/${second.id}`)).statusCode).toBe(204);
    const [stored] = (await historyOf(maria.id)).filter((item) => item.id === entry.id);
    expect(stored).toMatchObject({ createdBy: null });
    expect(stored?.history).toEqual([expect.objectContaining({ action: 'created', by: null })]);
  });
});

describe('deleting a creator', () => {
  test("takes their drafts and the drafts' records with them, and is refused once compensation was published", async ({
    db,
    smtp,
    admin,
    created,
    historyOf,
  }) => {
    const withDrafts = await createUser(db);
    const draft = await created({ userId: withDrafts.id, month: 4, year: 2022 });
    await admin.put(`/api/admin/compensations/${draft.id}`, { amount: '5' });
    expect((await admin.delete(`/api/admin/users/${withDrafts.id}`)).statusCode).toBe(204);
    // The draft went with the account; the audit log keeps what was done to it (decision 0057).
    expect(
      await db.selectFrom('compensations').select('id').where('id', '=', draft.id).execute(),
    ).toEqual([]);
    const kept = await db
      .selectFrom('auditEntries')
      .select('kind')
      .where('subjectId', '=', draft.id)
      .orderBy('at')
      .execute();
    expect(kept.map((entry) => entry.kind)).toEqual([
      'compensation.created',
      'compensation.edited',
    ]);

    const paid = await createUser(db);
    const entry = await created({ userId: paid.id, month: 4, year: 2022 });
    await admin.post(`/api/admin/compensations/${entry.id}/publish`);
    const refused = await admin.delete(`/api/admin/users/${paid.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'user.delete_paid' });
    expect((await historyOf(paid.id)).map((item) => item.history.length)).toEqual([2]);
    await nextMailTo(smtp, paid.email);
  });
});

describe('GET /api/compensations', () => {
  test("shows a creator only their own published compensation, newest first, never a draft or another's", async ({
    app,
    db,
    smtp,
    admin,
    created,
  }) => {
    const newcomer = await createUser(db, { preferredLanguage: 'en' });
    const other = await createUser(db);
    const draft = await created({ userId: newcomer.id, month: 12, year: 2026, amount: '999' });
    const older = await created({ userId: newcomer.id, month: 12, year: 2024, amount: '100' });
    const newer = await created({ userId: newcomer.id, month: 1, year: 2025, amount: '200' });
    const theirs = await created({ userId: other.id, month: 1, year: 2025, amount: '300' });
    for (const entry of [older, newer, theirs]) {
      await admin.post(`/api/admin/compensations/${entry.id}/publish`);
    }
    const client = await signedInClient(app, newcomer);
    const response = await client.get('/api/compensations');
    expect(response.statusCode).toBe(200);
    const mine = response.json<Compensation[]>();
    expect(mine.map((entry) => [entry.id, entry.amount, entry.status])).toEqual([
      [newer.id, '200.00', 'published'],
      [older.id, '100.00', 'published'],
    ]);
    expect(JSON.stringify(mine)).not.toContain(draft.id);
    expect(JSON.stringify(mine)).not.toContain(theirs.id);
    await nextMailTo(smtp, newcomer.email);
    await nextMailTo(smtp, newcomer.email);
  });

  test('is for creators: administrators 403, nobody signed in 401; creators 403 on the admin calls', async ({
    app,
    admin,
    maria,
    input,
  }) => {
    const asAdmin = await admin.get('/api/compensations');
    expect(asAdmin.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/compensations' })).statusCode).toBe(401);
    const asMaria = await signedInClient(app, maria);
    for (const [method, url] of [
      ['GET', '/api/admin/compensations'],
      ['POST', '/api/admin/compensations'],
      ['GET', `/api/admin/compensations/user/${maria.id}`],
      ['POST', '/api/admin/compensations/x/publish'],
      ['PUT', '/api/admin/compensations/x'],
    ] as const) {
      const response = await asMaria.inject({ method, url, payload: input() });
      expect(response.statusCode, url).toBe(403);
    }
  });
});

describe("the application's clock", () => {
  test('stamps each change, the publication and the notifications with the time it happened', async ({
    app,
    db,
    clock,
    admin,
    created,
    historyOf,
  }) => {
    clock.set('2026-11-02T09:00:00.000Z');
    const creator = await createUser(db);
    const entry = await created({ userId: creator.id, month: 10 });
    clock.set('2026-11-05T10:30:00.000Z');
    const published = (
      await admin.post(`/api/admin/compensations/${entry.id}/publish`)
    ).json<Compensation>();
    expect(published.publishedAt).toBe('2026-11-05T10:30:00.000Z');
    clock.set('2026-11-20T16:00:00.000Z');
    const corrected = (
      await admin.put(`/api/admin/compensations/${entry.id}`, { amount: '1350' })
    ).json<Compensation>();
    expect(corrected).toMatchObject({
      createdAt: '2026-11-02T09:00:00.000Z',
      publishedAt: '2026-11-05T10:30:00.000Z',
      updatedAt: '2026-11-20T16:00:00.000Z',
    });

    const [stored] = await historyOf(creator.id);
    expect(stored?.history.map((change) => [change.action, change.at])).toEqual([
      ['created', '2026-11-02T09:00:00.000Z'],
      ['published', '2026-11-05T10:30:00.000Z'],
      ['corrected', '2026-11-20T16:00:00.000Z'],
    ]);
    const bell = (
      await (await signedInClient(app, creator)).get('/api/notifications')
    ).json<NotificationList>();
    expect(
      bell.notifications.map((notification) => [notification.title, notification.createdAt]),
    ).toEqual([
      ['Compensation corrected', '2026-11-20T16:00:00.000Z'],
      ['Compensation published', '2026-11-05T10:30:00.000Z'],
    ]);
  });
});
