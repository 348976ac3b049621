import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  passwordLinkQuerySchema,
  passwordLinkStateSchema,
  resetPasswordRequestSchema,
  sessionResponseSchema,
} from '../auth.ts';
import { userSchema } from '../users.ts';
import { contentPaths } from './content-paths.ts';
import { endpoint } from './endpoint.ts';

/** Signing in and out, and choosing a new password from a link. */
export const authApi = {
  login: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    access: 'public',
    summary: 'Signs in by username or email; sets the session cookie (429 after too many failures)',
    body: loginRequestSchema,
    responses: { 200: loginResponseSchema },
  }),
  user: endpoint({
    method: 'GET',
    path: '/api/auth/user',
    access: 'signed-in',
    summary: 'The signed-in person (401 for nobody)',
    responses: { 200: userSchema },
  }),
  session: endpoint({
    method: 'GET',
    path: contentPaths.session,
    access: 'public',
    summary: 'Who is signed in, with null for nobody rather than an error',
    responses: { 200: sessionResponseSchema },
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/auth/logout',
    access: 'public',
    summary: 'Ends the session and clears its cookie (204), even for an expired session',
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/api/auth/forgot-password',
    access: 'public',
    summary:
      'Mails a reset link when the name or email belongs to someone; the same 202 answer either way',
    body: forgotPasswordRequestSchema,
    responses: { 202: messageResponseSchema },
  }),
  checkPasswordLink: endpoint({
    method: 'GET',
    path: '/api/auth/reset-password',
    access: 'public',
    summary:
      'Whether a reset link or an invitation can still be used, without using it (429 after too many checks)',
    query: passwordLinkQuerySchema,
    responses: { 200: passwordLinkStateSchema },
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/auth/reset-password',
    access: 'public',
    summary: 'Sets a new password from a reset link, once (204); every session of the person ends',
    body: resetPasswordRequestSchema,
  }),
};
