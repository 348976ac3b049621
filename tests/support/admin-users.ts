import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { createUser, type TestUser } from './factories.ts';
import { signedInClient, type SignedInClient } from './sign-in.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export interface AdminUsers {
  readonly testApp: TestApp;
  /** The administrator `boss`, and a client signed in as them. */
  readonly admin: TestUser;
  readonly asAdmin: SignedInClient;
  /** A creator: username `Maria`, email `maria@example.com`, password `maria-password`. */
  readonly maria: TestUser;
}

/**
 * The set-up of the user-management tests: call it once at the top of the file. Its hooks start
 * the app with an administrator and a creator before the file's tests, and close it after.
 */
export function useAdminUsers(): AdminUsers {
  let given: AdminUsers | undefined;
  beforeAll(async () => {
    const testApp = await createTestApp();
    const admin = await createUser(testApp.app.deps.db, { username: 'boss', isAdmin: true });
    given = {
      testApp,
      admin,
      asAdmin: await signedInClient(testApp.app, admin),
      maria: await createUser(testApp.app.deps.db, {
        username: 'Maria',
        email: 'maria@example.com',
        password: 'maria-password',
      }),
    };
  });
  afterAll(() => given?.testApp.close());
  const ready = () => {
    if (!given) throw new Error('The app starts in beforeAll; use it inside a test.');
    return given;
  };
  return {
    get testApp() {
      return ready().testApp;
    },
    get admin() {
      return ready().admin;
    },
    get asAdmin() {
      return ready().asAdmin;
    },
    get maria() {
      return ready().maria;
    },
  };
}

/** The body of a new account as the administrator's form sends it; unique name and email. */
export const newUser = (overrides: object = {}) => ({
  username: `user_${randomUUID().slice(0, 8)}`,
  email: `${randomUUID().slice(0, 8)}@example.com`,
  password: 'secret-123',
  firstName: 'Ana',
  lastName: 'Lima',
  isAdmin: false,
  ...overrides,
});
