import { describe, expect, it } from 'vitest';
import { translator } from '../../../../domain/i18n.ts';
import { catalogues } from '../../../../domain/locales/index.ts';
import { ApiError } from '../../../lib/api-fetch.ts';
import { submitErrorToasts } from './submit-errors.ts';

const t = translator('en', catalogues.en);

function badRequest(body: unknown) {
  return new ApiError(400, `400: ${JSON.stringify(body)}`, body);
}

describe('the toasts of a failed application', () => {
  it("show each issue with its field's label, a nested path in brackets", () => {
    const error = badRequest({
      message: 'Invalid input',
      issues: [
        {
          path: ['personalMessage'],
          code: 'application.message_min',
          message: 'Personal message must be at least 50 characters',
        },
        {
          path: ['socialAccounts', 0, 'handle'],
          code: 'application.handle_required',
          message: 'Handle is required',
        },
        { path: ['heardAboutUs'], message: 'Invalid option' },
      ],
    });
    expect(submitErrorToasts(t, error)).toEqual([
      {
        title: 'Please fix this issue:',
        description: 'Personal Message: Personal message must be at least 50 characters',
      },
      {
        title: 'Please fix this issue:',
        description: 'Social Media Accounts (0.handle): Handle is required',
      },
      { title: 'Please fix this issue:', description: 'How did you hear about us: Invalid option' },
    ]);
  });

  it('stop at five and then say how many more there are', () => {
    const fields = ['firstName', 'lastName', 'email', 'phone', 'country', 'city', 'state'];
    const error = badRequest({
      message: 'Invalid input',
      errors: fields.map((field) => ({ path: field, message: 'Required' })),
    });
    const toasts = submitErrorToasts(t, error);
    expect(toasts.slice(0, 5).map((toast) => toast.description)).toEqual([
      'First Name: Required',
      'Last Name: Required',
      'Email: Required',
      'Phone: Required',
      'Country: Required',
    ]);
    expect(toasts.slice(5)).toEqual([
      {
        title: 'Additional issues found:',
        description: 'Please check 2 more fields and correct any remaining validation errors.',
      },
    ]);
  });

  it("fall back to the server's message, or the product's own text when there is none", () => {
    const conflict = new ApiError(409, '409: ...', {
      message: 'An application with this email is already being reviewed.',
    });
    expect(submitErrorToasts(t, conflict)).toEqual([
      {
        title: 'Error submitting application',
        description: 'An application with this email is already being reviewed.',
      },
    ]);
    expect(submitErrorToasts(t, new TypeError('Failed to fetch'))).toEqual([
      {
        title: 'Error submitting application',
        description: 'Please try again or contact support if the issue persists.',
      },
    ]);
  });

  it("speak the visitor's language, the server's messages included, by their codes", () => {
    const es = translator('es', catalogues.es);
    expect(
      submitErrorToasts(
        es,
        badRequest({
          code: 'application.city_required',
          message: 'City is required',
          issues: [
            { path: ['city'], code: 'application.city_required', message: 'City is required' },
          ],
        }),
      ),
    ).toEqual([
      { title: 'Corrige este problema:', description: 'Ciudad: La ciudad es obligatoria' },
    ]);
  });
});
