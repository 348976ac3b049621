import { randomUUID } from 'node:crypto';
import { createUser } from './factories.ts';
import { test as base } from './fixtures.ts';

/** The user-management tests' fixtures, with Maria: a creator the administrator manages. */
export const test = base.extend('maria', ({ db }) =>
  createUser(db, { username: 'Maria', email: 'maria@example.com', password: 'maria-password' }),
);

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
