import { sql, type Insertable, type Selectable } from 'kysely';
import { listPageSize, searchable, type Page } from '../../../domain/lists.ts';
import type { ListedUser, User, UserListQuery } from '../../../domain/users.ts';
import type { Db } from '../../db/database.ts';
import { pageOf, pageOnce, planSearch, whereSearch, type SearchWay } from '../../db/lists.ts';
import type { UsersTable } from '../../db/schema.ts';
import { usernameSkeleton } from './look-alike.ts';

export async function countAdministrators(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('isAdmin', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const searchTextOf = (user: {
  username: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
}) => searchable(user.username, user.email, user.firstName, user.lastName);

/** A user's row as written: the repository adds what is derived from it. */
export type NewUserRow = Omit<Insertable<UsersTable>, 'usernameSkeleton' | 'searchText'>;

export async function insertUser(db: Db, user: NewUserRow): Promise<void> {
  await db
    .insertInto('users')
    .values({
      ...user,
      usernameSkeleton: usernameSkeleton(user.username),
      searchText: searchTextOf(user),
    })
    .execute();
}

export async function findUserByLogin(db: Db, login: string) {
  const lowered = login.toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['username']), '=', lowered),
        eb(eb.fn('lower', ['email']), '=', lowered),
      ]),
    )
    .executeTakeFirst();
}

type UserRow = Selectable<UsersTable>;

/** The columns of a person that the API shows (`toUser`): the hash stays behind. */
export const shownUserColumns = [
  'users.id',
  'users.username',
  'users.email',
  'users.firstName',
  'users.lastName',
  'users.isAdmin',
  'users.preferredLanguage',
  'users.createdAt',
  'users.updatedAt',
] as const;

/** The one mapping from a row to what the API shows: the hash stays behind. */
export function toUser(
  row: Pick<
    UserRow,
    | 'id'
    | 'username'
    | 'email'
    | 'firstName'
    | 'lastName'
    | 'isAdmin'
    | 'preferredLanguage'
    | 'createdAt'
    | 'updatedAt'
  >,
): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    isAdmin: Boolean(row.isAdmin),
    preferredLanguage: row.preferredLanguage,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Notes a sign-in: the last one becomes the previous one, in the same statement (SQL reads the
 * row as it was before the update on both dialects).
 */
export async function recordSignIn(db: Db, id: string, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ previousSignInAt: eb.ref('lastSignInAt'), lastSignInAt: at }))
    .where('id', '=', id)
    .execute();
}

/** What the dashboards need to speak truly of a first visit (see migration 0011). */
export async function firstStepsOf(
  db: Db,
  id: string,
): Promise<{ previousSignInAt: string | null; profileCheckedAt: string | null }> {
  const row = await db
    .selectFrom('users')
    .select(['previousSignInAt', 'profileCheckedAt'])
    .where('id', '=', id)
    .executeTakeFirst();
  return {
    previousSignInAt: row?.previousSignInAt ?? null,
    profileCheckedAt: row?.profileCheckedAt ?? null,
  };
}

/** How many accounts there are, and how many of them are administrators. */
export async function countUsers(db: Db): Promise<{ total: number; admins: number }> {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('isAdmin', '=', true).then(1).else(0).end()).as('admins'),
    ])
    .executeTakeFirstOrThrow();
  // sum() of no rows is null; PostgreSQL hands sums back as text.
  return { total: Number(row.total), admins: Number(row.admins ?? 0) };
}

/**
 * The users list's rows: only what it shows (each row's hash, search text and sign-in times stay
 * behind). Whether two-step sign-in is on is asked as `in (select ...)`, which both databases
 * answer from one read of the few enabled secrets per statement. As a correlated `exists`,
 * PostgreSQL scanned that small table again for each row of the page, and each scan asked the
 * kernel for the table's size: a fifth of the database's time for the users list.
 */
function listedUsers(db: Db) {
  return db
    .selectFrom('users')
    .select(shownUserColumns)
    .select((eb) =>
      eb(
        'users.id',
        'in',
        eb
          .selectFrom('twoFactorSecrets')
          .select('twoFactorSecrets.userId')
          .where('twoFactorSecrets.enabledAt', 'is not', null),
      ).as('twoFactorEnabled'),
    );
}

type ListedUserRow = Awaited<ReturnType<ReturnType<typeof listedUsers>['executeTakeFirstOrThrow']>>;

function toListedUser(row: ListedUserRow): ListedUser {
  // SQLite answers `in` as 0 or 1.
  return Object.assign(toUser(row), { twoFactorEnabled: Boolean(row.twoFactorEnabled) });
}

/** The users list's order: newest first. */
const newestFirst = <Query extends ReturnType<typeof listedUsers>>(query: Query) =>
  query.orderBy('users.createdAt', 'desc').orderBy('users.id');

/**
 * How many administrators there are, counted: a few entries of the index that begins with
 * `is_admin`.
 */
const administratorCount = (db: Db) =>
  db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('administrators'))
    .where('users.isAdmin', '=', sql.lit(true));
/**
 * How many creators there are, as migration 0016's triggers keep it for the creators overview:
 * counting a thousand creators on each request of the users list had been a third of the
 * database's time for it.
 */
const creatorCount = (db: Db) =>
  db
    .selectFrom('creatorCounts')
    .select('creatorCounts.creators')
    .where('creatorCounts.id', '=', sql.lit(1));

