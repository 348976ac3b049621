import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  resetPasswordFormSchema,
} from '../../domain/auth.ts';
import { es } from '../../domain/locales/es.ts';
import {
  createUserRequestSchema,
  passwordChangeFormSchema,
  profileUpdateRequestSchema,
} from '../../domain/users.ts';
import { translateMessage } from './messages.ts';

const spanish = ((key: string) => es[key] ?? key) as unknown as TFunction;

function messagesOf(schema: ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('translateMessage', () => {
  it('shows every message of the sign-in, settings and user forms in the reader’s language', () => {
    const long = 'x'.repeat(300);
    const messages = [
      ...messagesOf(loginRequestSchema, { username: '', password: '' }),
      ...messagesOf(forgotPasswordRequestSchema, { username: '' }),
      ...messagesOf(resetPasswordFormSchema, { token: '', newPassword: '1', confirmPassword: '' }),
      ...messagesOf(resetPasswordFormSchema, {
        token: 't',
        newPassword: long,
        confirmPassword: 'x',
      }),
      ...messagesOf(passwordChangeFormSchema, {
        currentPassword: '',
        newPassword: 'abcdef',
        confirmPassword: 'abcdeg',
      }),
      ...messagesOf(profileUpdateRequestSchema, { username: 'ab' }),
      ...messagesOf(createUserRequestSchema, {
        username: long,
        email: 'not-an-email',
        password: '1',
        firstName: long,
        lastName: long,
      }),
      ...messagesOf(createUserRequestSchema, {
        username: 'ana',
        email: `${long}@example.com`,
        password: long,
      }),
    ];
    expect(messages.length).toBeGreaterThan(15);
    const untranslated = messages.filter(
      (message) => translateMessage(spanish, message) === message,
    );
    expect(untranslated).toEqual([]);
  });

  it('passes a message the catalogues do not know through unchanged', () => {
    expect(translateMessage(spanish, 'Something new from the server')).toBe(
      'Something new from the server',
    );
    expect(translateMessage(spanish, 'Passwords do not match')).toBe(
      'Las contraseñas no coinciden',
    );
    expect(translateMessage(spanish, undefined)).toBeUndefined();
  });
});
