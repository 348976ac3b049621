import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ApplicationList } from '../../src/domain/applications.ts';
import type { CreatorList } from '../../src/domain/compensation.ts';
import type { UserList } from '../../src/domain/users.ts';
import { createApplication, createUser } from '../support/factories.ts';
import { test as base, describe, expect } from '../support/fixtures.ts';
import { createSignedInUser } from '../support/sign-in.ts';

/**
 * The users and applications lists are paged, searched and filtered on the server:
 * `{ items, total, page, pageSize }`, 25 a page, searched case- and accent-insensitively.
 */

/**
 * Thirty creators (one José, one Müller) and four applications (one Renée, one with `%` and `_`
 * in its message), listed by the administrator `boss`.
 */
const test = base.extend('lists', async ({ app, db }) => {
  const admin = await createSignedInUser(app, { isAdmin: true, username: 'boss' });
  for (let n = 0; n < 30; n++) {
    await createUser(db, {
      username: `creator_${String(n).padStart(2, '0')}`,
      firstName: n === 7 ? 'José' : 'Ana',
      lastName: n === 8 ? 'Müller' : 'Lima',
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
    });
  }
  for (const [n, status] of (
    ['pending', 'rejected', 'pending', 'under_review'] as const
  ).entries()) {
    const now = new Date(Date.UTC(2026, 1, 1, 0, n)).toISOString();
    await createApplication(db, {
      firstName: n === 0 ? 'Renée' : 'Carla',
      lastName: 'Souza',
      email: `applicant${n}@example.com`,
      personalMessage:
        n === 3 ? 'I shoot 100% natural_light fitness content every week.' : 'Hello!',
      status,
      submittedAt: now,
      updatedAt: now,
    });
  }
  const list = async <T>(url: string) => {
    const response = await admin.get(url);
    expect(response.statusCode).toBe(200);
    return response.json<T>();
  };
  return {
    admin,
    users: (query: string) => list<UserList>(`/api/admin/users${query}`),
    applications: (query: string) => list<ApplicationList>(`/api/admin/applications-v2${query}`),
  };
});