// Without a search, each page's query is built once (pageOnce()), with the role written in it.
const everyUserPage = pageOnce((db: Db) => newestFirst(listedUsers(db)), {
  total: (db) => sql<number>`${administratorCount(db)} + ${creatorCount(db)}`,
});
const rolePages = {
  admin: pageOnce(
    (db: Db) => newestFirst(listedUsers(db).where('users.isAdmin', '=', sql.lit(true))),
    { total: administratorCount },
  ),
  user: pageOnce(
    (db: Db) => newestFirst(listedUsers(db).where('users.isAdmin', '=', sql.lit(false))),
    { total: creatorCount },
  ),
};

/**
 * A page of the users list: searched over names, username and email (through the trigram index
 * when planSearch() finds that cheaper, decision 0022); newest first.
 */
export async function listUsers(db: Db, query: UserListQuery): Promise<Page<ListedUser>> {
  if (!query.q) {
    return query.role === 'all'
      ? everyUserPage(db, query, toListedUser)
      : rolePages[query.role](db, query, toListedUser);
  }
  const search = await planSearch(db, 'users', query.q, { pageEnd: query.page * listPageSize });
  const matching = (way: SearchWay) => {
    let rows = whereSearch(listedUsers(db), 'users.searchText', query.q, way);
    if (query.role !== 'all') rows = rows.where('users.isAdmin', '=', query.role === 'admin');
    return rows;
  };
  return pageOf(
    newestFirst(matching(search.page)),
    query,
    toListedUser,
    // Every role: the index's count of the whole table is the list's.
    {
      knownTotal: query.role === 'all' ? search.matches : undefined,
      countQuery: search.count === search.page ? undefined : matching(search.count),
    },
  );
}

/**
 * Whether someone (but `exceptUserId`) holds this username, or one a reader could take for it:
 * the same regardless of case, or of the same look-alike form (decision 0040).
 */
export async function isUsernameTaken(
  db: Db,
  username: string,
  exceptUserId?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['username']), '=', username.toLowerCase()),
        eb('usernameSkeleton', '=', usernameSkeleton(username)),
      ]),
    );
  if (exceptUserId) query = query.where('id', '!=', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Which of the two sign-in names someone else already holds: the username, or the email regardless of case. */
export async function findIdentityConflict(
  db: Db,
  identity: { username: string; email: string },
  exceptUserId?: string,
): Promise<'username' | 'email' | undefined> {
  if (await isUsernameTaken(db, identity.username, exceptUserId)) return 'username';
  let query = db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', identity.email.toLowerCase()));
  if (exceptUserId) query = query.where('id', '!=', exceptUserId);
  return (await query.executeTakeFirst()) ? 'email' : undefined;
}

export async function updateUser(
  db: Db,
  id: string,
  changes: Partial<Omit<NewUserRow, 'id'>>,
): Promise<void> {
  const derived = changes.username ? { usernameSkeleton: usernameSkeleton(changes.username) } : {};
  await db
    .updateTable('users')
    .set({ ...changes, ...derived })
    .where('id', '=', id)
    .execute();
  if (
    'username' in changes ||
    'email' in changes ||
    'firstName' in changes ||
    'lastName' in changes
  ) {
    const row = await findUserById(db, id);
    if (row) {
      await db
        .updateTable('users')
        .set({ searchText: searchTextOf(row) })
        .where('id', '=', id)
        .execute();
    }
  }
}

export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/**
 * Administrators are locked for the rest of the transaction on PostgreSQL, so two concurrent
 * demotions or deletions cannot leave nobody in charge. SQLite runs one writer at a time already.
 */
export async function lockAdministrators(trx: Db, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect === 'postgres')
    await trx.selectFrom('users').select('id').where('isAdmin', '=', true).forUpdate().execute();
}

/** Of these ids, the ones that belong to creators (existing people who are not administrators). */
export async function creatorsAmong(db: Db, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', 'in', [...ids])
    .where('isAdmin', '=', false)
    .execute();
}

/**
 * The people holding these usernames, regardless of case (as sign-in reads them), keyed by the
 * username in lower case.
 */
export async function usersByUsername(
  db: Db,
  usernames: readonly string[],
): Promise<Map<string, UserRow>> {
  const lowered = [...new Set(usernames.map((username) => username.toLowerCase()))];
  const found = new Map<string, UserRow>();
  // In slices, well under SQLite's limit of values per statement.
  for (let start = 0; start < lowered.length; start += 500) {
    const rows = await db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['username']), 'in', lowered.slice(start, start + 500)))
      .execute();
    for (const row of rows) found.set(row.username.toLowerCase(), row);
  }
  return found;
}

/** Every administrator's id: those told in the app when a creator submits work. */
export async function administratorIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('users').select('id').where('isAdmin', '=', true).execute();
  return rows.map((row) => row.id);
}

/** The installation's first administrator: the oldest account that is one. */
export async function firstAdministratorId(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('isAdmin', '=', true)
    .orderBy('createdAt')
    .executeTakeFirst();
  return row?.id;
}

/** The usernames of accounts whose email is not at `domain`, but for `exceptId`'s. */
export async function usernamesOutsideDomain(
  db: Db,
  domain: string,
  exceptId?: string,
): Promise<string[]> {
  let query = db.selectFrom('users').select('username').where('email', 'not like', `%@${domain}`);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.execute()).map((row) => row.username);
}

/** Whether any account's email is at `domain`. */
export async function hasAccountAtDomain(db: Db, domain: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', 'like', `%@${domain}`)
    .executeTakeFirst();
  return row !== undefined;
}
