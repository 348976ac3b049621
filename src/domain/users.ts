import { z } from 'zod';
import { languages } from './languages.ts';

export const usernameLength = { min: 3, max: 50 } as const;
export const passwordLength = { min: 6, max: 128 } as const;
export const nameLength = { min: 1, max: 100 } as const;
export const emailMaxLength = 254;

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

export const userListSchema = z.array(userSchema);

// Field schemas, shared by every request that carries the field (spec section 5, "Users and accounts").

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(usernameLength.min, `Username must be at least ${usernameLength.min} characters`)
  .max(usernameLength.max, `Username must be at most ${usernameLength.max} characters`)
  // People sign in with a username or an email; a username with @ could be someone's email.
  .refine((username) => !username.includes('@'), 'Username cannot contain @');

export const emailSchema = z
  .string({ error: 'Invalid email address' })
  .trim()
  .max(emailMaxLength, `Email must be at most ${emailMaxLength} characters`)
  .pipe(z.email('Invalid email address'));

/** A new password chosen by an administrator or at sign-up. */
export const passwordSchema = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(passwordLength.min, `Password must be at least ${passwordLength.min} characters`)
  .max(passwordLength.max, `Password must be at most ${passwordLength.max} characters`);

/** A new password the person chooses for themselves (own change, reset link). */
export const newPasswordSchema = z
  .string({ error: 'New password must be at least 6 characters' })
  .min(passwordLength.min, `New password must be at least ${passwordLength.min} characters`)
  .max(passwordLength.max, `New password must be at most ${passwordLength.max} characters`);

/** Optional name: an empty field means "not provided" and is stored as null. */
const optionalName = (label: string) =>
  z
    .string()
    .trim()
    .max(nameLength.max, `${label} must be at most ${nameLength.max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/** PUT /api/admin/users/{id}: every field of a person except the password. */
export const updateUserRequestSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  firstName: optionalName('First name'),
  lastName: optionalName('Last name'),
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
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required'),
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
      confirmPassword: z
        .string({ error: 'Please confirm your password' })
        .min(1, 'Please confirm your password'),
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
      { message: 'Passwords do not match', path: ['confirmPassword'] },
    );
}

/** The settings form: current, new and confirmed password. */
export const passwordChangeFormSchema = withPasswordConfirmation(passwordChangeRequestSchema);
export type PasswordChangeForm = z.infer<typeof passwordChangeFormSchema>;
