import { z } from 'zod';
import { singleLine } from './text.ts';
import {
  emailMaxLength,
  newPasswordSchema,
  signInPasswordMaxLength,
  userSchema,
  withPasswordConfirmation,
} from './users.ts';

/**
 * A username or an email, as sign-in and the forgotten-password form take it: no longer than an
 * email, in lower case too (a few letters grow when lowered, and failed sign-ins are counted
 * under the lowered name).
 */
const signInNameSchema = (required: 'user.username_required' | 'auth.login_required') =>
  singleLine(emailMaxLength, { required }).refine(
    (name) => name.toLowerCase().length <= emailMaxLength,
    'text.too_long',
  );

/**
 * POST /api/auth/login. `username` is the username or the email, in any case. With `remember`
 * the session lasts 30 days; without it, it ends with the browser or after 12 hours idle.
 */
export const loginRequestSchema = z.object({
  username: signInNameSchema('user.username_required'),
  // Nobody can hold a longer password, and hashing an unbounded input costs the server.
  password: singleLine(signInPasswordMaxLength, {
    required: 'auth.password_required',
    tooLong: 'auth.invalid_credentials',
    trim: false,
  }),
  remember: z.boolean().default(false),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** `username` and `isAdmin` as sign-in has always answered, plus the whole user so the client can fill its cache. */
export const loginResponseSchema = z.object({
  username: z.string(),
  isAdmin: z.boolean(),
  user: userSchema,
  /** The sign-in before this one; null on the first, so the greeting is not "Welcome back". */
  previousSignInAt: z.string().nullable(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/auth/forgot-password: username or email. Always 202 with the same message. */
export const forgotPasswordRequestSchema = z.object({
  username: signInNameSchema('auth.login_required'),
});
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

/**
 * GET /api/auth/session: who is signed in, with nobody as an answer rather than an error. The
 * screens ask this, so a visitor's browser logs no failed request; GET /api/auth/user keeps its
 * 401 for callers that require a person.
 */
export const sessionResponseSchema = z.object({ user: userSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** A reset link is valid this long, and only once. */
export const passwordResetValidityMs = 60 * 60 * 1000;

/** The page the reset mail links to: `${APP_URL}/reset-password?token=...`. */
export const resetPasswordPath = '/reset-password';

/**
 * Marks the invitation of an approved applicant (`...?token=...&welcome=1`): the same page and
 * the same single-use token, but it speaks of setting up a new account, not of a reset.
 */
export const invitationLinkParam = 'welcome';

/** The token of a reset link or an invitation, as the page hands it over. */
const passwordLinkTokenSchema = singleLine(200, {
  required: 'auth.reset_link_invalid',
  tooLong: 'auth.reset_link_invalid',
  trim: false,
});

/** POST /api/auth/reset-password. Answers 204; every session of the person ends. */
export const resetPasswordRequestSchema = z.object({
  token: passwordLinkTokenSchema,
  newPassword: newPasswordSchema,
});

/**
 * GET /api/auth/reset-password?token=...: whether a reset link or an invitation can still be used,
 * asked by the page on arrival so a used or expired link is said at once, not after the form is
 * filled in. The link stays unused.
 */
export const passwordLinkQuerySchema = z.object({ token: passwordLinkTokenSchema });

/**
 * Only whether it can be used: not whose it is, nor whether it was used, expired or never
 * existed (decision 0045).
 */
export const passwordLinkStateSchema = z.object({ valid: z.boolean() });
export type PasswordLinkState = z.infer<typeof passwordLinkStateSchema>;
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** The reset page's form: the new password and its confirmation. */
export const resetPasswordFormSchema = withPasswordConfirmation(resetPasswordRequestSchema);
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
