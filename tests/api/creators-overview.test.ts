import type { CreatorList, CreatorSummary } from '../../src/domain/compensation.ts';
import { listPageSize } from '../../src/domain/lists.ts';
import type { Db } from '../../src/server/db/database.ts';
import { createCompensation, createUser, type TestUser } from '../support/factories.ts';
import { test as base, describe, expect, testClock, type TestClock } from '../support/fixtures.ts';
import { signedInClient, type SignedInClient } from '../support/sign-in.ts';

const day = 86_400_000;
const startedAt = new Date('2026-03-15T12:00:00.000Z');
/** Exactly 30 days before the start: the edge of 'active'. */
const thirtyDaysBefore = new Date(startedAt.getTime() - 30 * day).toISOString();

/** Publishes at `at` (and last touched then), as the compensation service leaves a published entry. */
const published = (at: string) => ({
  status: 'published' as const,
  publishedAt: at,
  updatedAt: at,
});

/** The app's clock stands at `startedAt` until a test moves it. */
const test = base.override('clock', () => testClock(startedAt));

/**
 * Seven creators and their compensation, made for each test of the overview's figures: Ana
 * (paid, a draft since), José (paid, last in January), Fabio (paid exactly 30 days before the
 * start), Carla (drafts only), Bruno (nothing), and two Eva Souzas told apart by username.
 */
const testWithCreators = test.extend('creators', { auto: true }, async ({ db }) => {
  const creators = {} as Record<
    'ana' | 'jose' | 'fabio' | 'carla' | 'bruno' | 'evaA' | 'evaB',
    TestUser
  >;
  const person = (firstName: string, lastName: string, username: string, email: string) =>
    createUser(db, { firstName, lastName, username, email });
  creators.ana = await person('Ana', 'Lima', 'ana_lima', 'ana.lima@example.com');
  creators.jose = await person('José', 'Müller', 'jmuller', 'jm@example.com');
  creators.fabio = await person('Fabio', 'Reis', 'fabio_reis', 'fabio@example.com');
  creators.carla = await person('Carla', 'Dias', 'carla_dias', 'carla@example.com');
  creators.bruno = await person('Bruno', 'Costa', 'bruno_costa', 'bruno@example.com');
  // The same name twice: the username decides, regardless of case.
  creators.evaB = await person('Eva', 'Souza', 'eva_b', 'eva.b@example.com');
  creators.evaA = await person('Eva', 'Souza', 'Eva_a', 'eva.a@example.com');

  await createCompensation(db, creators.ana.id, {
    year: 2026,
    month: 1,
    amountCents: 130_000,
    ...published('2026-03-05T12:00:00.000Z'),
  });
  await createCompensation(db, creators.ana.id, {
    year: 2026,
    month: 2,
    amountCents: 50_000,
    updatedAt: '2026-03-10T09:00:00.000Z',
  });
  await createCompensation(db, creators.jose.id, {
    year: 2025,
    month: 12,
    amountCents: 25_050,
    ...published('2026-01-29T12:00:00.000Z'),
  });
  // Paid a year ago: counted in the totals, outside the chart's 12 months.
  await createCompensation(db, creators.jose.id, {
    year: 2025,
    month: 3,
    amountCents: 10_000,
    ...published('2025-04-02T10:00:00.000Z'),
  });
  await createCompensation(db, creators.fabio.id, {
    year: 2026,
    month: 2,
    amountCents: 80_000,
    ...published(thirtyDaysBefore),
  });
  for (const month of [1, 2, 3]) {
    await createCompensation(db, creators.carla.id, {
      year: 2026,
      month,
      amountCents: 10_000,
      updatedAt: '2026-03-14T08:00:00.000Z',
    });
  }
  return creators;
});

