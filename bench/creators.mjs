// Creators for the benchmarks, written straight into a database the server migrated: every one
// with 24 months of compensation (the months before this one published, this month's a draft;
// every fifth stopped being paid four months ago), through the triggers that keep the compensation
// totals (migration 0010). On SQLite in one transaction, on PostgreSQL a batch of creators per
// transaction (decision 0031).
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export const monthsOfCompensation = 24;
const firstNames = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elena', 'Felipe', 'Gabriela', 'Hugo'];
const lastNames = ['Lima', 'Souza', 'Costa', 'Müller', 'Rocha', 'Dias', 'Prado', 'Reis', 'Nunes'];
// One creator in 40 is called Sofía; the search finds her accent-insensitively.
export const searchedName = 'Sofía';
export const searchWord = 'sofia';

/** Lowered and without accents, as the server's searchable() keeps users.search_text. */
const searchable = (...parts) =>
  parts.filter(Boolean).join(' ').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The creators and their compensation entries as rows, the same for both databases. */
export function* creatorRows(count, now) {
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  for (let n = 0; n < count; n++) {
    const id = randomUUID();
    const firstName = n % 40 === 7 ? searchedName : firstNames[n % firstNames.length];
    const lastName = lastNames[(n * 7) % lastNames.length];
    const username = `creator${n}`;
    const email = `creator${n}@example.com`;
    const created = new Date(now.getTime() - (count - n) * 60_000).toISOString();
    const user = [id, username, email, firstName, lastName, created];
    user.searchText = searchable(username, email, firstName, lastName);
    // users.username_skeleton is unique (migration 0019). The server's look-alike form is
    // TypeScript this script cannot load; a line break and the id is a form no username has.
    user.skeleton = `${username}\n${id}`;
    // Every fifth creator's compensation ended four months ago: inactive.
    const lastMonth = n % 5 === 0 ? thisMonth - 4 : thisMonth;
    const compensations = [];
    for (let back = monthsOfCompensation - 1; back >= 0; back--) {
      const period = lastMonth - back;
      const year = Math.floor(period / 12);
      const month = (period % 12) + 1;
      const cents = 50_000 + ((n * 7919 + period * 104_729) % 250_000);
      const isDraft = period === thisMonth;
      // Published on the 3rd of the month after, at 10:00.
      const publishedAt = isDraft ? null : new Date(Date.UTC(year, month, 3, 10)).toISOString();
      const changed = publishedAt ?? now.toISOString();
      compensations.push([
        randomUUID(),
        id,
        month,
        year,
        cents,
        isDraft ? 'draft' : 'published',
        publishedAt,
        changed,
        changed,
      ]);
    }
    yield { user, compensations };
  }
}

const userColumns =
  'id, username, email, first_name, last_name, created_at, updated_at, password_hash, is_admin, preferred_language, search_text, username_skeleton';
// The same columns with the search text and the look-alike form among the parameters, before the
// fixed values.
const postgresUserColumns =
  'id, username, email, first_name, last_name, created_at, updated_at, search_text, username_skeleton, password_hash, is_admin, preferred_language';
const compensationColumns =
  'id, user_id, month, year, amount_cents, status, published_at, created_at, updated_at';
// Nobody signs in as these creators; a hash that matches no password.
const noPassword = 'bench-no-password';

export function fillSqlite(file, count, now) {
  const db = new Database(file);
  const insertUser = db.prepare(
    `insert into users (${userColumns}) values (?, ?, ?, ?, ?, ?, ?, '${noPassword}', 0, 'en', ?, ?)`,
  );
  const insertCompensation = db.prepare(
    `insert into compensations (${compensationColumns}) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (const { user, compensations } of creatorRows(count, now)) {
      insertUser.run(...user, user[5], user.searchText, user.skeleton);
      for (const row of compensations) insertCompensation.run(...row);
    }
  })();
  db.exec('analyze');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

/**
 * Multi-row inserts of 200 creators at a time, each batch its own transaction: within one
 * transaction every entry's trigger adds a new version of its month's totals row, which the next
 * one walks past, so one transaction for all 480,000 entries would slow down quadratically.
 */
export async function fillPostgres(url, count, now) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const insert = async (table, columns, rows, literals = '') => {
    const width = rows[0].length;
    const values = rows.map(
      (_, row) =>
        `(${Array.from({ length: width }, (_, column) => `$${row * width + column + 1}`).join(', ')}${literals})`,
    );
    await client.query(
      `insert into ${table} (${columns}) values ${values.join(', ')}`,
      rows.flat(),
    );
  };
  try {
    let users = [];
    let compensations = [];
    const flush = async () => {
      if (users.length === 0) return;
      await client.query('begin');
      await insert('users', postgresUserColumns, users, `, '${noPassword}', false, 'en'`);
      // Parameters per statement are limited to 65,535: 9 columns x 24 months x 200 creators.
      await insert('compensations', compensationColumns, compensations);
      await client.query('commit');
      users = [];
      compensations = [];
    };
    for (const creator of creatorRows(count, now)) {
      const [id, username, email, firstName, lastName, created] = creator.user;
      users.push([
        id,
        username,
        email,
        firstName,
        lastName,
        created,
        created,
        creator.user.searchText,
        creator.user.skeleton,
      ]);
      compensations.push(...creator.compensations);
      if (users.length === 200) await flush();
    }
    await flush();
    await client.query('analyze');
  } finally {
    await client.end();
  }
}
