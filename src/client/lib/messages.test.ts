import type { TFunction } from '../../domain/i18n.ts';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  resetPasswordFormSchema,
} from '../../domain/auth.ts';
import { es } from '../../domain/locales/es.ts';
import { catalogues } from '../../domain/locales/index.ts';
import {
  createUserRequestSchema,
  passwordChangeFormSchema,
  profileUpdateRequestSchema,
} from '../../domain/users.ts';
import { ApiError } from './api-fetch.ts';
import { translator } from '../../domain/i18n.ts';
import { failureMessage, translateMessage } from './messages.ts';

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
    expect(translateMessage(spanish, 'user.passwords_mismatch')).toBe(
      'Las contraseñas no coinciden',
    );
    expect(translateMessage(spanish, undefined)).toBeUndefined();
  });
});

describe('failureMessage', () => {
  const t = translator('es', es);
  const refusal = (body: unknown) => new ApiError(429, '429: ...', body);

  it('shows the answer’s code in the reader’s language, with its values', () => {
    const body = {
      code: 'auth.too_many_attempts',
      message:
        'Too many failed sign-in attempts. Please wait 15 minutes and try again, or reset your password.',
      params: { count: 15 },
    };
    expect(failureMessage(t, refusal(body), 'Login failed')).toBe(
      'Demasiados intentos fallidos. Espera 15 minutos e inténtalo de nuevo, o restablece tu contraseña.',
    );
    expect(failureMessage(t, refusal({ ...body, params: { count: 1 } }), 'Login failed')).toMatch(
      /Espera 1 minuto e/,
    );
  });

  it('names a month in the reader’s language, not as digits', () => {
    const body = {
      code: 'compensation.duplicate',
      message: 'This creator already has compensation for October 2026. Edit that entry instead.',
      params: { month: 10, year: 2026, period: '2026-10' },
    };
    expect(failureMessage(t, refusal(body), 'x')).toBe(
      'Este creador ya tiene una compensación para octubre de 2026. Edita esa entrada.',
    );
    const portuguese = translator('pt', catalogues.pt);
    expect(failureMessage(portuguese, refusal(body), 'x')).toBe(
      'Este criador já tem remuneração para outubro de 2026. Edite esse registro.',
    );
  });

  it('falls back to the server’s message for a code it does not know, then to the screen’s text', () => {
    expect(failureMessage(t, refusal({ code: 'new.code', message: 'Something new' }), 'x')).toBe(
      'Something new',
    );
    expect(failureMessage(t, new Error('network down'), 'Upload failed')).toBe('Upload failed');
    expect(
      failureMessage(t, new ApiError(500, '500: Internal Server Error', undefined), 'Failed'),
    ).toBe('Failed');
  });
});