async function overview(admin: SignedInClient, query = ''): Promise<CreatorList> {
  const response = await admin.get(`/api/admin/influencers${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<CreatorList>();
}

const usernames = (list: CreatorList) => list.items.map((item) => item.username);
const usernamesOf = (...people: TestUser[]) => people.map((user) => user.username);
/** Creators whose sort keys tie come in the order of their ids. */
const byId = (...people: TestUser[]) =>
  [...people].sort((a, b) => (a.id < b.id ? -1 : 1)).map((user) => user.username);

describe('GET /api/admin/influencers', () => {
  testWithCreators(
    "gives each creator's figures: drafts counted as entries but never as earned, admins left out",
    async ({ admin, creators }) => {
      const list = await overview(admin);
      const byName = new Map(list.items.map((item) => [item.username, item]));
      expect(list.total).toBe(7);
      expect(list.pageSize).toBe(listPageSize);
      expect(list.page).toBe(1);
      expect(byName.get('ana_lima')).toEqual<CreatorSummary>({
        id: creators.ana.id,
        username: 'ana_lima',
        email: 'ana.lima@example.com',
        firstName: 'Ana',
        lastName: 'Lima',
        compensationCount: 2,
        publishedCount: 1,
        earned: '1300.00',
        lastPublishedAt: '2026-03-05T12:00:00.000Z',
        active: true,
        lastUpdatedAt: '2026-03-10T09:00:00.000Z',
      });
      expect(byName.get('jmuller')).toMatchObject({
        compensationCount: 2,
        publishedCount: 2,
        earned: '350.50',
        lastPublishedAt: '2026-01-29T12:00:00.000Z',
        active: false,
        lastUpdatedAt: '2026-01-29T12:00:00.000Z',
      });
      expect(byName.get('carla_dias')).toMatchObject({
        compensationCount: 3,
        publishedCount: 0,
        earned: '0.00',
        lastPublishedAt: null,
        active: false,
        lastUpdatedAt: '2026-03-14T08:00:00.000Z',
      });
      expect(byName.get('bruno_costa')).toMatchObject({
        compensationCount: 0,
        publishedCount: 0,
        earned: '0.00',
        lastPublishedAt: null,
        active: false,
        lastUpdatedAt: null,
      });
      // Neither the administrator asking nor the installation's is a creator.
      expect(list.items.map((item) => item.id)).not.toContain(admin.user.id);
      expect(byName.has('admin')).toBe(false);
    },
  );

  testWithCreators(
    'counts the four stat cards over every creator, whatever the search, filter or page',
    async ({ admin }) => {
      const expected = {
        totalInfluencers: 7,
        activeThisMonth: 2,
        withEarnings: 3,
        totalPayouts: '2450.50',
      };
      expect((await overview(admin)).totals).toEqual(expected);
      expect((await overview(admin, '?q=ana&filter=inactive&sort=earnings&page=3')).totals).toEqual(
        expected,
      );
    },
  );

  testWithCreators(
    "charts the published compensation of the last 12 calendar months, oldest first, months without any at '0.00'",
    async ({ admin }) => {
      const { monthlyPayouts } = await overview(admin);
      expect(monthlyPayouts).toEqual([
        { year: 2025, month: 4, amount: '0.00' },
        { year: 2025, month: 5, amount: '0.00' },
        { year: 2025, month: 6, amount: '0.00' },
        { year: 2025, month: 7, amount: '0.00' },
        { year: 2025, month: 8, amount: '0.00' },
        { year: 2025, month: 9, amount: '0.00' },
        { year: 2025, month: 10, amount: '0.00' },
        { year: 2025, month: 11, amount: '0.00' },
        { year: 2025, month: 12, amount: '250.50' },
        // Ana's January; her February draft is not paid, Fabio's February is.
        { year: 2026, month: 1, amount: '1300.00' },
        { year: 2026, month: 2, amount: '800.00' },
        { year: 2026, month: 3, amount: '0.00' },
      ]);
    },
  );

  testWithCreators(
    'sorts by name (then username, regardless of case), by earnings, by count and by the latest change',
    async ({ admin, creators }) => {
      const { ana, jose, fabio, carla, bruno, evaA, evaB } = creators;
      const byNameOrder = usernamesOf(ana, bruno, carla, evaA, evaB, fabio, jose);
      expect(usernames(await overview(admin))).toEqual(byNameOrder);
      expect(usernames(await overview(admin, '?sort=name'))).toEqual(byNameOrder);
      expect(usernames(await overview(admin, '?sort=earnings'))).toEqual([
        ...usernamesOf(ana, fabio, jose),
        ...byId(carla, bruno, evaA, evaB),
      ]);
      expect(usernames(await overview(admin, '?sort=count'))).toEqual([
        carla.username,
        ...byId(ana, jose),
        fabio.username,
        ...byId(bruno, evaA, evaB),
      ]);
      // Creators without any entry come last.
      expect(usernames(await overview(admin, '?sort=recent'))).toEqual([
        ...usernamesOf(carla, ana, fabio, jose),
        ...byId(bruno, evaA, evaB),
      ]);
      // Anything else is the name order.
      expect(usernames(await overview(admin, '?sort=bogus'))).toEqual(byNameOrder);
    },
  );

  testWithCreators(
    'filters active, inactive, with and without earnings, and counts what the filter shows',
    async ({ admin, creators }) => {
      const { ana, jose, fabio, carla, bruno, evaA, evaB } = creators;
      const filtered = async (filter: string) => {
        const list = await overview(admin, `?filter=${filter}`);
        expect(list.total).toBe(list.items.length);
        return usernames(list);
      };
      expect(await filtered('all')).toEqual(
        usernamesOf(ana, bruno, carla, evaA, evaB, fabio, jose),
      );
      expect(await filtered('active')).toEqual(usernamesOf(ana, fabio));
      expect(await filtered('inactive')).toEqual(usernamesOf(bruno, carla, evaA, evaB, jose));
      expect(await filtered('with_earnings')).toEqual(usernamesOf(ana, fabio, jose));
      expect(await filtered('no_earnings')).toEqual(usernamesOf(bruno, carla, evaA, evaB));
      expect(await filtered('with_earnings&sort=earnings')).toEqual(usernamesOf(ana, fabio, jose));
    },
  );

  testWithCreators(
    'searches names, email and username regardless of case and accents',
    async ({ admin }) => {
      const found = async (q: string) =>
        usernames(await overview(admin, `?q=${encodeURIComponent(q)}`));
      expect(await found('jose')).toEqual(['jmuller']);
      expect(await found('MÜLLER')).toEqual(['jmuller']);
      expect(await found('muller')).toEqual(['jmuller']);
      expect(await found('jm@example')).toEqual(['jmuller']);
      expect(await found('fabio_r')).toEqual(['fabio_reis']);
      expect(await found('souza')).toEqual(['Eva_a', 'eva_b']);
      // % and _ are taken literally.
      expect(await found('%')).toEqual([]);
      const none = await overview(admin, '?q=ana&filter=no_earnings');
      expect(none).toMatchObject({ items: [], total: 0 });
      const searched = await overview(admin, '?q=souza&filter=no_earnings');
      expect(searched.total).toBe(2);
    },
  );

  testWithCreators(
    'counts a creator active up to exactly 30 days after their latest publish, on the moved clock',
    async ({ admin, clock }) => {
      const atTheEdge = await overview(admin, '?filter=active');
      expect(usernames(atTheEdge)).toEqual(['ana_lima', 'fabio_reis']);
      expect(atTheEdge.totals.activeThisMonth).toBe(2);

      clock.set(new Date(startedAt.getTime() + 1));
      const justPast = await overview(admin, '?filter=active');
      expect(usernames(justPast)).toEqual(['ana_lima']);
      expect(justPast.totals.activeThisMonth).toBe(1);
      const fabio = (await overview(admin, '?q=fabio')).items[0];
      expect(fabio).toMatchObject({ username: 'fabio_reis', active: false, earned: '800.00' });

      // A month later the chart has moved on by one month too.
      clock.set('2026-04-01T00:00:00.000Z');
      const april = await overview(admin);
      expect(april.monthlyPayouts[0]).toEqual({ year: 2025, month: 5, amount: '0.00' });
      expect(april.monthlyPayouts.at(-1)).toEqual({ year: 2026, month: 4, amount: '0.00' });
      expect(april.monthlyPayouts).toHaveLength(12);
      expect(april.totals.activeThisMonth).toBe(1);
    },
  );

  testWithCreators('is for administrators only', async ({ app, creators }) => {
    const creator = await signedInClient(app, creators.ana);
    expect((await creator.get('/api/admin/influencers')).statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'GET', url: '/api/admin/influencers' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/admin/influencers across pages', () => {
  /** 30 creators, "Creator 01" to "Creator 30"; the even ones were paid their number in dollars. */
  const testWithThirty = test.extend('thirty', { auto: true }, async ({ db }) => {
    for (let n = 1; n <= 30; n++) {
      const number = String(n).padStart(2, '0');
      const user = await createUser(db, {
        firstName: 'Creator',
        lastName: number,
        username: `creator${number}`,
        email: `creator${number}@example.com`,
      });
      if (n % 2 === 0) {
        await createCompensation(db, user.id, {
          amountCents: n * 100,
          ...published('2026-03-01T10:00:00.000Z'),
        });
      }
    }
  });

  testWithThirty(
    'pages 25 at a time, every creator exactly once, with the total of all pages',
    async ({ admin }) => {
      const page = (query: string) => overview(admin, query);
      const first = await page('?page=1');
      const second = await page('?page=2');
      expect(first).toMatchObject({ total: 30, page: 1, pageSize: 25 });
      expect(second).toMatchObject({ total: 30, page: 2, pageSize: 25 });
      expect(usernames(first)).toEqual(
        Array.from({ length: 25 }, (_, index) => `creator${String(index + 1).padStart(2, '0')}`),
      );
      expect(usernames(second)).toEqual([
        'creator26',
        'creator27',
        'creator28',
        'creator29',
        'creator30',
      ]);
      expect((await page('?page=3')).items).toEqual([]);
      expect(first.totals).toEqual({
        totalInfluencers: 30,
        activeThisMonth: 15,
        withEarnings: 15,
        // 2 + 4 + ... + 30 dollars.
        totalPayouts: '240.00',
      });
    },
  );

  testWithThirty('pages a sorted, filtered list in the same order', async ({ admin }) => {
    const page = (query: string) => overview(admin, query);
    const first = await page('?sort=earnings&filter=with_earnings&page=1');
    expect(first.total).toBe(15);
    expect(first.items.map((item) => item.earned)).toEqual(
      Array.from({ length: 15 }, (_, index) => `${30 - 2 * index}.00`),
    );
    const all = [
      ...(await page('?sort=earnings&page=1')).items,
      ...(await page('?sort=earnings&page=2')).items,
    ];
    expect(new Set(all.map((item) => item.id)).size).toBe(30);
    expect(all.slice(15).every((item) => item.earned === '0.00')).toBe(true);
  });
});

describe('GET /api/admin/influencers after compensation changes', () => {
  const monthOf = (overview: CreatorList, year: number, month: number) =>
    overview.monthlyPayouts.find((entry) => entry.year === year && entry.month === month)?.amount;

  test('shows a publish, a correction and a deleted draft at once', async ({ db, admin }) => {
    const list = () => overview(admin);
    const creator = await createUser(db, { firstName: 'Lia', lastName: 'Prado' });
    const january = await createCompensation(db, creator.id, {
      year: 2026,
      month: 1,
      amountCents: 120_000,
      updatedAt: '2026-03-01T08:00:00.000Z',
    });
    const february = await createCompensation(db, creator.id, {
      year: 2026,
      month: 2,
      amountCents: 90_000,
      updatedAt: '2026-03-02T08:00:00.000Z',
    });
    const drafted = await list();
    expect(drafted.items[0]).toMatchObject({ compensationCount: 2, earned: '0.00', active: false });
    expect(drafted.totals).toMatchObject({ withEarnings: 0, totalPayouts: '0.00' });
    expect(monthOf(drafted, 2026, 1)).toBe('0.00');

    // Published as the compensation service publishes: status, time and last change together.
    await db
      .updateTable('compensations')
      .set(published('2026-03-12T10:00:00.000Z'))
      .where('id', '=', january.id)
      .execute();
    const paid = await list();
    expect(paid.items[0]).toMatchObject({
      compensationCount: 2,
      publishedCount: 1,
      earned: '1200.00',
      lastPublishedAt: '2026-03-12T10:00:00.000Z',
      active: true,
      lastUpdatedAt: '2026-03-12T10:00:00.000Z',
    });
    expect(paid.totals).toEqual({
      totalInfluencers: 1,
      activeThisMonth: 1,
      withEarnings: 1,
      totalPayouts: '1200.00',
    });
    expect(monthOf(paid, 2026, 1)).toBe('1200.00');

    // A correction of the published amount replaces it, in the sums and the chart.
    await db
      .updateTable('compensations')
      .set({ amountCents: 125_050, updatedAt: '2026-03-13T10:00:00.000Z' })
      .where('id', '=', january.id)
      .execute();
    await db.deleteFrom('compensations').where('id', '=', february.id).execute();
    const corrected = await list();
    expect(corrected.items[0]).toMatchObject({
      compensationCount: 1,
      publishedCount: 1,
      earned: '1250.50',
      lastUpdatedAt: '2026-03-13T10:00:00.000Z',
    });
    expect(corrected.totals.totalPayouts).toBe('1250.50');
    expect(monthOf(corrected, 2026, 1)).toBe('1250.50');
    expect(monthOf(corrected, 2026, 2)).toBe('0.00');
    // Made an administrator, the person leaves the list and the counts; what they were paid stays
    // in Total Payouts and the chart, as money the agency paid.
    await db.updateTable('users').set({ isAdmin: true }).where('id', '=', creator.id).execute();
    const promoted = await list();
    expect(promoted).toMatchObject({ items: [], total: 0 });
    expect(promoted.totals).toEqual({
      totalInfluencers: 0,
      activeThisMonth: 0,
      withEarnings: 0,
      totalPayouts: '1250.50',
    });
  });
});

describe('GET /api/admin/influencers stat cards as creators come, change and go', () => {
  /** The three counts read the long way, every creator's row, as the overview once did. */
  const countedEveryRow = async (db: Db, clock: TestClock) => {
    const rows = await db
      .selectFrom('users')
      .innerJoin('compensationUserTotals', 'compensationUserTotals.userId', 'users.id')
      .select(['compensationUserTotals.earnedCents', 'compensationUserTotals.lastPublishedAt'])
      .where('users.isAdmin', '=', false)
      .execute();
    const since = clock.now().getTime() - 30 * day;
    return {
      totalInfluencers: rows.length,
      activeThisMonth: rows.filter(
        (row) => row.lastPublishedAt !== null && Date.parse(row.lastPublishedAt) >= since,
      ).length,
      withEarnings: rows.filter((row) => Number(row.earnedCents) > 0).length,
    };
  };
  type Counts = { totalInfluencers: number; activeThisMonth: number; withEarnings: number };

  test('keeps the counts right after a creator is added, published to, made admin and deleted', async ({
    db,
    admin,
    clock,
  }) => {
    const expectCounts = async (counts: Counts) => {
      expect(await countedEveryRow(db, clock)).toEqual(counts);
      expect((await overview(admin)).totals).toMatchObject(counts);
    };
    await expectCounts({ totalInfluencers: 0, activeThisMonth: 0, withEarnings: 0 });
    const ana = await createUser(db, { firstName: 'Ana', lastName: 'Reis' });
    const bia = await createUser(db, { firstName: 'Bia', lastName: 'Lima' });
    const caio = await createUser(db, { firstName: 'Caio', lastName: 'Dias' });
    await expectCounts({ totalInfluencers: 3, activeThisMonth: 0, withEarnings: 0 });

    // Ana's latest publish falls in the hour the 30-day window starts in, after its start;
    // Bia's first one just before the start, then a later one.
    const anaPay = await createCompensation(db, ana.id, {
      year: 2026,
      month: 1,
      amountCents: 10_000,
      ...published('2026-02-13T12:30:00.000Z'),
    });
    await createCompensation(db, bia.id, {
      year: 2026,
      month: 1,
      amountCents: 20_000,
      ...published('2026-02-13T11:59:59.999Z'),
    });
    await expectCounts({ totalInfluencers: 3, activeThisMonth: 1, withEarnings: 2 });
    await createCompensation(db, bia.id, {
      year: 2026,
      month: 2,
      amountCents: 20_000,
      ...published('2026-03-01T09:00:00.000Z'),
    });
    await createCompensation(db, caio.id, { year: 2026, month: 2, amountCents: 5_000 });
    await expectCounts({ totalInfluencers: 3, activeThisMonth: 2, withEarnings: 2 });

    // The clock moves past Ana's publish, within the same hour, then to a day later.
    clock.set(new Date(startedAt.getTime() + 31 * 60_000));
    await expectCounts({ totalInfluencers: 3, activeThisMonth: 1, withEarnings: 2 });
    clock.set(new Date(startedAt.getTime() - 31 * 60_000));
    await expectCounts({ totalInfluencers: 3, activeThisMonth: 2, withEarnings: 2 });
    clock.set(startedAt);

    // Made an administrator and back.
    await db.updateTable('users').set({ isAdmin: true }).where('id', '=', bia.id).execute();
    await expectCounts({ totalInfluencers: 2, activeThisMonth: 1, withEarnings: 1 });
    await db.updateTable('users').set({ isAdmin: false }).where('id', '=', bia.id).execute();
    await expectCounts({ totalInfluencers: 3, activeThisMonth: 2, withEarnings: 2 });

    // A creator with compensation cannot be deleted: nothing moves. One without any goes.
    await expect(db.deleteFrom('users').where('id', '=', ana.id).execute()).rejects.toThrow();
    await expectCounts({ totalInfluencers: 3, activeThisMonth: 2, withEarnings: 2 });
    const dani = await createUser(db, { firstName: 'Dani', lastName: 'Rocha' });
    await expectCounts({ totalInfluencers: 4, activeThisMonth: 2, withEarnings: 2 });
    await db.deleteFrom('users').where('id', '=', dani.id).execute();
    await expectCounts({ totalInfluencers: 3, activeThisMonth: 2, withEarnings: 2 });

    // Ana's only publish deleted: neither active nor earning; Caio's draft published.
    await db.deleteFrom('compensations').where('id', '=', anaPay.id).execute();
    await db
      .updateTable('compensations')
      .set(published('2026-03-14T23:00:00.000Z'))
      .where('userId', '=', caio.id)
      .execute();
    await expectCounts({ totalInfluencers: 3, activeThisMonth: 2, withEarnings: 2 });
    await db.deleteFrom('users').where('id', '=', ana.id).execute();
    await expectCounts({ totalInfluencers: 2, activeThisMonth: 2, withEarnings: 2 });
    // An administrator made or deleted changes nothing.
    const boss = await createUser(db, { isAdmin: true });
    await db.deleteFrom('users').where('id', '=', boss.id).execute();
    await expectCounts({ totalInfluencers: 2, activeThisMonth: 2, withEarnings: 2 });
  });
});
