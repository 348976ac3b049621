import { catalogues } from './locales/index.ts';
import { catalogueKey, isMessageCode } from './messages.ts';
import { describe, expect, it } from 'vitest';
import {
  applicationFieldsSchema,
  applicationFormSchema,
  applicationFormSteps,
  documentTypeForIdType,
  idTypes,
  normalizeProfileUrl,
  wizardStepCount,
} from './applications.ts';

const valid = {
  firstName: 'Ana',
  lastName: 'Silva',
  email: ' Ana.Silva@Example.com ',
  phone: '+55 11 99999-0000',
  country: 'Brazil',
  city: 'São Paulo',
  state: 'SP',
  socialAccounts: [
    { network: 'Instagram', handle: '@ana', followers: 120_000, url: 'instagram.com/ana' },
  ],
  documentType: 'passport',
  documentNumber: 'FX123456',
  personalMessage: 'I create fitness content and want help growing my audience internationally.',
  heardAboutUs: 'Social Media',
};

/** The schema speaks in message codes; the wording people read is their English text. */
const english = (code: string) => (isMessageCode(code) ? catalogues.en[catalogueKey(code)] : code);
const messages = (input: unknown) =>
  applicationFieldsSchema.safeParse(input).error?.issues.map((issue) => english(issue.message)) ??
  [];

describe('application fields', () => {
  it('accept a complete application, normalising the email and profile URL', () => {
    const parsed = applicationFieldsSchema.parse(valid);
    expect(parsed.email).toBe('ana.silva@example.com');
    expect(parsed.socialAccounts[0]?.url).toBe('https://instagram.com/ana');
    expect(parsed.language).toBe('en');
  });

  it('refuse a personal message under 50 characters with its message', () => {
    expect(messages({ ...valid, personalMessage: 'Too short.' })).toEqual([
      'Personal message must be at least 50 characters',
    ]);
  });

  it('say a blank email is required, and only a typed one that is not an address is invalid', () => {
    expect(messages({ ...valid, email: '  ' })).toEqual(['Email is required']);
    expect(messages({ ...valid, email: 'ana.silva' })).toEqual(['Invalid email address']);
  });

  it('give the messages for a social account', () => {
    expect(messages({ ...valid, socialAccounts: [] })).toEqual([
      'At least one social media account is required',
    ]);
    expect(
      messages({ ...valid, socialAccounts: [{ network: '', handle: '', followers: -1 }] }),
    ).toEqual([
      'Social media platform is required',
      'Handle is required',
      'Followers must be a positive number',
    ]);
  });
});

describe('profile URLs', () => {
  it('get https:// only when they look like an address without a scheme', () => {
    expect(normalizeProfileUrl('tiktok.com/@ana')).toBe('https://tiktok.com/@ana');
    expect(normalizeProfileUrl('https://youtube.com/ana')).toBe('https://youtube.com/ana');
    expect(normalizeProfileUrl('@ana.fit')).toBe('@ana.fit');
    expect(normalizeProfileUrl('ana')).toBe('ana');
  });
});

describe('ID types', () => {
  it("map Driver's License and Passport to their own type and every other ID to national_id", () => {
    expect(Object.fromEntries(idTypes.map((type) => [type.label, type.documentType]))).toEqual({
      "Driver's License": 'driver_license',
      Passport: 'passport',
      'State ID': 'national_id',
      'National ID': 'national_id',
      'Other Government ID': 'national_id',
    });
  });
});

describe('the wizard form', () => {
  const { documentType: _documentType, ...rest } = valid;
  const form = { ...rest, idType: 'State ID' };

  it('asks on its five steps for every field it has, each once', () => {
    expect(applicationFormSteps).toHaveLength(wizardStepCount);
    expect(applicationFormSteps.flat().sort()).toEqual(
      Object.keys(applicationFormSchema.shape).sort(),
    );
  });

  it('takes the ID type as the visitor picks it, and requires how they heard about us', () => {
    expect(applicationFormSchema.safeParse(form).success).toBe(true);
    expect(documentTypeForIdType('State ID')).toBe('national_id');
    expect(documentTypeForIdType("Driver's License")).toBe('driver_license');
    const issues = applicationFormSchema.safeParse({ ...form, idType: '', heardAboutUs: '' }).error
      ?.issues;
    expect(issues?.map((issue) => english(issue.message))).toEqual([
      'ID type is required',
      'How did you hear about us is required',
    ]);
  });
});
