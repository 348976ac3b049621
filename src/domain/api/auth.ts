import {
  currentUserSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  loginTwoFactorRequestSchema,
  messageResponseSchema,
  passwordLinkQuerySchema,
  passwordLinkStateSchema,
  endedSessionsSchema,
  resetPasswordRequestSchema,
  sessionParamsSchema,
  sessionResponseSchema,
  signedInResponseSchema,
  twoFactorDisableRequestSchema,
  twoFactorEnableRequestSchema,
  twoFactorEnableResponseSchema,
  twoFactorSetupRequestSchema,
  twoFactorSetupResponseSchema,
  signedInSessionListSchema,
} from '../auth.ts';
import { contentPaths } from './content-paths.ts';
import { endpoint } from './endpoint.ts';

/** Signing in and out, and choosing a new password from a link. */
export const authApi = {
  login: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    access: 'public',
    summary:
      'Signs in by username or email; sets the session cookie, or with a second factor only a challenge for /api/auth/login/2fa (429 after too many failures)',
    body: loginRequestSchema,
    responses: { 200: loginResponseSchema },
  }),
  loginTwoFactor: endpoint({
    method: 'POST',
    path: '/api/auth/login/2fa',
    access: 'public',
    summary:
      'Finishes a sign-in begun with the password by an authenticator code or a recovery code, once; answers as a sign-in does (401 for a wrong code or no live challenge, 429 after too many failures)',
    body: loginTwoFactorRequestSchema,
    responses: { 200: signedInResponseSchema },
  }),
  user: endpoint({
    method: 'GET',
    path: '/api/auth/user',
    access: 'signed-in',
    duringTwoFactorSetup: true,
    summary:
      'The signed-in person and their second factor, saying whether they must set it up first (401 for nobody)',
    responses: { 200: currentUserSchema },
  }),
  setupTwoFactor: endpoint({
    method: 'POST',
    path: '/api/auth/2fa/setup',
    access: 'signed-in',
    duringTwoFactorSetup: true,
    summary:
      'A new authenticator secret for the signed-in person, given their password; not in force until confirmed by a code (the same secret again until then; 409 when already on)',
    body: twoFactorSetupRequestSchema,
    responses: { 200: twoFactorSetupResponseSchema },
  }),
  enableTwoFactor: endpoint({
    method: 'POST',
    path: '/api/auth/2fa/enable',
    access: 'signed-in',
    duringTwoFactorSetup: true,
    summary:
      'Puts the authenticator set up in force with its current code; answers the ten recovery codes, once',
    body: twoFactorEnableRequestSchema,
    responses: { 200: twoFactorEnableResponseSchema },
  }),
  disableTwoFactor: endpoint({
    method: 'POST',
    path: '/api/auth/2fa/disable',
    access: 'signed-in',
    summary:
      'Turns the second factor off, given the password and a current code (204; 429 after too many failures)',
    body: twoFactorDisableRequestSchema,
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
  sessions: endpoint({
    method: 'GET',
    path: '/api/auth/sessions',
    access: 'signed-in',
    summary: "The caller's sessions in force, the most recently used first, theirs marked current",
    responses: { 200: signedInSessionListSchema },
  }),
  endSession: endpoint({
    method: 'DELETE',
    path: '/api/auth/sessions/:id',
    access: 'signed-in',
    summary:
      "Ends one of the caller's sessions (204, also when it has ended already); ending the current one signs out",
    params: sessionParamsSchema,
  }),
  endOtherSessions: endpoint({
    method: 'POST',
    path: '/api/auth/sessions/revoke-others',
    access: 'signed-in',
    summary: 'Ends every session of the caller but the one making the request; answers how many',
    responses: { 200: endedSessionsSchema },
  }),
};
