import type {
  Compensation,
  CompensationImportResult,
  MonthDrafts,
  PublishMonthResult,
} from '../../src/domain/compensation.ts';
import type { CompensationInput } from '../../src/domain/compensation-input.ts';
import type { Db } from '../../src/server/db/database.ts';
import { createUser, type TestUser } from '../support/factories.ts';
import { formBody, pngBytes } from '../support/files.ts';
import { test as base, describe, expect } from '../support/fixtures.ts';
import { createSignedInUser, type SignedInClient } from '../support/sign-in.ts';

/**
 * A month at a time (decision 0053): publishing every draft of a month in one act, and adding a
 * month's pay from a CSV file in the export's format. Three creators, `ana`, `bruno` (reading
 * Spanish) and `carla`; `draft` records an entry through the API.
 */
const test = base
  .extend('ana', ({ db }) => createUser(db, { username: 'ana_creates', firstName: 'Ana' }))
  .extend('bruno', ({ db }) =>
    createUser(db, { username: 'bruno_films', preferredLanguage: 'es', firstName: null }),
  )
  .extend('carla', ({ db }) => createUser(db, { username: 'carla_models', firstName: 'Carla' }))
  .extend('draft', ({ admin }) => async (fields: CompensationInput) => {
    const response = await admin.post('/api/admin/compensations', fields);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Compensation>();
  });

const march = { year: 2026, month: 3 };

