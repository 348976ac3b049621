import { z } from 'zod';
import { identifier, singleLine } from './text.ts';
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

/**
 * A signed-in person's second factor (decision 0052): whether an authenticator guards their
 * sign-in, and whether they must set one up before anything else opens to them (an
 * administrator without one while REQUIRE_ADMIN_2FA is on).
 */
export const twoFactorStateSchema = z.object({
  enabled: z.boolean(),
  setupRequired: z.boolean(),
});
export type TwoFactorState = z.infer<typeof twoFactorStateSchema>;

/** The signed-in person as the session calls answer them: the user and their second factor. */
export const currentUserSchema = userSchema.extend({ twoFactor: twoFactorStateSchema });
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** `username` and `isAdmin` as sign-in has always answered, plus the whole user so the client can fill its cache. */
export const signedInResponseSchema = z.object({
  username: z.string(),
  isAdmin: z.boolean(),
  user: currentUserSchema,
  /** The sign-in before this one; null on the first, so the greeting is not "Welcome back". */
  previousSignInAt: z.string().nullable(),
});
export type SignedInResponse = z.infer<typeof signedInResponseSchema>;

/**
 * The password step of an account with a second factor: no session yet, only a challenge held
 * by this browser's cookie, which `POST /api/auth/login/2fa` finishes with a code.
 */
export const twoFactorRequiredResponseSchema = z.object({ twoFactorRequired: z.literal(true) });

/** POST /api/auth/login answers a session, or that the code step follows. */
export const loginResponseSchema = z.union([
  signedInResponseSchema,
  twoFactorRequiredResponseSchema,
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The challenge between the password step and the code step lasts this long, and is used once. */
export const twoFactorChallengeValidityMs = 5 * 60 * 1000;

/** How many single-use recovery codes turning the factor on gives. */
export const recoveryCodeCount = 10;

/**
 * A code of the second factor: the authenticator's six digits (spaces allowed, as apps show
 * them in groups) or a recovery code (`xxxxx-xxxxx`, in any case, with or without its dash).
 */
export const twoFactorCodeSchema = singleLine(40, {
  required: 'auth.two_factor_code_required',
  tooLong: 'auth.two_factor_code_wrong',
});

/** POST /api/auth/login/2fa: the code that finishes a sign-in begun with the password. */
export const loginTwoFactorRequestSchema = z.object({ code: twoFactorCodeSchema });
export type LoginTwoFactorRequest = z.infer<typeof loginTwoFactorRequestSchema>;

/** The password asked again before the second factor is set up or turned off. */
const confirmingPasswordSchema = singleLine(signInPasswordMaxLength, {
  required: 'auth.password_required',
  trim: false,
});

/** POST /api/auth/2fa/setup: a new authenticator secret, not in force until a code confirms it. */
export const twoFactorSetupRequestSchema = z.object({ password: confirmingPasswordSchema });
export type TwoFactorSetupRequest = z.infer<typeof twoFactorSetupRequestSchema>;

export const twoFactorSetupResponseSchema = z.object({
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** The `otpauth://totp/...` address the QR code carries. */
  otpauthUrl: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

/** POST /api/auth/2fa/enable: the first code from the app, which puts the factor in force. */
export const twoFactorEnableRequestSchema = z.object({ code: twoFactorCodeSchema });
export type TwoFactorEnableRequest = z.infer<typeof twoFactorEnableRequestSchema>;

/**
 * The recovery codes, shown this once: only their hashes are kept, so a repeated request (the
 * factor already on by this very code) answers without them (decision 0041).
 */
export const twoFactorEnableResponseSchema = z.object({
  recoveryCodes: z.array(z.string()).optional(),
});
export type TwoFactorEnableResponse = z.infer<typeof twoFactorEnableResponseSchema>;

/** POST /api/auth/2fa/disable: the password and a current code. Answers 204. */
export const twoFactorDisableRequestSchema = z.object({
  password: confirmingPasswordSchema,
  code: twoFactorCodeSchema,
});
export type TwoFactorDisableRequest = z.infer<typeof twoFactorDisableRequestSchema>;

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
export const sessionResponseSchema = z.object({ user: currentUserSchema.nullable() });
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

/**
 * A session's last use is written at most this often (decision 0056): the sessions list says
 * "about", and a use within it as "in the last few minutes".
 */
export const lastSeenStepMs = 5 * 60 * 1000;

/**
 * One of the signed-in person's sessions (GET /api/auth/sessions). `browser` and `os` are named
 * from the user agent where it can be read ("Chrome", "Android"), null where it cannot.
 * `lastSeenAt` is the last use to within five minutes.
 */
export const signedInSessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  userAgent: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  lastSeenAt: z.string(),
  createdAt: z.string(),
});
export type SignedInSession = z.infer<typeof signedInSessionSchema>;

export const signedInSessionListSchema = z.object({ items: z.array(signedInSessionSchema) });
export type SignedInSessionList = z.infer<typeof signedInSessionListSchema>;

export const sessionParamsSchema = z.object({
  id: identifier({ required: 'Session ID is required' }),
});

/** POST /api/auth/sessions/revoke-others and an administrator's ending of someone's sessions. */
export const endedSessionsSchema = z.object({ ended: z.number().int() });
