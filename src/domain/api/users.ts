import { z } from 'zod';
import {
  adminPasswordChangeRequestSchema,
  createUserRequestSchema,
  languageUpdateRequestSchema,
  passwordChangeRequestSchema,
  profileUpdateRequestSchema,
  updateUserRequestSchema,
  userListQuerySchema,
  userListSchema,
  userSchema,
} from '../users.ts';
import { endedSessionsSchema } from '../auth.ts';
import { identifier } from '../text.ts';
import { endpoint } from './endpoint.ts';

const userParams = z.object({ id: identifier({ required: 'User ID is required' }) });

/**
 * Accounts: first the signed-in person's own (they change only their username, language and
 * password), then administrators' management of everyone's.
 */
export const usersApi = {
  me: endpoint({
    method: 'GET',
    path: '/api/user/me',
    access: 'signed-in',
    summary: 'The signed-in person',
    responses: { 200: userSchema },
  }),
  updateProfile: endpoint({
    method: 'PUT',
    path: '/api/user/profile',
    access: 'signed-in',
    summary: "Changes the caller's username (409 when someone else holds it)",
    body: profileUpdateRequestSchema,
    responses: { 200: userSchema },
  }),
  updateLanguage: endpoint({
    method: 'PUT',
    path: '/api/user/language',
    access: 'signed-in',
    summary: "Sets the caller's language, the one their mail and notifications are written in",
    body: languageUpdateRequestSchema,
    responses: { 200: userSchema },
  }),
  changePassword: endpoint({
    method: 'PUT',
    path: '/api/user/password',
    access: 'signed-in',
    summary: "Changes the caller's password given the current one (204); their other sessions end",
    body: passwordChangeRequestSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/admin/users',
    access: 'admin',
    summary: 'A page of accounts, searched by names, username and email, filtered by role',
    query: userListQuerySchema,
    responses: { 200: userListSchema },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/admin/users',
    access: 'admin',
    summary: 'Creates an account (201) and welcomes its owner with a notification',
    body: createUserRequestSchema,
    responses: { 201: userSchema },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/admin/users/:id',
    access: 'admin',
    summary: 'One account',
    params: userParams,
    responses: { 200: userSchema },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/admin/users/:id',
    access: 'admin',
    summary: 'Edits every field of an account but the password (409 for the last administrator)',
    params: userParams,
    body: updateUserRequestSchema,
    responses: { 200: userSchema },
  }),
  setPassword: endpoint({
    method: 'PATCH',
    path: '/api/admin/users/:id/password',
    access: 'admin',
    summary: "Sets someone's password (204); their sessions end and a notification tells them",
    params: userParams,
    body: adminPasswordChangeRequestSchema,
  }),
  resetTwoFactor: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/2fa/reset',
    access: 'admin',
    summary:
      "Turns off someone's second factor, so they sign in with their password and may set up a new one (204); a mail tells them",
    params: userParams,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/admin/users/:id',
    access: 'admin',
    summary:
      'Deletes an account with what is only theirs (204; 409 for oneself, the last administrator or published compensation)',
    params: userParams,
  }),
  endSessions: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/sessions/revoke',
    access: 'admin',
    summary:
      "Ends every session of an account (for one's own, all but the one making the request); answers how many",
    params: userParams,
    responses: { 200: endedSessionsSchema },
  }),
};
