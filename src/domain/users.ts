import { z } from 'zod';
import { listQuerySchema, pageSchema } from './lists.ts';
import { languages } from './languages.ts';
import { singleLine } from './text.ts';

export const usernameLength = { min: 3, max: 50 } as const;
export const passwordLength = { min: 6, max: 128 } as const;
export const nameLength = { min: 1, max: 100 } as const;
export const emailMaxLength = 254;
/** Sign-in takes longer passwords than anyone can choose, without hashing unbounded input. */
export const signInPasswordMaxLength = passwordLength.max * 8;

/** A person as every API response shows them: never a password hash, never a token. */
export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isAdmin: z.boolean(),
  preferredLanguage: z.enum(languages),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** How mails and notifications greet a person: by first name when the account has one. */
export function greetingName(person: { username: string; firstName: string | null }): string {
  return person.firstName?.trim() || person.username;
}

/** GET /api/admin/users: `?page=&q=&role=` (search by username, email and names; role filter). */
export const userRoleFilters = ['all', 'admin', 'user'] as const;
export const userListQuerySchema = listQuerySchema.extend({
  role: z.enum(userRoleFilters).catch('all').default('all'),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
/** A person in the administrators' list: also whether they sign in with a second factor. */
export const listedUserSchema = userSchema.extend({ twoFactorEnabled: z.boolean() });
export type ListedUser = z.infer<typeof listedUserSchema>;
export const userListSchema = pageSchema(listedUserSchema);
export type UserList = z.infer<typeof userListSchema>;

// Field schemas, shared by every request that carries the field.

/**
 * What a username may not hold, so that no one can pass for someone else in a list (decision
 * 0040): control and format characters (zero-width spaces, direction marks), other characters
 * that show nothing, unassigned and private-use code points, and any space but the plain one.
 */
const invisibleInUsername =
  /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]|(?! )\p{Zs}/u;

/**
 * A username as it is stored: in Unicode's compatibility form NFKC (a fullwidth "ｄｅｍｏ" is
 * "demo"), trimmed, without invisible characters. The server also keeps it unique under a
 * look-alike comparison (src/server/modules/users/look-alike.ts).
 */
export const usernameSchema = z
  .string({ error: 'user.username_required' })
  .overwrite((username) => username.normalize('NFKC'))
  .trim()
  .refine((username) => !invisibleInUsername.test(username), 'user.username_invisible')
  .min(usernameLength.min, 'user.username_min')
  .max(usernameLength.max, 'user.username_max')
  // People sign in with a username or an email; a username with @ could be someone's email.
  .refine((username) => !username.includes('@'), 'user.username_at');

export const emailSchema = singleLine(emailMaxLength, {
  required: 'user.email_invalid',
  tooLong: 'user.email_max',
}).pipe(z.email('user.email_invalid'));

/** A new password chosen by an administrator or at sign-up. */
export const passwordSchema = singleLine(passwordLength.max, {
  notText: 'user.password_min',
  tooLong: 'user.password_max',
  trim: false,
}).min(passwordLength.min, 'user.password_min');

/** A new password the person chooses for themselves (own change, reset link). */
export const newPasswordSchema = singleLine(passwordLength.max, {
  notText: 'user.new_password_min',
  tooLong: 'user.new_password_max',
  trim: false,
}).min(passwordLength.min, 'user.new_password_min');

/** Optional name: an empty field means "not provided" and is stored as null. */
const optionalName = (tooLong: 'user.first_name_max' | 'user.last_name_max') =>
  singleLine(nameLength.max, { tooLong })
    .nullish()
    .transform((value) => (value ? value : null));

/** PUT /api/admin/users/{id}: every field of a person except the password. */
export const updateUserRequestSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  firstName: optionalName('user.first_name_max'),
  lastName: optionalName('user.last_name_max'),
  isAdmin: z.boolean().default(false),
});
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;

/** POST /api/admin/users. Answers 201 with the new user (userSchema). */
export const createUserRequestSchema = updateUserRequestSchema.extend({
  password: passwordSchema,
});
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;

/** PATCH /api/admin/users/{id}/password. Answers 204. */
export const adminPasswordChangeRequestSchema = z.object({ newPassword: passwordSchema });
export type AdminPasswordChangeRequest = z.infer<typeof adminPasswordChangeRequestSchema>;

/** PUT /api/user/profile: people change only their own username. Answers the user. */
export const profileUpdateRequestSchema = z.object({ username: usernameSchema });
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

/** PUT /api/user/language: the signed-in person's interface and mail language. Answers the user. */
export const languageUpdateRequestSchema = z.object({ preferredLanguage: z.enum(languages) });
export type LanguageUpdateRequest = z.infer<typeof languageUpdateRequestSchema>;

/** PUT /api/user/password: the body the API takes. Answers 204; other sessions end. */
export const passwordChangeRequestSchema = z.object({
  currentPassword: singleLine(signInPasswordMaxLength, {
    required: 'user.current_password_required',
    trim: false,
  }),
  newPassword: newPasswordSchema,
});
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequestSchema>;

/**
 * A form where a person chooses a new password: the API body plus the confirmation, which must
 * match (shown on the confirmation field). The settings form and the reset page use it.
 */
export function withPasswordConfirmation<Shape extends { newPassword: typeof newPasswordSchema }>(
  body: z.ZodObject<Shape>,
) {
  return body
    .extend({
      confirmPassword: z.string({ error: 'user.confirm_password' }).min(1, 'user.confirm_password'),
    })
    .refine(
      // zod cannot see through the generic shape that both fields are there; they are.
      (form) => {
        const { newPassword, confirmPassword } = form as unknown as {
          newPassword: string;
          confirmPassword: string;
        };
        return newPassword === confirmPassword;
      },
      { message: 'user.passwords_mismatch', path: ['confirmPassword'] },
    );
}

/** The settings form: current, new and confirmed password. */
export const passwordChangeFormSchema = withPasswordConfirmation(passwordChangeRequestSchema);
export type PasswordChangeForm = z.infer<typeof passwordChangeFormSchema>;
