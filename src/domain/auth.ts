import { z } from 'zod';
import {
  newPasswordSchema,
  passwordLength,
  userSchema,
  withPasswordConfirmation,
} from './users.ts';

/**
 * POST /api/auth/login. `username` is the username or the email, in any case. With `remember`
 * the session lasts 30 days; without it, it ends with the browser or after 12 hours idle.
 */
export const loginRequestSchema = z.object({
  username: z.string({ error: 'user.username_required' }).trim().min(1, 'user.username_required'),
  password: z
    .string({ error: 'auth.password_required' })
    .min(1, 'auth.password_required')
    // Nobody can hold a longer password, and hashing an unbounded input costs the server.
    .max(passwordLength.max * 8, 'auth.invalid_credentials'),
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
  username: z
    .string({ error: 'auth.login_required' })
    .trim()
    .min(1, 'auth.login_required')
    .max(254, 'auth.login_required'),
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

/** POST /api/auth/reset-password. Answers 204; every session of the person ends. */
export const resetPasswordRequestSchema = z.object({
  token: z
    .string({ error: 'auth.reset_link_invalid' })
    .min(1, 'auth.reset_link_invalid')
    .max(200, 'auth.reset_link_invalid'),
  newPassword: newPasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** The reset page's form: the new password and its confirmation. */
export const resetPasswordFormSchema = withPasswordConfirmation(resetPasswordRequestSchema);
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
