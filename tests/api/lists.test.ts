import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationList } from '../../src/domain/applications.ts';
import type { UserList } from '../../src/domain/users.ts';
import { createApplication, createUser, type TestUser } from '../support/factories.ts';
import { signedInClient } from '../support/sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The users and applications lists are paged, searched and filtered on the server (issue 9):
 * `{ items, total, page, pageSize }`, 25 a page, searched case- and accent-insensitively.
 */

let testApp: TestApp;
let admin: TestUser;
beforeAll(async () => {
  testApp = await createTestApp();
  admin = await createUser(testApp.app.db, { isAdmin: true, username: 'boss' });
  for (let n = 0; n < 30; n++) {
    await createUser(testApp.app.db, {
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
    await createApplication(testApp.app.db, {
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
});
afterAll(() => testApp.close());

const users = async (query: string) => {
  const response = await (await signedInClient(testApp.app, admin)).get(`/api/admin/users${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<UserList>();
};
const applications = async (query: string) => {
  const response = await (
    await signedInClient(testApp.app, admin)
  ).get(`/api/admin/applications-v2${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<ApplicationList>();
};

describe('GET /api/admin/users', () => {
  it('answers 25 a page, newest first, with the total of everyone who matches', async () => {
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
    expect((await users('?page=9')).items).toEqual([]);
    expect((await users('?page=abc')).page).toBe(1);
  });

  it('searches names, username and email without regard to case or accents', async () => {
    expect((await users('?q=JOSE')).items.map((user) => user.firstName)).toEqual(['José']);
    expect((await users('?q=muller')).items.map((user) => user.lastName)).toEqual(['Müller']);
    expect((await users('?q=creator_1')).total).toBe(10);
    expect((await users('?q=%25')).total).toBe(0);
  });

  it('filters by role', async () => {
    const admins = await users('?role=admin');
    expect(admins.items.every((user) => user.isAdmin)).toBe(true);
    expect(admins.total).toBe(2);
    expect((await users('?role=user')).total).toBe(30);
    expect((await users('?role=user&q=ana&page=2')).items.length).toBeGreaterThan(0);
  });
});

describe('GET /api/admin/applications-v2', () => {
  it('searches names, email and personal message, and filters by status', async () => {
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
  });
});