describe('GET /api/admin/users', () => {
  test('answers 25 a page, newest first, with the total of everyone who matches', async ({
    lists: { users },
  }) => {
    const first = await users('');
    expect(first).toMatchObject({ total: 32, page: 1, pageSize: 25 });
    expect(first.items).toHaveLength(25);
    const second = await users('?page=2');
    expect(second.items).toHaveLength(7);
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((user) => user.id)).size).toBe(32);
    const created = all.map((user) => user.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    // A page past the end is empty, not an error; a nonsense page is the first.
    expect(await users('?page=9')).toMatchObject({ items: [], total: 32, page: 9 });
    expect((await users('?page=abc')).page).toBe(1);
  });

  test('searches names, username and email without regard to case or accents', async ({
    lists: { users },
  }) => {
    expect((await users('?q=JOSE')).items.map((user) => user.firstName)).toEqual(['José']);
    expect((await users('?q=muller')).items.map((user) => user.lastName)).toEqual(['Müller']);
    expect((await users('?q=creator_1')).total).toBe(10);
    expect((await users('?q=%25')).total).toBe(0);
    // A word every user holds is found by walking the list in its order (planSearch()), a rare
    // one through the index: the same pages either way.
    const everyone = await users('?q=EXAMPLE.COM');
    expect(everyone.total).toBe(32);
    expect(everyone.items).toEqual((await users('')).items);
    expect((await users('?q=example.com&page=2')).items).toEqual((await users('?page=2')).items);
  });

  test('filters by role', async ({ lists: { users } }) => {
    const admins = await users('?role=admin');
    expect(admins.items.every((user) => user.isAdmin)).toBe(true);
    expect(admins.total).toBe(2);
    expect((await users('?role=user')).total).toBe(30);
    expect(await users('?role=admin&page=2')).toMatchObject({ items: [], total: 2, page: 2 });
    expect((await users('?role=user&q=ana&page=2')).items.length).toBeGreaterThan(0);
  });

  // The totals of the lists without a search are not counted row by row: the creators' number
  // is the one the creators overview keeps (migration 0016), so it must follow every change.
  test('counts an account made, made an administrator, and deleted', async ({
    lists: { users, admin },
    db,
  }) => {
    const totals = async () => ({
      everyone: (await users('')).total,
      administrators: (await users('?role=admin')).total,
      creators: (await users('?role=user')).total,
      pastTheEnd: (await users('?page=9')).total,
      creatorsPastTheEnd: (await users('?role=user&page=9')).total,
    });
    const expected = (everyone: number, administrators: number) => ({
      everyone,
      administrators,
      creators: everyone - administrators,
      pastTheEnd: everyone,
      creatorsPastTheEnd: everyone - administrators,
    });
    expect(await totals()).toEqual(expected(32, 2));
    const promoted = await createUser(db, { username: 'promoted' });
    const leaving = await createUser(db, { username: 'leaving' });
    expect(await totals()).toEqual(expected(34, 2));
    await db.updateTable('users').set({ isAdmin: true }).where('id', '=', promoted.id).execute();
    expect(await totals()).toEqual(expected(34, 3));
    expect((await admin.delete(`/api/admin/users/${leaving.id}`)).statusCode).toBe(204);
    expect(await totals()).toEqual(expected(33, 3));
  });

  test('finds a renamed user by the new name and not the old, and a deleted user no more', async ({
    lists: { users, admin: client },
    testApp,
    db,
  }) => {
    // A rare name is taken from the users' trigram index (migration 0015) where it has one, so
    // this checks that the index follows the table whoever writes it.
    const creators = async (q: string) => {
      const response = await client.get(`/api/admin/influencers?q=${q}`);
      expect(response.statusCode).toBe(200);
      return response.json<CreatorList>().items.map((item) => item.id);
    };
    const user = await createUser(db, {
      username: 'quillon',
      firstName: 'Wendeline',
      lastName: 'Oakhurst',
    });
    expect((await users('?q=wendeline')).items.map((found) => found.id)).toEqual([user.id]);
    expect(await creators('wendeline')).toEqual([user.id]);

    const renamed = await client.put(`/api/admin/users/${user.id}`, {
      username: 'quillon',
      email: user.email,
      firstName: 'Rosamund',
      lastName: 'Oakhurst',
    });
    expect(renamed.statusCode).toBe(200);
    expect((await users('?q=rosamund')).items.map((found) => found.id)).toEqual([user.id]);
    expect(await creators('ROSAMUND')).toEqual([user.id]);
    expect(await users('?q=wendeline')).toMatchObject({ items: [], total: 0 });
    expect(await creators('wendeline')).toEqual([]);

    expect((await client.delete(`/api/admin/users/${user.id}`)).statusCode).toBe(204);
    for (const q of ['rosamund', 'oakhurst', 'quillon']) {
      expect(await users(`?q=${q}`)).toMatchObject({ items: [], total: 0 });
      expect(await creators(q)).toEqual([]);
    }
    expect((await users('')).total).toBe(32);
    if (testApp.database.dialect === 'sqlite') {
      // Nothing of the user is left in SQLite's search index, and the index agrees with the table.
      const left = await sql<{
        n: number;
      }>`select count(*) as n from users_search where users_search match '"oakhurst"'`.execute(db);
      expect(left.rows[0]?.n).toBe(0);
      await sql`insert into users_search (users_search, rank) values ('integrity-check', 1)`.execute(
        db,
      );
    } else {
      const index = await sql<{
        indexdef: string;
      }>`select indexdef from pg_indexes where indexname = 'users_search_text_trigram_index'`.execute(
        db,
      );
      expect(index.rows[0]?.indexdef).toContain('gin_trgm_ops');
    }
  });
});

