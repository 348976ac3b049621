import { sql, type InferResult } from 'kysely';
import {
  activeWindowDays,
  type CreatorList,
  type CreatorListQuery,
  type CreatorSummary,
  type CreatorTotals,
  type MonthlyAmount,
} from '../../../domain/compensation.ts';
import { listPageSize } from '../../../domain/lists.ts';
import { centsToDecimal } from '../../../domain/money.ts';
import type { Db } from '../../db/database.ts';
import { pageOf, planSearch, whereSearch, type SearchWay } from '../../db/lists.ts';

/**
 * The overview of every creator (GET /api/admin/influencers). Each person's counts and sums come
 * from `compensation_user_totals` and the months' from `compensation_month_totals`, both kept by
 * triggers on `compensations` (migration 0010, decision 0031), so a page costs an index walk of
 * 25 creators whatever the number of entries.
 */

const dayMs = 86_400_000;
const hourMs = 3_600_000;
const monthsCharted = 12;

/** A creator is active when their latest publish is at or after this moment. */
export function activeSince(now: Date): string {
  return new Date(now.getTime() - activeWindowDays * dayMs).toISOString();
}

// Name, then username, case-insensitively: written exactly as users_creator_name_index
// (migration 0010) so that both dialects walk the index instead of sorting every creator.
const nameOrder = sql<string>`lower(coalesce(${sql.ref('users.firstName')}, '') || ' ' || coalesce(${sql.ref('users.lastName')}, ''))`;
const usernameOrder = sql<string>`lower(${sql.ref('users.username')})`;

const isActive = (since: string) =>
  sql<boolean>`${sql.ref('compensationUserTotals.lastPublishedAt')} >= ${since}`;

/**
 * Every creator (non-administrator) with their totals, one row each, read in the order of the
 * table the sort walks: users for the name, their totals for the rest. A cross join keeps that
 * table outside on SQLite, whose planner would otherwise sort every creator without statistics
 * (ANALYZE) to tell it better; PostgreSQL plans it as the inner join it is.
 */
function creatorsWithTotals(db: Db, walking: 'users' | 'totals') {
  const joined =
    walking === 'users'
      ? db.selectFrom('users').crossJoin('compensationUserTotals')
      : db.selectFrom('compensationUserTotals').crossJoin('users');
  return joined
    .whereRef('compensationUserTotals.userId', '=', 'users.id')
    .where('users.isAdmin', '=', false);
}

/** The page of creators asked for, the four stat cards and the last 12 months' payouts. */
export async function listCreators(
  db: Db,
  query: CreatorListQuery,
  now: Date,
): Promise<CreatorList> {
  const since = activeSince(now);
  const [totals, monthlyPayouts, search] = await Promise.all([
    creatorTotals(db, since),
    monthlyPayoutsUpTo(db, now),
    // A rare name is taken from the users' trigram index, a common one found by walking the
    // list in its order (decision 0022).
    planSearch(db, 'users', query.q, { pageEnd: query.page * listPageSize }),
  ]);
  const listed = (way: SearchWay) => listedCreators(db, query, since, way);
  const page = await pageOf(
    listed(search.page),
    query,
    toCreatorSummary,
    // Unsearched and unfiltered, every creator matches: the stat card already counted them.
    query.q || query.filter !== 'all'
      ? { countQuery: listed(search.count) }
      : { knownTotal: totals.totalInfluencers },
  );
  return { ...page, totals, monthlyPayouts };
}

/** The creators the query asks for, searched, filtered and in its order, each with their totals. */
function listedCreators(db: Db, query: CreatorListQuery, since: string, way: SearchWay) {
  // Taken from the index, the matches are few: the users they name drive the query.
  const walking = query.sort === 'name' || way === 'index' ? 'users' : 'totals';
  let rows = whereSearch(creatorsWithTotals(db, walking), 'users.searchText', query.q, way);
  if (query.filter === 'active') rows = rows.where(isActive(since));
  if (query.filter === 'inactive') {
    rows = rows.where((eb) =>
      eb.or([
        eb('compensationUserTotals.lastPublishedAt', 'is', null),
        eb('compensationUserTotals.lastPublishedAt', '<', since),
      ]),
    );
  }
  if (query.filter === 'with_earnings')
    rows = rows.where('compensationUserTotals.earnedCents', '>', 0);
  if (query.filter === 'no_earnings')
    rows = rows.where('compensationUserTotals.earnedCents', '=', 0);

  // Each order ends with the id, so paging is stable; each has an index in that order.
  const ordered =
    query.sort === 'earnings'
      ? rows
          .orderBy('compensationUserTotals.earnedCents', 'desc')
          .orderBy('compensationUserTotals.userId')
      : query.sort === 'count'
        ? rows
            .orderBy('compensationUserTotals.compensationCount', 'desc')
            .orderBy('compensationUserTotals.userId')
        : query.sort === 'recent'
          ? rows
              .orderBy('compensationUserTotals.lastUpdatedAt', (order) => order.desc().nullsLast())
              .orderBy('compensationUserTotals.userId')
          : rows.orderBy(nameOrder).orderBy(usernameOrder).orderBy('users.id');
  return ordered.select((eb) => [
    'users.id',
    'users.username',
    'users.email',
    'users.firstName',
    'users.lastName',
    'compensationUserTotals.compensationCount',
    'compensationUserTotals.publishedCount',
    'compensationUserTotals.earnedCents',
    'compensationUserTotals.lastPublishedAt',
    'compensationUserTotals.lastUpdatedAt',
    eb.case().when(isActive(since)).then(1).else(0).end().as('active'),
  ]);
}

