import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { applicationSchema } from '../../domain/applications.ts';
import { sessionResponseSchema } from '../../domain/auth.ts';
import { siteSettingsSchema } from '../../domain/site.ts';
import { userListSchema, userSchema } from '../../domain/users.ts';
import { responseSerializer } from './serializer.ts';

/** What the zod serializer sent: the parsed value, stringified. */
const viaZod = (schema: z.ZodType, data: unknown) => JSON.stringify(schema.parse(data));

const userRow = {
  id: '0b9c2a1e-7d1f-4c55-9a43-5f2f0f6b8d10',
  username: 'ana.silva',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: null,
  isAdmin: false,
  preferredLanguage: 'pt',
  createdAt: '2025-03-01T10:15:00.000Z',
  updatedAt: '2025-03-02T08:00:00.000Z',
};

// A row as the repository builds it, with the columns an answer must not carry beside it: the
// note rows keep their applicationId, and an old document column sits next to the current one.
const applicationRow = {
  id: '6f1d4c2a-8e1b-4a8e-b1c3-2d9e0f7a6b54',
  firstName: 'Lucía',
  lastName: 'Gómez "Lu"',
  email: 'lucia@example.com',
  phone: '+54 11 5555 0101',
  country: 'Argentina',
  city: 'Buenos Aires',
  state: 'CABA',
  socialAccounts: [
    {
      network: 'Instagram',
      handle: '@lucia',
      followers: 125_000,
      url: 'https://instagram.com/lucia',
    },
    { network: 'TikTok', handle: 'lucia.tt', followers: 0 },
  ],
  documentType: 'passport',
  idType: 'Passport',
  documentNumber: 'AB123456',
  documentUrl: '/api/admin/applications-v2/documents/abc',
  documentImageUrl: '/api/admin/applications-v2/documents/abc',
  documentMimeType: 'image/png',
  documentFileKey: 'secret-file-key',
  documentViews: [{ viewerUsername: null, viewedAt: '2025-03-03T09:00:00.000Z' }],
  personalMessage: 'Line one\nline two with \u2028 a separator and a </script> tag, long enough.',
  heardAboutUs: null,
  language: 'es',
  status: 'under_review',
  adminNotes: 'Call back',
  notes: [
    {
      id: 'n1',
      applicationId: '6f1d4c2a-8e1b-4a8e-b1c3-2d9e0f7a6b54',
      note: 'Call back',
      authorUsername: 'admin',
      createdAt: '2025-03-03T09:05:00.000Z',
    },
  ],
  reviewedBy: 'admin',
  reviewedAt: '2025-03-03T09:05:00.000Z',
  createdUserId: null,
  submittedAt: '2025-03-01T12:00:00.000Z',
  updatedAt: '2025-03-03T09:05:00.000Z',
};

describe('the response serializer', () => {
  it('does not send a field the schema does not list', () => {
    const { serialize, isCompiled } = responseSerializer(userSchema);
    const body = serialize({ ...userRow, passwordHash: '$argon2id$v=19$secret' });

    expect(isCompiled).toBe(true);
    expect(body).not.toContain('passwordHash');
    expect(body).not.toContain('argon2id');
    expect(body).toBe(viaZod(userSchema, userRow));
  });

  it('sends nullable and optional fields as zod did', () => {
    const schema = z.object({
      nickname: z.string().nullable(),
      tagline: z.string().optional(),
      manager: userSchema.nullable(),
      count: z.number().int(),
      at: z.date(),
    });
    const { serialize, isCompiled } = responseSerializer(schema);
    const at = new Date('2025-03-01T10:15:00.000Z');

    expect(isCompiled).toBe(true);
    for (const data of [
      { nickname: null, tagline: undefined, manager: null, count: 0, at },
      { nickname: 'Lu', manager: userRow, count: 3, at },
      { nickname: 'Lu', tagline: 'Hi', manager: { ...userRow, passwordHash: 'x' }, count: 3, at },
    ]) {
      const body = serialize(data);
      expect(JSON.parse(body)).toEqual(JSON.parse(viaZod(schema, data)));
      expect(body).not.toContain('passwordHash');
    }
    expect(
      JSON.parse(serialize({ nickname: null, manager: null, count: 1, at })),
    ).not.toHaveProperty('tagline');
  });

  it('answers the session with nobody or somebody as zod did', () => {
    const { serialize } = responseSerializer(sessionResponseSchema);

    expect(serialize({ user: null })).toBe('{"user":null}');
    const signedIn = { ...userRow, twoFactor: { enabled: true, setupRequired: false } };
    expect(serialize({ user: signedIn })).toBe(viaZod(sessionResponseSchema, { user: signedIn }));
  });

  it('sends records and optional settings as zod did', () => {
    const settings = {
      agencyName: 'Agency',
      legalEntity: 'Agency LLC',
      city: 'Miami',
      contactEmail: 'hello@example.com',
      social: { instagram: 'https://instagram.com/agency' },
      signupUrl: 'https://example.com/signup',
      documentRetentionDays: 30,
    };

    const body = responseSerializer(siteSettingsSchema).serialize(settings);

    expect(JSON.parse(body)).toEqual(JSON.parse(viaZod(siteSettingsSchema, settings)));
  });

  it('serialises a page of the user list exactly as JSON.stringify of the zod-parsed page', () => {
    const rows = [
      { ...userRow, twoFactorEnabled: false },
      { ...userRow, id: 'u2', firstName: null, isAdmin: true, hash: 'x', twoFactorEnabled: true },
    ];
    const page = { items: rows, total: 2, page: 1, pageSize: 25 };
    const { serialize, isCompiled } = responseSerializer(userListSchema);

    expect(isCompiled).toBe(true);
    expect(serialize(page)).toBe(viaZod(userListSchema, page));
  });

  it('serialises an application list exactly as JSON.stringify of the zod-parsed list', () => {
    const schema = z.array(applicationSchema);
    const rows = [applicationRow, { ...applicationRow, id: 'a2', notes: [], documentViews: [] }];
    const { serialize, isCompiled } = responseSerializer(schema);

    const body = serialize(rows);

    expect(isCompiled).toBe(true);
    expect(body).toBe(viaZod(schema, rows));
    expect(body).not.toContain('secret-file-key');
    expect(body).not.toContain('applicationId');
  });

  it('keeps the zod serializer for a response that is the result of a transform', () => {
    const schema = z.object({ total: z.number().transform((cents) => (cents / 100).toFixed(2)) });
    const { serialize, isCompiled } = responseSerializer(schema);

    expect(isCompiled).toBe(false);
    expect(serialize({ total: 1250 })).toBe('{"total":"12.50"}');
  });
});