describe('GET /api/admin/applications-v2', () => {
  test('searches names, email and personal message, and filters by status', async ({
    lists: { applications },
  }) => {
    expect((await applications('')).total).toBe(4);
    expect((await applications('?q=renee')).items.map((entry) => entry.firstName)).toEqual([
      'Renée',
    ]);
    expect((await applications('?q=applicant2@')).total).toBe(1);
    // % and _ are searched for literally.
    expect((await applications('?q=100%25 natural_light')).total).toBe(1);
    expect((await applications('?q=100%25 natural%light')).total).toBe(0);
    expect((await applications('?status=pending')).total).toBe(2);
    expect((await applications('?status=pending&q=renee')).total).toBe(1);
    expect((await applications('?status=approved')).items).toEqual([]);
    expect(await applications('?status=pending&page=2')).toMatchObject({ items: [], total: 2 });
    expect(await applications('?page=2')).toMatchObject({ items: [], total: 4 });
  });

  test('gives each application its own notes and document openings on every page, status and search', async ({
    db,
    lists: { admin, applications },
  }) => {
    // Twenty-six older applications: the list now has two pages.
    const older = [];
    for (let n = 0; n < 26; n++) {
      const at = new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();
      older.push(
        await createApplication(db, { firstName: 'Dora', submittedAt: at, updatedAt: at }),
      );
    }
    const oldest = older[0]!.id;
    const byEmail = async (email: string) =>
      (await applications('')).items.find((entry) => entry.email === email)!.id;
    const reviewed = await byEmail('applicant3@example.com');
    const opened = await byEmail('applicant2@example.com');
    const note = (applicationId: string, text: string, minute: number) =>
      db
        .insertInto('applicationNotes')
        .values({
          id: randomUUID(),
          applicationId,
          authorId: admin.user.id,
          note: text,
          createdAt: new Date(Date.UTC(2026, 2, 1, 0, minute)).toISOString(),
        })
        .execute();
    await note(reviewed, 'Strong portfolio.', 1);
    await note(reviewed, 'ID checked.', 2);
    await note(oldest, 'Waiting for a new ID photo.', 3);
    for (const minute of [4, 5]) {
      await db
        .insertInto('auditEntries')
        .values({
          id: randomUUID(),
          at: new Date(Date.UTC(2026, 2, 1, 0, minute)).toISOString(),
          actorId: admin.user.id,
          actorUsername: 'boss',
          kind: 'application.document_viewed',
          subjectType: 'application',
          subjectId: opened,
          params: '{}',
          address: null,
          searchText: 'boss',
        })
        .execute();
    }
    const related = (list: ApplicationList) =>
      Object.fromEntries(
        list.items
          .filter((entry) => entry.notes.length > 0 || entry.documentViews.length > 0)
          .map((entry) => [
            entry.id,
            {
              notes: entry.notes.map(({ note, authorUsername }) => `${note} (${authorUsername})`),
              views: entry.documentViews.map(({ viewedAt }) => viewedAt.slice(11, 16)),
            },
          ]),
      );
    const reviewedRelated = {
      notes: ['Strong portfolio. (boss)', 'ID checked. (boss)'],
      views: [],
    };
    const openedRelated = { notes: [], views: ['00:05', '00:04'] };
    const oldestRelated = { notes: ['Waiting for a new ID photo. (boss)'], views: [] };

    expect(related(await applications(''))).toEqual({
      [reviewed]: reviewedRelated,
      [opened]: openedRelated,
    });
    const secondPage = await applications('?page=2');
    expect(secondPage.items).toHaveLength(5);
    expect(related(secondPage)).toEqual({ [oldest]: oldestRelated });
    expect(related(await applications('?status=under_review'))).toEqual({
      [reviewed]: reviewedRelated,
    });
    expect(related(await applications('?status=pending'))).toEqual({ [opened]: openedRelated });
    expect(related(await applications('?status=pending&page=2'))).toEqual({
      [oldest]: oldestRelated,
    });
    expect(related(await applications('?q=dora&page=2'))).toEqual({ [oldest]: oldestRelated });
    expect(related(await applications('?q=souza'))).toEqual({
      [reviewed]: reviewedRelated,
      [opened]: openedRelated,
    });
  });
});