type CreatorRow = InferResult<ReturnType<typeof listedCreators>>[number];

function toCreatorSummary(row: CreatorRow): CreatorSummary {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    compensationCount: Number(row.compensationCount),
    publishedCount: Number(row.publishedCount),
    // PostgreSQL hands bigint sums back as text.
    earned: centsToDecimal(Number(row.earnedCents)),
    lastPublishedAt: row.lastPublishedAt,
    active: Number(row.active) === 1,
    lastUpdatedAt: row.lastUpdatedAt,
  };
}

/**
 * The four stat cards, over every creator, read from counts kept by triggers (migration 0016,
 * decision 0031) so that they cost the same at any number of creators: the creators and those
 * with earnings from one row; the active from the creators counted by the hour of their latest
 * publish, the hours after the one the window starts in added up (at most 720 rows), those
 * within that hour counted exactly. Total Payouts adds up the months: all published compensation.
 */
async function creatorTotals(db: Db, since: string): Promise<CreatorTotals> {
  const firstHour = since.slice(0, 'YYYY-MM-DDTHH'.length);
  const nextHour = new Date(Date.parse(`${firstHour}:00:00.000Z`) + hourMs).toISOString();
  const [counts, laterHours, firstHourActive, payouts] = await Promise.all([
    db
      .selectFrom('creatorCounts')
      .select(['creators', 'withEarnings'])
      .where('id', '=', 1)
      .executeTakeFirst(),
    db
      .selectFrom('creatorPublishHours')
      .select((eb) => eb.fn.sum<number | string | null>('creators').as('count'))
      .where('hour', '>', firstHour)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('compensationUserTotals')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where(isActive(since))
      .where('lastPublishedAt', '<', nextHour)
      .where('userId', 'not in', db.selectFrom('users').select('id').where('isAdmin', '=', true))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('compensationMonthTotals')
      .select((eb) => eb.fn.sum<number | string | null>('publishedCents').as('cents'))
      .executeTakeFirstOrThrow(),
  ]);
  // sum() of no rows is null; PostgreSQL answers sums of bigint as text.
  return {
    totalInfluencers: Number(counts?.creators ?? 0),
    activeThisMonth: Number(laterHours.count ?? 0) + Number(firstHourActive.count),
    withEarnings: Number(counts?.withEarnings ?? 0),
    totalPayouts: centsToDecimal(Number(payouts.cents ?? 0)),
  };
}

/**
 * Published compensation in each of the 12 calendar months up to `now`'s, oldest first, none
 * left out.
 */
async function monthlyPayoutsUpTo(db: Db, now: Date): Promise<MonthlyAmount[]> {
  const latest = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const months = Array.from({ length: monthsCharted }, (_, index) => {
    const period = latest - (monthsCharted - 1) + index;
    return { year: Math.floor(period / 12), month: (period % 12) + 1 };
  });
  const first = months[0]!;
  const rows = await db
    .selectFrom('compensationMonthTotals')
    .select(['year', 'month', 'publishedCents'])
    .where((eb) =>
      eb.or([
        eb.and([eb('year', '=', first.year), eb('month', '>=', first.month)]),
        eb('year', '>', first.year),
      ]),
    )
    .where('year', '<=', now.getUTCFullYear())
    .execute();
  const cents = new Map(
    rows.map((row) => [`${row.year}-${row.month}`, Number(row.publishedCents)]),
  );
  return months.map(({ year, month }) => ({
    year,
    month,
    amount: centsToDecimal(cents.get(`${year}-${month}`) ?? 0),
  }));
}