async function preview(client: SignedInClient, period = march) {
  const response = await client.get(
    `/api/admin/compensations/publish-month?year=${period.year}&month=${period.month}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MonthDrafts>();
}

const publish = (client: SignedInClient, version: string, period = march) =>
  client.post('/api/admin/compensations/publish-month', { ...period, version });

/** Drafts for the three creators in March, and one published in February. */
async function marchDrafts(
  draft: (fields: CompensationInput) => Promise<Compensation>,
  admin: SignedInClient,
  people: TestUser[],
) {
  const entries = [];
  for (const [index, person] of people.entries()) {
    entries.push(await draft({ userId: person.id, ...march, amount: `${100 + index}.50` }));
  }
  const february = await draft({ userId: people[0]!.id, year: 2026, month: 2, amount: '9' });
  expect((await admin.post(`/api/admin/compensations/${february.id}/publish`)).statusCode).toBe(
    200,
  );
  return entries;
}

/** What each person was told: notices of the compensation type and mails queued to them. */
async function toldPerPerson(db: Db, people: TestUser[]) {
  const told: Record<string, { notices: number; mails: number }> = {};
  for (const person of people) {
    const notices = await db
      .selectFrom('notifications')
      .select('id')
      .where('userId', '=', person.id)
      .where('type', '=', 'compensation')
      .execute();
    const mails = await db
      .selectFrom('mailOutbox')
      .select('id')
      .where('recipient', '=', person.email)
      .execute();
    told[person.username] = { notices: notices.length, mails: mails.length };
  }
  return told;
}

const statusesOf = async (db: Db, period = march) =>
  (
    await db
      .selectFrom('compensations')
      .select('status')
      .where('year', '=', period.year)
      .where('month', '=', period.month)
      .execute()
  ).map((row) => row.status);

describe('publishing a month', () => {
  test('shows the drafts and their total, publishes them once, and a repeat publishes nothing', async ({
    db,
    admin,
    ana,
    bruno,
    carla,
    draft,
  }) => {
    await marchDrafts(draft, admin, [ana, bruno, carla]);
    const before = await toldPerPerson(db, [ana, bruno, carla]);
    const shown = await preview(admin);
    expect(shown).toMatchObject({ ...march, drafts: 3, total: '304.50' });
    expect(shown.version).toMatch(/^[0-9a-f]{32}$/);

    const response = await publish(admin, shown.version);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PublishMonthResult>()).toEqual({ published: 3, total: '304.50' });
    expect(await statusesOf(db)).toEqual(['published', 'published', 'published']);
    const after = await toldPerPerson(db, [ana, bruno, carla]);
    for (const person of [ana, bruno, carla]) {
      expect(after[person.username]).toEqual({
        notices: before[person.username]!.notices + 1,
        mails: before[person.username]!.mails + 1,
      });
    }
    // Bruno reads Spanish: his notice says the month his way.
    const notice = await db
      .selectFrom('notifications')
      .select(['title', 'message'])
      .where('userId', '=', bruno.id)
      .executeTakeFirstOrThrow();
    expect(notice.message).toContain('marzo de 2026');

    // The second click: success, nothing published or told again.
    const again = await publish(admin, shown.version);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<PublishMonthResult>()).toEqual({ published: 0, total: '0.00' });
    expect(await toldPerPerson(db, [ana, bruno, carla])).toEqual(after);
    expect(await preview(admin)).toMatchObject({ drafts: 0, total: '0.00' });
  });

  test('two administrators publishing the month at once publish each entry once', async ({
    app,
    db,
    admin,
    ana,
    bruno,
    carla,
    draft,
  }) => {
    const entries = await marchDrafts(draft, admin, [ana, bruno, carla]);
    const before = await toldPerPerson(db, [ana, bruno, carla]);
    const other = await createSignedInUser(app, { isAdmin: true });
    const { version } = await preview(admin);
    expect((await preview(other)).version).toBe(version);

    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, index) => publish(index % 2 ? other : admin, version)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(16).fill(200));
    const results = answers.map((answer) => answer.json<PublishMonthResult>());
    expect(results.filter((result) => result.published === 3)).toHaveLength(1);
    expect(results.filter((result) => result.published === 0)).toHaveLength(15);

    const after = await toldPerPerson(db, [ana, bruno, carla]);
    for (const person of [ana, bruno, carla]) {
      expect(after[person.username]).toEqual({
        notices: before[person.username]!.notices + 1,
        mails: before[person.username]!.mails + 1,
      });
    }
    const publications = await db
      .selectFrom('auditEntries')
      .select('subjectId')
      .where('kind', '=', 'compensation.published')
      .where(
        'subjectId',
        'in',
        entries.map((entry) => entry.id),
      )
      .execute();
    expect(publications).toHaveLength(3);
  });

  test('publishes nothing when a draft was added or changed after the preview, until shown again', async ({
    db,
    admin,
    ana,
    bruno,
    carla,
    draft,
  }) => {
    const [first] = await marchDrafts(draft, admin, [ana, bruno]);
    const shown = await preview(admin);
    await draft({ userId: carla.id, ...march, amount: '5000' });

    const stale = await publish(admin, shown.version);
    expect(stale.statusCode, stale.body).toBe(412);
    expect(stale.json()).toMatchObject({
      code: 'compensation.month_changed',
      message: 'The drafts of March 2026 changed since you looked. Check them again, then publish.',
    });
    expect(await statusesOf(db)).toEqual(['draft', 'draft', 'draft']);

    // An edit of a draft shown changes what would be published, too.
    const seenAgain = await preview(admin);
    expect(seenAgain).toMatchObject({ drafts: 3, total: '5202.00' });
    await admin.put(`/api/admin/compensations/${first!.id}`, { amount: '1' });
    expect((await publish(admin, seenAgain.version)).statusCode).toBe(412);
    expect(await statusesOf(db)).toEqual(['draft', 'draft', 'draft']);

    const current = await preview(admin);
    const published = await publish(admin, current.version);
    expect(published.json<PublishMonthResult>()).toEqual({ published: 3, total: '5102.50' });
  });

  test('is for administrators only, and checks the month and the version', async ({
    admin,
    creator,
  }) => {
    expect(
      (await creator.get('/api/admin/compensations/publish-month?year=2026&month=3')).statusCode,
    ).toBe(403);
    expect((await publish(creator, 'x')).statusCode).toBe(403);
    const badMonth = await admin.get('/api/admin/compensations/publish-month?year=2026&month=13');
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json()).toMatchObject({ code: 'compensation.month_invalid' });
    const noVersion = await admin.post('/api/admin/compensations/publish-month', march);
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json()).toMatchObject({ code: 'compensation.month_version_required' });
    // An empty month: nothing to publish, said as success.
    const empty = await preview(admin, { year: 2030, month: 1 });
    expect(empty).toMatchObject({ drafts: 0, total: '0.00' });
    const none = await publish(admin, empty.version, { year: 2030, month: 1 });
    expect(none.json()).toEqual({ published: 0, total: '0.00' });
  });
});

/** Sends a file of pay for a month (March 2026 unless told otherwise). */
async function importFile(
  client: SignedInClient,
  content: string | Buffer,
  options: { dryRun?: boolean; period?: { year: number; month: number }; name?: string } = {},
) {
  const period = options.period ?? march;
  const body = await formBody({ year: String(period.year), month: String(period.month) }, [
    {
      field: 'file',
      file: {
        name: options.name ?? 'pay.csv',
        type: 'text/csv',
        content: typeof content === 'string' ? Buffer.from(content) : content,
      },
    },
  ]);
  return client.inject({
    method: 'POST',
    url: `/api/admin/compensations/import${options.dryRun ? '?dryRun=true' : ''}`,
    ...body,
  });
}

const entryCount = async (db: Db) =>
  (await db.selectFrom('compensations').select('id').execute()).length;

describe('adding a month of pay from a CSV file', () => {
  test('a dry run says what it would create and creates nothing; the real run creates drafts', async ({
    db,
    admin,
    ana,
    bruno,
  }) => {
    const file = `Username,Amount,Notes\r\n${ana.username},1300.5,March retainer\r\nBRUNO_FILMS,"1,00",\r\n`;
    const refused = await importFile(admin, file, { dryRun: true });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json<CompensationImportResult>()).toMatchObject({
      dryRun: true,
      rows: 2,
      created: 0,
      refused: [{ row: 3, code: 'compensation.amount_invalid' }],
    });

    const good = `Username,Amount,Notes\n${ana.username},1300.5,March retainer\nBRUNO_FILMS,12,\n\n`;
    const dry = await importFile(admin, good, { dryRun: true });
    expect(dry.json<CompensationImportResult>()).toEqual({
      dryRun: true,
      rows: 2,
      created: 2,
      total: '1312.50',
      refused: [],
    });
    expect(await entryCount(db)).toBe(0);

    const real = await importFile(admin, good);
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json<CompensationImportResult>()).toEqual({
      dryRun: false,
      rows: 2,
      created: 2,
      total: '1312.50',
      refused: [],
    });
    const entries = await admin.get('/api/admin/compensations?year=2026');
    expect(
      entries
        .json<Compensation[]>()
        .map((entry) => [entry.userId, entry.month, entry.amount, entry.status, entry.notes])
        .sort(),
    ).toEqual(
      [
        [ana.id, 3, '1300.50', 'draft', 'March retainer'],
        [bruno.id, 3, '12.00', 'draft', null],
      ].sort(),
    );
    const history = await admin.get(`/api/admin/compensations/user/${ana.id}`);
    expect(history.json<{ history: { action: string }[] }[]>()[0]?.history).toEqual([
      expect.objectContaining({ action: 'created', amount: '1300.50' }),
    ]);
  });

  test('one bad row creates nothing; every refused row is named with its reason, in the administrator’s language', async ({
    app,
    db,
    admin,
    ana,
    bruno,
    carla,
    draft,
  }) => {
    await draft({ userId: carla.id, ...march, amount: '10' });
    const otherAdmin = await createUser(db, { username: 'boss_two', isAdmin: true });
    const dora = await createUser(db, { username: 'dora_draws' });
    const file = [
      'Username,Amount,Notes,Month,Year',
      `${ana.username},100,fine,3,2026`,
      `nobody_here,100,,3,2026`,
      `${otherAdmin.username},100,,3,2026`,
      `${carla.username},100,,3,2026`,
      `${bruno.username},12.345,,3,2026`,
      `${dora.username},100,,2,2026`,
      `${ana.username},5,,3,2026`,
      `,5,,3,2026`,
    ].join('\r\n');
    const response = await importFile(admin, file);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<CompensationImportResult>();
    expect(result).toMatchObject({ dryRun: false, rows: 8, created: 0, total: '0.00' });
    expect(result.refused.map(({ row, reason }) => [row, reason])).toEqual([
      [3, 'No account has the username nobody_here.'],
      [4, 'boss_two is an administrator: compensation is recorded for creators only.'],
      [5, 'This creator already has compensation for March 2026. Edit that entry instead.'],
      [6, 'Amount must be a number of dollars with at most two decimals, such as 1300 or 1300.50'],
      [7, 'This row is for February 2026, but the file is being added for March 2026.'],
      [8, 'ana_creates is already in row 2 of this file: one entry per creator and month.'],
      [9, 'The username is missing.'],
    ]);
    expect(await entryCount(db)).toBe(1);

    const spanish = await createSignedInUser(app, { isAdmin: true, preferredLanguage: 'es' });
    const inSpanish = await importFile(spanish, file, { dryRun: true });
    expect(inSpanish.json<CompensationImportResult>().refused[0]).toEqual({
      row: 3,
      code: 'compensation.import_username_unknown',
      reason: 'Ninguna cuenta tiene el nombre de usuario nobody_here.',
    });
  });

  test('reads back our own export, headed in any of the three languages, as it was', async ({
    db,
    admin,
    ana,
    bruno,
    draft,
  }) => {
    await draft({
      userId: ana.id,
      ...march,
      amount: '1300.5',
      notes: '=HYPERLINK("http://x.example","click")',
    });
    await draft({ userId: bruno.id, ...march, amount: '0', notes: 'Line one\nline two, "quoted"' });
    for (const language of ['en', 'es', 'pt'] as const) {
      expect(
        (await admin.put('/api/user/language', { preferredLanguage: language })).statusCode,
      ).toBe(200);
      const exported = await admin.get('/api/admin/compensations/export.csv?year=2026');
      expect(exported.statusCode).toBe(200);
      const before = await db
        .selectFrom('compensations')
        .select(['userId', 'month', 'year', 'amountCents', 'notes', 'status'])
        .orderBy('userId')
        .execute();

      // The drafts go (their record stays in the audit log), and the file brings them back.
      await db.deleteFrom('compensations').execute();
      const dry = await importFile(admin, exported.rawPayload, { dryRun: true });
      expect(dry.json<CompensationImportResult>(), language).toMatchObject({
        created: 2,
        total: '1300.50',
        refused: [],
      });
      const real = await importFile(admin, exported.rawPayload);
      expect(real.json<CompensationImportResult>()).toMatchObject({ created: 2, refused: [] });
      const after = await db
        .selectFrom('compensations')
        .select(['userId', 'month', 'year', 'amountCents', 'notes', 'status'])
        .orderBy('userId')
        .execute();
      expect(after, language).toEqual(before);
      const again = await admin.get('/api/admin/compensations/export.csv?year=2026');
      expect(again.body, language).toBe(exported.body);
    }
  });

  test('refuses files it cannot take: too large, too many rows, not CSV, no header, no month', async ({
    db,
    admin,
    ana,
    creator,
  }) => {
    const header = 'Username,Amount\r\n';
    const tooMany = header + `${ana.username},1\r\n`.repeat(2001);
    const many = await importFile(admin, tooMany, { dryRun: true });
    expect(many.statusCode).toBe(413);
    expect(many.json()).toMatchObject({
      code: 'compensation.import_too_many_rows',
      message: 'This file has more than 2000 rows. Split it into files of at most 2000 rows.',
    });
    const tooLarge = header + `${ana.username},1,${'x'.repeat(1024 * 1024)}\r\n`;
    const large = await importFile(admin, tooLarge);
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({
      code: 'compensation.import_too_large',
      message: 'This file is too large: a file of pay can be at most 1 MB.',
    });
    const png = await importFile(admin, pngBytes(), { name: 'pay.csv' });
    expect(png.statusCode).toBe(415);
    expect(png.json()).toMatchObject({ code: 'compensation.import_wrong_kind' });
    const noHeader = await importFile(admin, `${ana.username},1\r\n`);
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json()).toMatchObject({ code: 'compensation.import_header' });
    const open = await importFile(admin, `${header}${ana.username},"1\r\n`);
    expect(open.json()).toMatchObject({ code: 'compensation.import_unreadable' });
    const empty = await importFile(admin, header);
    expect(empty.json()).toMatchObject({ code: 'compensation.import_empty' });
    const noMonth = await importFile(admin, `${header}${ana.username},1\r\n`, {
      period: { year: 2026, month: 0 },
    });
    expect(noMonth.statusCode).toBe(400);
    expect(noMonth.json()).toMatchObject({
      code: 'compensation.month_invalid',
      issues: [{ path: ['month'] }],
    });
    expect((await importFile(creator, `${header}${ana.username},1\r\n`)).statusCode).toBe(403);
    expect(await entryCount(db)).toBe(0);
  });
});
